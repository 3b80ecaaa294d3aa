// Password hashing with scrypt (node:crypto, no native add-on): cost 2^15, r 8, p 1, a random
// salt per password; the parameters travel in the stored string so they can be raised later.
// scrypt runs on libuv's small thread pool, which file reads share: hashes go through a queue of
// at most HASHES_AT_ONCE at a time, and past HASH_QUEUE waiting a try is refused at once.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { MESSAGES } from '../../shared/validation';
import { HttpError } from '../http-error';
import { BUSY, gate } from './gate';

const scrypt = promisify(crypto.scrypt) as (pw: string, salt: Buffer, len: number, opts: crypto.ScryptOptions) => Promise<Buffer>;
const N = 2 ** 15,
  R = 8,
  P = 1,
  LEN = 32;
const MAXMEM = 128 * N * R * 2;
/** The cost new hashes get: N unless a test lowered it (lowerHashCostForTests). */
let cost = N;

/** The API tests' setup only (tests/support/api-setup.ts): a hash costs about a second on a busy
 * 2-core machine, and a sign-in test is about the rules around the hash, not its cost. Nothing in
 * src calls this; passwords.test.ts holds that a hash made here uses the full cost. */
export function lowerHashCostForTests(n: number): void {
  cost = n;
}
/** Hashed against when an account has no password, so both cases take the same time. */
const DUMMY_SALT = crypto.randomBytes(16).toString('base64');

export const HASHES_AT_ONCE = 2;
export const HASH_QUEUE = 50;
export const hashBusy = () => new HttpError(503, 'busy', 'Many people are signing in right now. Please try again in a moment.');

const hashing = gate(HASHES_AT_ONCE, HASH_QUEUE);

async function hash(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  const digest = await hashing(() => scrypt(password, salt, LEN, { N: n, r, p, maxmem: MAXMEM * 2 }));
  if (digest === BUSY) throw hashBusy();
  return digest;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const digest = await hash(password, salt, cost, R, P);
  return `scrypt$${cost}$${R}$${P}$${salt.toString('base64')}$${digest.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  // With no stored hash, still spend the time: a wrong guess and an unknown account look alike.
  const [kind, n, r, p, salt, expectedB64] = (stored ?? `scrypt$${cost}$${R}$${P}$${DUMMY_SALT}$`).split('$');
  if (kind !== 'scrypt') return false;
  const expected = Buffer.from(expectedB64, 'base64');
  const actual = await hash(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return stored !== null && expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}

// The most common passwords (see the file's header for its source), compared without case.
const COMMON = new Set(
  fs
    .readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.toLowerCase()),
);
export const isCommonPassword = (password: string) => COMMON.has(password.toLowerCase());

/** Refuses a password from the common list with the message the forms show. */
export function assertNotCommon(password: string): void {
  if (isCommonPassword(password)) throw new HttpError(400, 'bad_request', MESSAGES.passwordCommon);
}

/** Hashes a password the user chose (sign-up, change, reset), refusing a common one. */
export async function hashNewPassword(password: string): Promise<string> {
  assertNotCommon(password);
  return hashPassword(password);
}
