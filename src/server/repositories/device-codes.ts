// Sign-in codes for another device (spec §7 gencode): made by a signed-in reader, used once.
import crypto from 'node:crypto';
import type { Db, Queryable } from '../db/index';
import { DEVICE_CODE_ALPHABET, DEVICE_CODE_LENGTH } from '../../shared/device-code';

const hashOf = (code: string) => crypto.createHash('sha256').update(code).digest('hex');

/** A new code for the reader, unless they already hold `maxLive` unused ones: null then. The
 * reader's row is locked first, so two requests at once cannot both pass the count. */
export async function createDeviceCode(db: Db, userId: number, ttlS: number, maxLive: number) {
  const code = Array.from(crypto.randomBytes(DEVICE_CODE_LENGTH), (b) => DEVICE_CODE_ALPHABET[b % DEVICE_CODE_ALPHABET.length]).join('');
  const made = await db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const { rows } = await tx.query<{ expires_at: Date }>(
      `INSERT INTO device_codes (code_hash, user_id, expires_at)
       SELECT $1, $2, now() + make_interval(secs => $3)
       WHERE (SELECT count(*) FROM device_codes WHERE user_id = $2 AND used_at IS NULL AND expires_at > now()) < $4
       RETURNING expires_at`,
      [hashOf(code), userId, ttlS, maxLive],
    );
    return rows[0] ?? null;
  });
  return made && { code, expiresAt: made.expires_at };
}

/** Spends a code: the reader it signs in, or null when it is unknown, used or expired. */
export async function useDeviceCode(db: Queryable, code: string): Promise<number | null> {
  const { rows } = await db.query<{ user_id: number }>(
    `UPDATE device_codes SET used_at = now()
     WHERE code_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
    [hashOf(code)],
  );
  return rows[0]?.user_id ?? null;
}

/** Codes past their time are kept a day (for support questions), then removed. */
export async function purgeDeviceCodes(db: Queryable) {
  await db.query("DELETE FROM device_codes WHERE expires_at < now() - interval '1 day'");
}
