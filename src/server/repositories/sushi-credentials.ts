// SUSHI credentials (COUNTER_SUSHI API 5.1 §3): one set per institution. customer_id is the
// institution's id; requestor_id and api_key are random and made again on each rotation. The key
// is shown once, to the librarian who makes it, and kept only as its SHA-256.
import crypto from 'node:crypto';
import type { Db, Queryable } from '../db/index';
import { recordAudit } from './console';

const hash = (key: string) => crypto.createHash('sha256').update(key).digest('hex');

export interface SushiCredentials {
  customerId: string;
  requestorId: string;
  /** Only right after a rotation; null when read back later. */
  apiKey: string | null;
  rotatedAt: string;
}

export async function sushiCredentials(db: Queryable, institutionId: number): Promise<SushiCredentials | null> {
  const { rows } = await db.query<{ customer_id: string; requestor_id: string; rotated_at: Date }>(
    'SELECT customer_id, requestor_id, rotated_at FROM sushi_credentials WHERE institution_id = $1',
    [institutionId],
  );
  const r = rows[0];
  return r ? { customerId: r.customer_id, requestorId: r.requestor_id, apiKey: null, rotatedAt: r.rotated_at.toISOString() } : null;
}

/** Makes a new requestor_id and api_key (the old ones stop working at once); audited, the key
 * itself never written to the log. */
export async function rotateSushiCredentials(db: Db, institutionId: number, actorId: number | null): Promise<SushiCredentials> {
  return db.transaction(async (tx) => {
    const before = await sushiCredentials(tx, institutionId);
    const requestorId = crypto.randomBytes(12).toString('hex');
    const apiKey = crypto.randomBytes(32).toString('base64url');
    const { rows } = await tx.query<{ rotated_at: Date }>(
      `INSERT INTO sushi_credentials (institution_id, customer_id, requestor_id, api_key_hash) VALUES ($1::int, $1::int::text, $2, $3)
       ON CONFLICT (institution_id) DO UPDATE SET requestor_id = EXCLUDED.requestor_id, api_key_hash = EXCLUDED.api_key_hash, rotated_at = now()
       RETURNING rotated_at`,
      [institutionId, requestorId, hash(apiKey)],
    );
    await recordAudit(tx, {
      actorId,
      institutionId,
      action: 'sushi.rotate',
      target: String(institutionId),
      before: before && { requestorId: before.requestorId },
      after: { requestorId },
    });
    return { customerId: String(institutionId), requestorId, apiKey, rotatedAt: rows[0].rotated_at.toISOString() };
  });
}

export type SushiCheck = { ok: true; institutionId: number } | { ok: false; reason: 'requestor' | 'customer' | 'api_key' };

/** Which credential is wrong, if any: a requestor_id no institution has, a customer_id that is
 * not that requestor's, or the api_key. */
export async function checkSushiCredentials(
  db: Queryable,
  c: { customerId: string; requestorId: string; apiKey: string },
): Promise<SushiCheck> {
  const { rows } = await db.query<{ institution_id: number; customer_id: string; api_key_hash: string }>(
    'SELECT institution_id, customer_id, api_key_hash FROM sushi_credentials WHERE requestor_id = $1',
    [c.requestorId],
  );
  if (!rows.length) return { ok: false, reason: 'requestor' };
  const r = rows.find((row) => row.customer_id === c.customerId);
  if (!r) return { ok: false, reason: 'customer' };
  if (!crypto.timingSafeEqual(Buffer.from(hash(c.apiKey), 'hex'), Buffer.from(r.api_key_hash, 'hex')))
    return { ok: false, reason: 'api_key' };
  return { ok: true, institutionId: r.institution_id };
}
