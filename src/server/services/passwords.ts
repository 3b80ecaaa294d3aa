// Password hashing with scrypt (node:crypto, no native add-on): cost 2^15, r 8, p 1, a random
// salt per password; the parameters travel in the stored string so they can be raised later.
import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (pw: string, salt: Buffer, len: number, opts: crypto.ScryptOptions) => Promise<Buffer>;
const N = 2 ** 15, R = 8, P = 1, LEN = 32;
const MAXMEM = 128 * N * R * 2;
/** Hashed against when an account has no password, so both cases take the same time. */
const DUMMY_SALT = crypto.randomBytes(16).toString('base64');

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, LEN, { N, r: R, p: P, maxmem: MAXMEM });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  // With no stored hash, still spend the time: a wrong guess and an unknown account look alike.
  const [kind, n, r, p, salt, hash] = (stored ?? `scrypt$${N}$${R}$${P}$${DUMMY_SALT}$`).split('$');
  if (kind !== 'scrypt') return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), LEN, { N: Number(n), r: Number(r), p: Number(p), maxmem: MAXMEM * 2 });
  return stored !== null && expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}
