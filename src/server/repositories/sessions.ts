// Sign-in sessions: one row per signed-in device; a token names its session. A session lives
// while it is used — SESSION_IDLE_DAYS since its last use (sliding) — and at most
// SESSION_MAX_DAYS after sign-in (the token's own expiry says the same); logout, a password
// change and account deletion end it at once.
import type { Queryable } from '../db/index';
import { prepared } from '../db/prepared';
import { ageLimitOf } from './entitlement';

export const SESSION_IDLE_DAYS = 60;
export const SESSION_MAX_DAYS = 180;

export interface SessionUser {
  id: number;
  user_type: 'user' | 'guest';
  /** The age limit the user's institution sets (null: none); undefined without an institution. */
  ageLimit: number | null | undefined;
}

/** The rule of a live session; idleDays names the parameter holding SESSION_IDLE_DAYS. */
const live = (idleDays: string) =>
  `s.revoked_at IS NULL AND s.expires_at > now() AND s.last_seen_at > now() - make_interval(days => ${idleDays})`;

/** Opens a session from a network (services/rough-network.ts); signing in also cancels a pending
 * account deletion. Returns the user's uuid. */
export async function openSession(
  db: Queryable,
  sessionId: string,
  userId: number,
  userAgent: string,
  network: string | null = null,
): Promise<string> {
  const { rows } = await db.query<{ uuid: string }>(
    `WITH s AS (INSERT INTO user_sessions (id, user_id, user_agent, expires_at, network) VALUES ($1, $2, $3, now() + make_interval(days => $4), $5))
     UPDATE users SET last_login_at = now(), delete_after = NULL WHERE id = $2 RETURNING uuid`,
    [sessionId, userId, userAgent, SESSION_MAX_DAYS, network],
  );
  return rows[0].uuid;
}

/** The user of a live session, with the age limit of their institution (every signed-in GET of
 * /content needs both: one round trip instead of two); touches its last use, and the network it
 * is used from (the reader's session list says where each was used), at most once a day to save
 * writes. */
export async function liveSessionUser(
  db: Queryable,
  sessionId: string,
  uuid: string,
  network: string | null = null,
): Promise<SessionUser | null> {
  const { rows } = await db.query<{ id: number; user_type: SessionUser['user_type']; inst_id: number | null; age_rating: number | null }>(
    prepared(`WITH s AS (
       SELECT s.id, s.last_seen_at, u.id AS user_id, u.user_type, u.institution_id FROM user_sessions s JOIN users u ON u.id = s.user_id
       WHERE s.id = $1 AND u.uuid = $2 AND ${live('$3')}
     ), touched AS (
       UPDATE user_sessions SET last_seen_at = now(), network = coalesce($4::text, network)
       WHERE id = (SELECT id FROM s WHERE last_seen_at < now() - interval '1 day')
     )
     SELECT s.user_id AS id, s.user_type, i.id AS inst_id, i.age_rating FROM s LEFT JOIN institutions i ON i.id = s.institution_id`),
    [sessionId, uuid, SESSION_IDLE_DAYS, network],
  );
  const row = rows[0];
  if (!row) return null;
  return { id: row.id, user_type: row.user_type, ageLimit: row.inst_id === null ? undefined : ageLimitOf(row.age_rating!) };
}

export interface SessionRow {
  id: string;
  user_agent: string | null;
  network: string | null;
  created_at: Date;
  last_seen_at: Date;
}

/** A user's live sessions, the last used first (My Account lists them). */
export async function liveSessions(db: Queryable, userId: number): Promise<SessionRow[]> {
  const { rows } = await db.query<SessionRow>(
    `SELECT s.id::text, s.user_agent, s.network, s.created_at, s.last_seen_at FROM user_sessions s
     WHERE s.user_id = $1 AND ${live('$2')} ORDER BY s.last_seen_at DESC, s.created_at DESC LIMIT 100`,
    [userId, SESSION_IDLE_DAYS],
  );
  return rows;
}

/** The reader (user id) of a live session whose user has this uuid, or null: reader tokens name
 * the reader by uuid and stop with their session. Both ids are uuids (the caller checks). */
export async function sessionReader(db: Queryable, sessionId: string, uuid: string): Promise<number | null> {
  const { rows } = await db.query<{ user_id: number }>(
    prepared(`SELECT s.user_id FROM user_sessions s JOIN users u ON u.id = s.user_id
     WHERE s.id = $1::uuid AND u.uuid = $2::uuid AND ${live('$3')}`),
    [sessionId, uuid, SESSION_IDLE_DAYS],
  );
  return rows[0]?.user_id ?? null;
}

/** Ends one session (logout) or all of a user's sessions but one (password change, deletion).
 * Returns the ids ended. */
export async function revokeSessions(db: Queryable, userId: number, opts: { only?: string; except?: string }): Promise<string[]> {
  const { rows } = opts.only
    ? await db.query<{ id: string }>(
        `UPDATE user_sessions SET revoked_at = now() WHERE id::text = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING id::text`,
        [opts.only, userId],
      )
    : await db.query<{ id: string }>(
        `UPDATE user_sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND id::text <> $2 RETURNING id::text`,
        [userId, opts.except ?? ''],
      );
  const ids = rows.map((r) => r.id);
  for (const id of ids) forgetSession(id);
  // Push subscriptions end with the session that turned them on (migration 008).
  if (ids.length) await db.query(`DELETE FROM push_subscriptions WHERE session_id = ANY($1::uuid[])`, [ids]);
  return ids;
}

// Page images are fetched often, each with a reader token to check: the answer of sessionReader
// is kept a few seconds per process. A session ended in this process is forgotten at once; one
// ended by another server process may still open pages for up to LIVE_CACHE_MS.
export const LIVE_CACHE_MS = 5000;
const liveCache = new Map<string, { at: number; uuid: string; userId: number }>();
function forgetSession(id: string) {
  liveCache.delete(id);
}

export async function sessionReaderCached(db: Queryable, sessionId: string, uuid: string): Promise<number | null> {
  const hit = liveCache.get(sessionId);
  if (hit && hit.uuid === uuid && Date.now() - hit.at < LIVE_CACHE_MS) return hit.userId;
  const userId = await sessionReader(db, sessionId, uuid);
  if (liveCache.size >= 10_000) liveCache.clear();
  if (userId !== null) liveCache.set(sessionId, { at: Date.now(), uuid, userId });
  else liveCache.delete(sessionId);
  return userId;
}

/** Forgets sessions that ended (revoked, lapsed or past their cap) more than a month ago. */
export async function pruneSessions(db: Queryable): Promise<void> {
  await db.query(
    `DELETE FROM user_sessions s WHERE s.revoked_at < now() - interval '30 days' OR s.expires_at < now() - interval '30 days'
       OR s.last_seen_at < now() - make_interval(days => $1 + 30)`,
    [SESSION_IDLE_DAYS],
  );
}
