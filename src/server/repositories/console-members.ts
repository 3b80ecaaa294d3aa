// The console's members: an institution's members (users.institution_id, access until
// membership.accessEnds) and readers whose ID request waits for it; searched, filtered, paged and
// exported; a member's page; removing a member and extending their access, each audited.
import crypto from 'node:crypto';
import type { Db, Queryable } from '../db/index';
import {
  ENDING_DAYS,
  MEMBERS_COUNT_CAP,
  MEMBERS_PAGE_SIZE,
  type MemberDetail,
  type MemberFilter,
  type MemberRow,
  type MembersList,
} from '../../shared/schemas/console-members';
import { HttpError } from '../http-error';
import { accessEnds } from './membership';
import { recordAudit } from './console';
import { memberPrivacy } from './member-privacy';
import { deviceName } from '../services/device-name';

export { deviceName };

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const noMember = () => new HttpError(404, 'not_found', 'There is no such member.');

/** A search term's own % _ \ taken literally in a LIKE pattern. */
const literal = (q: string) => q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
/** Terms shorter than this have no trigram to look up: they match the start of the name. */
const SHORT_TERM = 3;

const PENDING = `EXISTS (SELECT 1 FROM id_uploads f WHERE f.institution_id = i.id AND f.user_id = u.id AND f.status = 'pending')`;
const ENDS = accessEnds('u', 'i');
const ENDING = `make_interval(days => ${ENDING_DAYS})`;
/** The list's order, as users_institution_name_idx keeps it. */
const NAME = `lower(u.first_name || ' ' || u.last_name) COLLATE "C"`;

export interface MemberSearch {
  q: string;
  filter: MemberFilter;
}

/** The users a search lists, as `with` (a leading WITH, or '') and `from` (FROM … WHERE …, `u` the
 * user and `i` institution $1): members of the institution, or for `pending` the readers whose ID
 * request waits for it; narrowed by the term ($2): a name prefix when short, else any part of the
 * name, e-mail or mobile. */
function source(s: MemberSearch): { with: string; from: string; args: unknown[] } {
  const who =
    s.filter === 'pending'
      ? `u.id IN (SELECT f.user_id FROM id_uploads f WHERE f.institution_id = $1 AND f.status = 'pending')`
      : 'u.institution_id = i.id';
  const access = {
    all: 'true',
    pending: 'true',
    active: `${ENDS} > now()`,
    ending: `${ENDS} > now() AND ${ENDS} <= now() + ${ENDING}`,
    expired: `${ENDS} <= now()`,
  }[s.filter];
  const where = `JOIN institutions i ON i.id = $1 WHERE ${who} AND ${access}`;
  const q = s.q.trim();
  if (!q) return { with: '', from: `FROM users u ${where}`, args: [] };
  if (q.length < SHORT_TERM) return { with: '', from: `FROM users u ${where} AND ${NAME} LIKE $2`, args: [`${literal(q)}%`] };
  // The trigram index finds the matches first; materialized, so that the planner cannot walk
  // every member in name order testing each one instead (seconds at 100,000 members).
  return {
    with: `WITH found AS MATERIALIZED (
      SELECT id, first_name, last_name, email, mobile, institution_id, access_ends_at FROM users
      WHERE member_search_key(first_name, last_name, email, mobile) LIKE $2)`,
    from: `FROM found u ${where}`,
    args: [`%${literal(q)}%`],
  };
}

const ROW = `u.id, trim(u.first_name || ' ' || u.last_name) AS name, u.email, u.mobile,
  CASE WHEN ${PENDING} THEN 'pending' WHEN u.institution_id IS DISTINCT FROM i.id THEN 'pending'
       WHEN ${ENDS} <= now() THEN 'expired' WHEN ${ENDS} <= now() + ${ENDING} THEN 'ending' ELSE 'active' END AS status,
  CASE WHEN u.institution_id = i.id THEN ${ENDS} END AS ends_at,
  CASE WHEN i.show_member_reading THEN
    (SELECT max(e.at) FROM usage_events e WHERE e.user_id = u.id AND e.kind = 'issue_open') END AS last_read_at`;
const ORDER = `ORDER BY ${NAME}, u.id`;

