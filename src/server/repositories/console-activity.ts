// The console's activity log: the audit entries recordAudit writes, newest first, paged.
import type { Queryable } from '../db/index';
import { ACTIVITY_PAGE_SIZE, type ActivityPage, type AuditRow } from '../../shared/schemas/console-admin';

/** One page of the entries of an institution, or of every entry (null: an admin's whole log,
 * with the admin-only entries that belong to no institution). */
export async function consoleActivity(db: Queryable, institutionId: number | null, page: number): Promise<ActivityPage> {
  const where = '$1::int IS NULL OR a.institution_id = $1::int';
  const [entries, count] = await Promise.all([
    db.query<Omit<AuditRow, 'at'> & { at: Date }>(
      `SELECT a.id::text AS id, a.at, a.actor, i.name AS institution, a.action, a.target, a.before, a.after
       FROM console_audit a LEFT JOIN institutions i ON i.id = a.institution_id
       WHERE ${where} ORDER BY a.at DESC, a.id DESC LIMIT $2 OFFSET $3`,
      [institutionId, ACTIVITY_PAGE_SIZE, page * ACTIVITY_PAGE_SIZE],
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM console_audit a WHERE ${where}`, [institutionId]),
  ]);
  const total = count.rows[0].n;
  return {
    entries: entries.rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() })),
    page,
    pages: Math.ceil(total / ACTIVITY_PAGE_SIZE),
    total,
  };
}
