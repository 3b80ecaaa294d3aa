// Idempotency keys: the first request with a key reserves it (one atomic insert), its 2xx answer
// is kept on the row, and a retry with the same key gets that answer again. Kept 30 days.
import type { Queryable } from '../db/index';

export const IDEMPOTENCY_KEEP_DAYS = 30;
/** A reservation without an answer after this long is taken to have died with its process. */
const STALE = `interval '2 minutes'`;

export type Reservation =
  { kind: 'reserved' } | { kind: 'replay'; status: number; response: unknown } | { kind: 'reused' } | { kind: 'in_flight' };

/** Reserves the key for this request, or says what already holds it. */
export async function reserveKey(db: Queryable, userId: number, key: string, route: string, hash: string): Promise<Reservation> {
  // A first request that failed deletes its reservation between our insert and select: try again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await db.query(
      `INSERT INTO idempotency_keys (user_id, key, route, request_hash) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING 1`,
      [userId, key, route, hash],
    );
    if (inserted.rows.length) return { kind: 'reserved' };
    const { rows } = await db.query<{ route: string; request_hash: string; status: number | null; response: unknown }>(
      `SELECT route, request_hash, status, response FROM idempotency_keys WHERE user_id = $1 AND key = $2`,
      [userId, key],
    );
    const held = rows[0];
    if (!held) continue;
    if (held.route !== route || held.request_hash !== hash) return { kind: 'reused' };
    if (held.status !== null) return { kind: 'replay', status: held.status, response: held.response };
    // Still in flight, unless stale: then this request takes it over (one of several wins).
    const taken = await db.query(
      `UPDATE idempotency_keys SET created_at = now()
       WHERE user_id = $1 AND key = $2 AND response IS NULL AND created_at < now() - ${STALE} RETURNING 1`,
      [userId, key],
    );
    return taken.rows.length ? { kind: 'reserved' } : { kind: 'in_flight' };
  }
  return { kind: 'in_flight' };
}

/** Keeps the answer of a reserved key. `body` is the serialised JSON sent. */
export async function storeAnswer(db: Queryable, userId: number, key: string, status: number, body: string): Promise<void> {
  await db.query(`UPDATE idempotency_keys SET status = $3, response = $4::text::jsonb WHERE user_id = $1 AND key = $2`, [
    userId,
    key,
    status,
    body,
  ]);
}

/** Frees a reserved key whose request failed, so a retry can run. */
export async function releaseKey(db: Queryable, userId: number, key: string): Promise<void> {
  await db.query(`DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND response IS NULL`, [userId, key]);
}

export async function purgeIdempotencyKeys(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(days => $1)`, [IDEMPOTENCY_KEEP_DAYS]);
}
