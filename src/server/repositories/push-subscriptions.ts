// Web Push subscriptions, one per browser endpoint (so per user and device).
import crypto from 'node:crypto';
import type { Queryable } from '../db/index';

/** Ping keys are stored as their SHA-256 only. */
export const hashPingKey = (key: string) => crypto.createHash('sha256').update(key).digest('base64url');

/** The reader a service worker's background ping names, or null for an unknown key. */
export async function userForPingKey(db: Queryable, key: string): Promise<{ userId: number; lang: 'en' | 'hi' } | null> {
  const { rows } = await db.query<{ user_id: number; lang: 'en' | 'hi' }>(
    `SELECT user_id, lang FROM push_subscriptions WHERE ping_key_hash = $1`,
    [hashPingKey(key)],
  );
  return rows[0] ? { userId: rows[0].user_id, lang: rows[0].lang } : null;
}
