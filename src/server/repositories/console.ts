// The librarian console's data: roles, the audit log of every change, the overview.
import type { Db, Queryable } from '../db/index';
import type { AuditAction } from '../../shared/audit-actions';
import { OVERVIEW_DAYS, type ConsoleInstitution, type ConsoleOverview, type ConsoleRoleName } from '../../shared/schemas/console';

export type ConsoleRole = { role: 'librarian'; institutionId: number } | { role: 'admin'; institutionId: null };

export async function consoleRoleOf(db: Queryable, userId: number): Promise<ConsoleRole | null> {
  const { rows } = await db.query<{ role: ConsoleRoleName; institution_id: number | null }>(
    'SELECT role, institution_id FROM console_roles WHERE user_id = $1',
    [userId],
  );
  const r = rows[0];
  if (!r) return null;
  return r.role === 'admin' ? { role: 'admin', institutionId: null } : { role: 'librarian', institutionId: r.institution_id! };
}

/** The institution with this id, or every institution (by name) when the id is null: what a
 * librarian (their institution's id) or an admin (null) may run. */
export async function consoleInstitutions(db: Queryable, institutionId: number | null): Promise<ConsoleInstitution[]> {
  const { rows } = await db.query<ConsoleInstitution>(
    `SELECT id, name, con_code AS "conCode" FROM institutions WHERE $1::int IS NULL OR id = $1::int ORDER BY name, id`,
    [institutionId],
  );
  return rows;
}