type Row = Omit<MemberRow, 'accessEndsAt' | 'lastReadAt'> & { ends_at: Date | null; last_read_at: Date | null };
const toMember = ({ ends_at, last_read_at, ...r }: Row): MemberRow => ({ ...r, accessEndsAt: iso(ends_at), lastReadAt: iso(last_read_at) });

/** One page of the list, with the matches counted up to MEMBERS_COUNT_CAP. */
export async function listMembers(db: Queryable, institutionId: number, s: MemberSearch & { page: number }): Promise<MembersList> {
  const src = source(s);
  const args = [institutionId, ...src.args];
  const n = args.length;
  const [page, count] = await Promise.all([
    db.query<Row>(`${src.with} SELECT ${ROW} ${src.from} ${ORDER} LIMIT $${n + 1} OFFSET $${n + 2}`, [
      ...args,
      MEMBERS_PAGE_SIZE,
      s.page * MEMBERS_PAGE_SIZE,
    ]),
    db.query<{ n: number }>(`${src.with} SELECT count(*)::int AS n FROM (SELECT 1 ${src.from} LIMIT $${n + 1}) x`, [
      ...args,
      MEMBERS_COUNT_CAP,
    ]),
  ]);
  const total = count.rows[0].n;
  const { showReading } = await memberPrivacy(db, institutionId);
  return { members: page.rows.map(toMember), total, page: s.page, nbPages: Math.ceil(total / MEMBERS_PAGE_SIZE), showReading };
}

/** Every member the search and filter match, for the CSV export. */
export async function allMembers(db: Queryable, institutionId: number, s: MemberSearch): Promise<MemberRow[]> {
  const src = source(s);
  const { rows } = await db.query<Row>(`${src.with} SELECT ${ROW} ${src.from} ${ORDER}`, [institutionId, ...src.args]);
  return rows.map(toMember);
}

/** A device as the librarian sees it: a short name made from the app's device id, never the id
 * itself (what a device sends is the member's business; the name only tells devices apart). */
export const deviceLabel = (deviceId: string) => crypto.createHash('sha256').update(deviceId).digest('hex').slice(0, 8);

/** A member's page; 404 unless they are the institution's member or ask to join it. What the
 * institution keeps private (member-privacy.ts) is not even read: no reading, no devices. */
export async function memberDetail(db: Queryable, institutionId: number, memberId: number): Promise<MemberDetail> {
  const found = await db.query<
    Row & { created_at: Date; sub_end: Date; email_verified: boolean; mobile_verified: boolean; password: boolean }
  >(
    `SELECT ${ROW}, u.created_at, i.sub_end, u.email_verified, u.mobile_verified, u.password_hash IS NOT NULL AS password
     FROM users u JOIN institutions i ON i.id = $1 WHERE u.id = $2 AND (u.institution_id = i.id OR ${PENDING})`,
    [institutionId, memberId],
  );
  const m = found.rows[0];
  if (!m) throw noMember();
  const privacy = await memberPrivacy(db, institutionId);
  const none = Promise.resolve({ rows: [] as never[] });
  const [code, sessions, devices, lastRead] = await Promise.all([
    db.query<{ code: string }>(
      `SELECT c.code FROM access_code_uses x JOIN access_codes c ON c.id = x.code_id
       WHERE x.user_id = $1 AND c.institution_id = $2 ORDER BY x.used_at DESC LIMIT 1`,
      [memberId, institutionId],
    ),
    privacy.showDevices
      ? db.query<{ user_agent: string | null; created_at: Date; last_seen_at: Date }>(
          `SELECT user_agent, created_at, last_seen_at FROM user_sessions
           WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now() ORDER BY last_seen_at DESC, created_at DESC LIMIT 20`,
          [memberId],
        )
      : none,
    privacy.showDevices
      ? db.query<{ device_id: string; downloads: number; last_at: Date }>(
          `SELECT device_id, count(*)::int AS downloads, max(created_at) AS last_at FROM downloads
           WHERE user_id = $1 GROUP BY device_id ORDER BY last_at DESC`,
          [memberId],
        )
      : none,
    privacy.showReading
      ? db.query<{ at: Date; title: string; issue_id: number }>(
          `SELECT e.at, t.name AS title, e.issue_id FROM usage_events e JOIN titles t ON t.mid = e.mid
           WHERE e.user_id = $1 AND e.kind = 'issue_open' AND e.issue_id IS NOT NULL ORDER BY e.at DESC LIMIT 1`,
          [memberId],
        )
      : none,
  ]);
  const { created_at, sub_end, email_verified, mobile_verified, password, ...row } = m;
  const last = lastRead.rows[0];
  return {
    ...toMember(row),
    joinedAt: created_at.toISOString(),
    subscriptionEndsAt: sub_end.toISOString(),
    signInWays: {
      email: Boolean(row.email && email_verified),
      mobile: Boolean(row.mobile && mobile_verified),
      password,
      accessCode: code.rows[0]?.code ?? null,
    },
    sessions: sessions.rows.map((s) => ({
      device: deviceName(s.user_agent),
      signedInAt: s.created_at.toISOString(),
      lastSeenAt: s.last_seen_at.toISOString(),
    })),
    devices: devices.rows.map((d) => ({ label: deviceLabel(d.device_id), downloads: d.downloads, lastAt: d.last_at.toISOString() })),
    lastRead: last ? { at: last.at.toISOString(), title: last.title, issueId: last.issue_id } : null,
    shown: { reading: privacy.showReading, devices: privacy.showDevices },
  };
}

