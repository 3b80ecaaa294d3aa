// Web Push subscriptions, one per browser endpoint (so per user and device).
import crypto from 'node:crypto';
import type { Db, Queryable } from '../db/index';

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

/** Subscriptions one reader may keep (phones, tablets, browsers); past it the oldest go. */
export const PUSH_SUBSCRIPTIONS_PER_USER = 10;

export interface PushSubscriptionRow {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  lang: 'en' | 'hi';
}

/** Stores a browser's subscription for this reader and device, in one transaction under a lock on
 * the reader: an endpoint already stored (this reader's or another's, e.g. someone else signed in on
 * that browser) is taken over with its new keys; another subscription of the same device is
 * replaced (a device has one); past PUSH_SUBSCRIPTIONS_PER_USER the oldest of the reader's go. */
export async function saveSubscription(
  db: Db,
  s: {
    userId: number;
    deviceId: string;
    endpoint: string;
    p256dh: string;
    auth: string;
    lang: 'en' | 'hi';
    pingKeyHash: string;
    sessionId: string;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [s.userId]);
    await tx.query(`DELETE FROM push_subscriptions WHERE user_id = $1 AND device_id = $2 AND endpoint <> $3`, [
      s.userId,
      s.deviceId,
      s.endpoint,
    ]);
    await tx.query(
      `INSERT INTO push_subscriptions (user_id, device_id, endpoint, p256dh, auth, lang, ping_key_hash, session_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, device_id = EXCLUDED.device_id, p256dh = EXCLUDED.p256dh,
         auth = EXCLUDED.auth, lang = EXCLUDED.lang, ping_key_hash = EXCLUDED.ping_key_hash,
         session_id = EXCLUDED.session_id, created_at = now(), last_sent_at = NULL`,
      [s.userId, s.deviceId, s.endpoint, s.p256dh, s.auth, s.lang, s.pingKeyHash, s.sessionId],
    );
    await tx.query(
      `DELETE FROM push_subscriptions WHERE user_id = $1 AND id NOT IN (
         SELECT id FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2)`,
      [s.userId, PUSH_SUBSCRIPTIONS_PER_USER],
    );
  });
}

/** Removes the reader's subscription for this endpoint or this device, or all of theirs when
 * neither is given; never another reader's. Returns how many went. */
export async function removeSubscriptions(db: Queryable, userId: number, by: { endpoint?: string; deviceId?: string }): Promise<number> {
  const { rows } = await db.query(
    `DELETE FROM push_subscriptions WHERE user_id = $1 AND ($2::text IS NULL OR endpoint = $2) AND ($3::text IS NULL OR device_id = $3)
     RETURNING id`,
    [userId, by.endpoint ?? null, by.deviceId ?? null],
  );
  return rows.length;
}

export async function subscriptionsForUser(db: Queryable, userId: number): Promise<PushSubscriptionRow[]> {
  const { rows } = await db.query<PushSubscriptionRow>(
    `SELECT id, endpoint, p256dh, auth, lang FROM push_subscriptions WHERE user_id = $1 ORDER BY id`,
    [userId],
  );
  return rows;
}

/** The push service said the subscription no longer exists (404/410). Only that row: an endpoint
 * stored again meanwhile under another id stays. */
export async function removeGoneSubscription(db: Queryable, id: number, endpoint: string): Promise<void> {
  await db.query(`DELETE FROM push_subscriptions WHERE id = $1 AND endpoint = $2`, [id, endpoint]);
}

export async function markSubscriptionSent(db: Queryable, id: number): Promise<void> {
  await db.query(`UPDATE push_subscriptions SET last_sent_at = now() WHERE id = $1`, [id]);
}