export interface AuditEntry {
  /** The user who made the change; null for a command on the server. */
  actorId: number | null;
  institutionId: number | null;
  action: AuditAction;
  target?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Records a console change; call it in the change's own transaction. */
export async function recordAudit(tx: Queryable, e: AuditEntry): Promise<void> {
  await tx.query(
    `INSERT INTO console_audit (actor_id, actor, institution_id, action, target, before, after)
     VALUES ($1::int, COALESCE((SELECT email FROM users WHERE id = $1::int), 'operator'), $2, $3, $4, $5::jsonb, $6::jsonb)`,
    [
      e.actorId,
      e.institutionId,
      e.action,
      e.target ?? null,
      e.before === undefined ? null : JSON.stringify(e.before),
      e.after === undefined ? null : JSON.stringify(e.after),
    ],
  );
}

async function accountByEmail(tx: Queryable, email: string): Promise<{ id: number } | undefined> {
  return (await tx.query<{ id: number }>('SELECT id FROM users WHERE lower(email) = lower($1)', [email])).rows[0];
}

/** Why a role change could not be made: the code a console route answers with, and the reason. */
export type RoleRefusal = 'no_account' | 'no_org_code' | 'no_institution' | 'has_role' | 'no_role';

/** What a role change did, or why it could not be made. */
export type RoleChange =
  { ok: true; before: ConsoleRole | null; after: ConsoleRole | null } | { ok: false; code: RoleRefusal; reason: string };

const sameRole = (a: ConsoleRole | null, b: ConsoleRole | null) => a?.role === b?.role && a?.institutionId === b?.institutionId;

/** Grants a role to the account with this e-mail (a librarian of the institution with this org
 * code), replacing any role it had unless `keepOther` (the console: an admin or another
 * institution's librarian is refused, not moved); audited when it changes something. */
export async function grantConsoleRole(
  db: Db,
  grant: { email: string; role: ConsoleRoleName; orgCode: string | null; actorId: number | null; keepOther?: boolean },
): Promise<RoleChange> {
  return db.transaction(async (tx) => {
    const user = await accountByEmail(tx, grant.email);
    if (!user) return { ok: false, code: 'no_account', reason: `No account with the e-mail ${grant.email}.` };
    let institutionId: number | null = null;
    if (grant.role === 'librarian') {
      if (!grant.orgCode) return { ok: false, code: 'no_org_code', reason: 'A librarian needs the org code of their institution.' };
      const inst = (await tx.query<{ id: number }>('SELECT id FROM institutions WHERE upper(con_code) = upper($1)', [grant.orgCode]))
        .rows[0];
      if (!inst) return { ok: false, code: 'no_institution', reason: `No institution with the org code ${grant.orgCode}.` };
      institutionId = inst.id;
    }
    const before = await consoleRoleOf(tx, user.id);
    const wanted = { role: grant.role, institutionId } as ConsoleRole;
    if (sameRole(before, wanted)) return { ok: true, before, after: before };
    if (before && grant.keepOther)
      return {
        ok: false,
        code: 'has_role',
        reason:
          before.role === 'admin'
            ? `${grant.email} is a Lectern admin already.`
            : `${grant.email} is the librarian of another institution. Remove that role first.`,
      };
    await tx.query(
      `INSERT INTO console_roles (user_id, role, institution_id) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET role = EXCLUDED.role, institution_id = EXCLUDED.institution_id, granted_at = now()`,
      [user.id, grant.role, institutionId],
    );
    const after = await consoleRoleOf(tx, user.id);
    await recordAudit(tx, { actorId: grant.actorId, institutionId, action: 'role.grant', target: grant.email, before, after });
    return { ok: true, before, after };
  });
}

/** Takes the console role from the account with this e-mail (only a librarian of `institutionId`
 * when one is given, as the console asks); audited. */
export async function removeConsoleRole(db: Db, email: string, actorId: number | null, institutionId?: number): Promise<RoleChange> {
  return db.transaction(async (tx) => {
    const user = await accountByEmail(tx, email);
    const before = user ? await consoleRoleOf(tx, user.id) : null;
    if (!user || !before || (institutionId !== undefined && before.institutionId !== institutionId))
      return {
        ok: false,
        code: 'no_role',
        reason: institutionId === undefined ? `${email} has no console role.` : `${email} is not a librarian of this institution.`,
      };
    await tx.query('DELETE FROM console_roles WHERE user_id = $1', [user.id]);
    await recordAudit(tx, { actorId, institutionId: before.institutionId, action: 'role.remove', target: email, before, after: null });
    return { ok: true, before, after: null };
  });
}

/** Everyone with a console role, for the operator command. */
export async function consoleRoles(db: Queryable): Promise<{ email: string | null; role: ConsoleRoleName; institution: string | null }[]> {
  const { rows } = await db.query<{ email: string | null; role: ConsoleRoleName; institution: string | null }>(
    `SELECT u.email, r.role, i.name AS institution
     FROM console_roles r JOIN users u ON u.id = r.user_id LEFT JOIN institutions i ON i.id = r.institution_id
     ORDER BY r.role, i.name, u.email`,
  );
  return rows;
}

/** The overview of one institution: members, this month's readers and reads, top titles, and
 * issues opened per day over the last OVERVIEW_DAYS days (UTC). */
export async function consoleOverview(db: Queryable, institution: ConsoleInstitution, now = new Date()): Promise<ConsoleOverview> {
  const id = institution.id;
  const month = `date_trunc('month', $2::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;
  const [counts, top, days] = await Promise.all([
    db.query<{ members: number; active: number; reads: number }>(
      `SELECT (SELECT count(*)::int FROM users WHERE institution_id = $1) AS members,
              count(DISTINCT user_id)::int AS active,
              (count(*) FILTER (WHERE kind = 'issue_open'))::int AS reads
       FROM usage_events
       WHERE institution_id = $1 AND kind IN ('issue_open', 'page_view') AND at >= ${month} AND at <= $2`,
      [id, now],
    ),
    db.query<{ mid: number; name: string; reads: number }>(
      `SELECT t.mid, t.name, count(*)::int AS reads
       FROM usage_events e JOIN titles t ON t.mid = e.mid
       WHERE e.institution_id = $1 AND e.kind = 'issue_open' AND e.at >= ${month} AND e.at <= $2
       GROUP BY t.mid, t.name ORDER BY reads DESC, t.name LIMIT 5`,
      [id, now],
    ),
    db.query<{ day: string; reads: number }>(
      `WITH days AS (
         SELECT generate_series(($2::timestamptz AT TIME ZONE 'UTC')::date - ($3::int - 1), ($2::timestamptz AT TIME ZONE 'UTC')::date, interval '1 day')::date AS day
       )
       SELECT to_char(d.day, 'YYYY-MM-DD') AS day, count(e.id)::int AS reads
       FROM days d LEFT JOIN usage_events e
         ON e.institution_id = $1 AND e.kind = 'issue_open' AND e.at <= $2
        AND e.at >= d.day::timestamp AT TIME ZONE 'UTC' AND e.at < (d.day + 1)::timestamp AT TIME ZONE 'UTC'
       GROUP BY d.day ORDER BY d.day`,
      [id, now, OVERVIEW_DAYS],
    ),
  ]);
  const c = counts.rows[0];
  return { institution, members: c.members, activeReaders: c.active, reads: c.reads, topTitles: top.rows, readsPerDay: days.rows };
}
