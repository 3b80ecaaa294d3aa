// Member privacy: what an institution's librarians see of each member (their reading, their
// devices) and how long a member's reading events keep naming them. After that the events stay,
// without the reader, so the institution's aggregate figures (COUNTER counts, already stored; the
// overview's reads; popularity) do not change, while no one can tell any more who read what.
import type { Db, Queryable } from '../db/index';
import type { MemberPrivacy, MemberPrivacyBody } from '../../shared/schemas/member-privacy';
import { recordAudit } from './console';

const COLUMNS = `show_member_reading AS "showReading", show_member_devices AS "showDevices", reading_retention_days AS "retentionDays"`;

/** The institution's choices (every institution has them: the columns have defaults). */
export async function memberPrivacy(db: Queryable, institutionId: number): Promise<MemberPrivacy> {
  const { rows } = await db.query<MemberPrivacy>(`SELECT ${COLUMNS} FROM institutions WHERE id = $1`, [institutionId]);
  return rows[0];
}

/** Sets the choices; audited (`privacy.update`) when something changed. */
export async function setMemberPrivacy(db: Db, institutionId: number, next: MemberPrivacyBody, actorId: number): Promise<MemberPrivacy> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<MemberPrivacy & { con_code: string }>(
      `SELECT ${COLUMNS}, con_code FROM institutions WHERE id = $1 FOR UPDATE`,
      [institutionId],
    );
    const { con_code, ...before } = rows[0];
    const after: MemberPrivacy = { showReading: next.showReading, showDevices: next.showDevices, retentionDays: next.retentionDays };
    if (JSON.stringify(before) === JSON.stringify(after)) return after;
    await tx.query(
      'UPDATE institutions SET show_member_reading = $2, show_member_devices = $3, reading_retention_days = $4 WHERE id = $1',
      [institutionId, after.showReading, after.showDevices, after.retentionDays],
    );
    await recordAudit(tx, { actorId, institutionId, action: 'privacy.update', target: con_code, before, after });
    return after;
  });
}

/** Events anonymised per statement, so no statement holds many row locks for long. */
const BATCH = 5_000;

/** Takes the reader off reading events older than their institution's retention (events of no
 * institution: the default retention), a batch at a time; returns how many. The hourly
 * housekeeping job calls it. */
export async function forgetOldReading(db: Queryable, defaultDays: number): Promise<number> {
  let total = 0;
  for (;;) {
    const { rows } = await db.query<{ n: number }>(
      `WITH old AS (
         SELECT e.id FROM usage_events e LEFT JOIN institutions i ON i.id = e.institution_id
         WHERE e.user_id IS NOT NULL AND e.at < now() - make_interval(days => coalesce(i.reading_retention_days, $1::int))
         LIMIT $2
       ), done AS (UPDATE usage_events e SET user_id = NULL FROM old WHERE e.id = old.id RETURNING 1)
       SELECT count(*)::int AS n FROM done`,
      [defaultDays, BATCH],
    );
    total += rows[0].n;
    if (rows[0].n < BATCH) return total;
  }
}