const who = (r: { email: string | null; mobile: string | null; id: number }) => r.email ?? r.mobile ?? `user ${r.id}`;

/** Takes a member out of the institution (their e-mail domain or the institution's sign-in does
 * not bring them back; see membership.joinInstitution); audited. 404 for someone not a member. */
export async function removeMember(db: Db, institutionId: number, memberId: number, actorId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number; email: string | null; mobile: string | null; ends_at: Date }>(
      `WITH before AS (
         SELECT u.id, u.email, u.mobile, ${ENDS} AS ends_at FROM users u JOIN institutions i ON i.id = u.institution_id
         WHERE u.id = $1 AND u.institution_id = $2 FOR UPDATE OF u
       )
       UPDATE users u SET institution_id = NULL, access_ends_at = NULL, access_code_id = NULL FROM before WHERE u.id = before.id
       RETURNING before.*`,
      [memberId, institutionId],
    );
    const r = rows[0];
    if (!r) throw noMember();
    await tx.query('INSERT INTO member_removals (institution_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      institutionId,
      memberId,
    ]);
    await recordAudit(tx, {
      actorId,
      institutionId,
      action: 'member.remove',
      target: who(r),
      before: { member: true, accessEndsAt: iso(r.ends_at) },
      after: { member: false },
    });
  });
}

/** Sets a member's access to end at the end of `until` (UTC): later than it ends now, not past the
 * subscription's end; audited. Returns the new end. 404 for someone not a member, 400 for a date
 * that would not extend their access. */
export async function extendAccess(db: Db, institutionId: number, memberId: number, until: string, actorId: number): Promise<Date> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number; email: string | null; mobile: string | null; ends_at: Date; sub_end: Date }>(
      `SELECT u.id, u.email, u.mobile, ${ENDS} AS ends_at, i.sub_end FROM users u JOIN institutions i ON i.id = u.institution_id
       WHERE u.id = $1 AND u.institution_id = $2 FOR UPDATE OF u`,
      [memberId, institutionId],
    );
    const m = rows[0];
    if (!m) throw noMember();
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const endOfDay = new Date(Date.parse(`${until}T00:00:00Z`) + 86_400_000);
    if (until > day(m.sub_end))
      throw new HttpError(400, 'bad_request', `Access cannot run past the subscription's end, ${day(m.sub_end)}.`);
    if (endOfDay <= new Date()) throw new HttpError(400, 'bad_request', 'Choose a date from today on.');
    const next = endOfDay > m.sub_end ? m.sub_end : endOfDay;
    if (next <= m.ends_at) throw new HttpError(400, 'bad_request', `Access already runs until ${day(m.ends_at)}: choose a later date.`);
    await tx.query('UPDATE users SET access_ends_at = $2 WHERE id = $1', [memberId, next]);
    await recordAudit(tx, {
      actorId,
      institutionId,
      action: 'member.extend',
      target: who(m),
      before: { accessEndsAt: iso(m.ends_at) },
      after: { accessEndsAt: iso(next) },
    });
    return next;
  });
}
