// One-time code requests (services/otp.ts): stored as an HMAC of the code, single use, with a
// number of tries that is spent before the code is compared.
import type { Queryable } from '../db/index';
import type { OtpPurpose } from '../../shared/schemas/account';

export interface OtpRequest {
  id: string;
  channel: 'email' | 'mobile';
  contact: string;
  purpose: OtpPurpose;
  user_id: number | null;
}
export interface SpentTry extends OtpRequest {
  code_hash: string;
  attempts: number;
  max_attempts: number;
}

export async function insertOtpRequest(
  db: Queryable,
  r: OtpRequest & { codeHash: string; ttlS: number; maxAttempts: number },
): Promise<void> {
  await db.query(
    `INSERT INTO otp_requests (id, channel, contact, purpose, user_id, code_hash, expires_at, max_attempts)
     VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7), $8)`,
    [r.id, r.channel, r.contact, r.purpose, r.user_id, r.codeHash, r.ttlS, r.maxAttempts],
  );
}

export async function findOtpRequest(db: Queryable, id: string): Promise<OtpRequest | null> {
  const { rows } = await db.query<OtpRequest>(`SELECT id, channel, contact, purpose, user_id FROM otp_requests WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** Spends one try of a live, unused request in one statement (concurrent tries queue on the row
 * lock, so no more than max_attempts are ever compared); `last` spends every try left, so no
 * other is compared after it. Null when none is left. */
export async function spendOtpTry(db: Queryable, id: string, purpose: OtpPurpose, last = false): Promise<SpentTry | null> {
  const { rows } = await db.query<SpentTry>(
    `UPDATE otp_requests SET attempts = CASE WHEN $3::boolean THEN max_attempts ELSE attempts + 1 END
     WHERE id = $1 AND purpose = $2 AND attempts < max_attempts AND used_at IS NULL AND expires_at > now()
     RETURNING id, channel, contact, purpose, user_id, code_hash, attempts, max_attempts`,
    [id, purpose, last],
  );
  return rows[0] ?? null;
}

/** Uses the request up; false when another request already did. */
export async function useOtpRequest(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query(`UPDATE otp_requests SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING id`, [id]);
  return rows.length > 0;
}
