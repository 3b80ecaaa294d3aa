// Membership: how a user comes to belong to an institution, in one place. Every way in — the
// e-mail domain at sign-up and sign-in, an access code, linking an institutional address, SSO,
// an approved ID — calls joinInstitution, with one idea of a live institution.
import type { Queryable } from '../db/index';
import { provenDomainOf } from './institution-domains';

/** An institution is live while its subscription has not ended. `alias` names the institutions row. */
export const isLive = (alias: string) => `${alias}.sub_end > now()`;

/** When a member's access ends: the institution's subscription end, or earlier when an access
 * code gave it (users.access_ends_at). `u` and `i` name the users and institutions rows. */
export const accessEnds = (u: string, i: string) => `least(coalesce(${u}.access_ends_at, ${i}.sub_end), ${i}.sub_end)`;

/** The institution that has proven the address's e-mail domain (a pending claim lets nobody in).
 * With `accountMade`, only when the domain counted by then: a domain does not move accounts that
 * existed before it counted (their owners never agreed to join whoever claimed it). */
export async function institutionForDomain(db: Queryable, email: string | null, accountMade?: Date): Promise<number | null> {
  const proven = await provenDomainOf(db, email);
  if (!proven || (accountMade && accountMade < proven.since)) return null;
  return proven.institutionId;
}

/** Attaches the user to the institution until `until` (an access code's end) or for as long as
 * its subscription runs (null); `codeId` names the access code that attached them (its sections
 * then apply), null for every other way in. It never takes live access away: the user moves when the
 * institution is live, or when they have no live access now (an ended institution's member then
 * sees "subscription expired" rather than "no access"). A member the institution's librarian
 * removed stays out, unless `readmit` (a way in the institution gave them itself: an access code,
 * an approved ID), which also forgets the removal. Returns whether they joined. */
export async function joinInstitution(
  db: Queryable,
  userId: number,
  institutionId: number,
  opts: { until?: Date | null; codeId?: number | null; readmit?: boolean } = {},
): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE users u SET institution_id = i.id, access_ends_at = $3, access_code_id = $4 FROM institutions i
     WHERE u.id = $1 AND i.id = $2 AND (${isLive('i')} OR NOT EXISTS (
       SELECT 1 FROM institutions cur WHERE cur.id = u.institution_id AND ${accessEnds('u', 'cur')} > now()))
       AND ($5 OR NOT EXISTS (SELECT 1 FROM member_removals r WHERE r.user_id = u.id AND r.institution_id = i.id))
     RETURNING u.id`,
    [userId, institutionId, opts.until ?? null, opts.codeId ?? null, opts.readmit === true],
  );
  if (rows.length && opts.readmit)
    await db.query('DELETE FROM member_removals WHERE user_id = $1 AND institution_id = $2', [userId, institutionId]);
  return rows.length > 0;
}

/** Whether the user has live access now (a live institution, and an access code not ended). */
export async function hasLiveAccess(db: Queryable, userId: number): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM users u JOIN institutions i ON i.id = u.institution_id WHERE u.id = $1 AND ${accessEnds('u', 'i')} > now()`,
    [userId],
  );
  return rows.length > 0;
}

/** Whether a member reads a section (newspapers, journals): the subscription has it and, for a
 * member attached by an access code, the code opens it. `i` names the institutions row and `c` a
 * LEFT JOIN of access_codes on users.access_code_id. */
export const sectionOpen = (i: string, c: string, section: 'newspapers' | 'journals') =>
  `(${i}.${section} AND coalesce(${c}.${section}, true))`;
