// Contact-form enquiries and readers' questions, kept for the team and, as an inbox, for the
// institution they belong to: the one picked in the enquiry form (by its id, never by a name a
// later rename could take over), else the signed-in sender's own. The console changes their
// status (new, answered, closed).
import type { Db, Queryable } from '../db/index';
import { enquiryMobile, type Enquiry as EnquiryBody } from '../../shared/schemas/contact';
import { recordAudit } from './console';
import { ENQUIRY_PAGE_SIZE, type Enquiry, type EnquiryPage, type EnquiryStatus } from '../../shared/schemas/console-inbox';

/** Stores an enquiry; `senderId` is the signed-in sender (null for a visitor). */
export async function saveEnquiry(db: Queryable, b: EnquiryBody, senderId: number | null): Promise<void> {
  await db.query(
    `INSERT INTO enquiries (user_name, email, message, institution_name, designation, mobile, campuses, students, institution_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, coalesce(
       (SELECT id FROM institutions WHERE id = $10::int),
       (SELECT institution_id FROM users WHERE id = $9::int)))`,
    [
      b.userName,
      b.emailId,
      b.Message,
      b.institutionName ?? null,
      b.desigination ?? null,
      enquiryMobile(b),
      b.campuses ?? null,
      b.students ?? null,
      senderId,
      b.institutionId ?? null,
    ],
  );
}

const COLUMNS = `e.id, CASE WHEN e.institution_name IS NULL THEN 'question' ELSE 'institution' END AS kind, e.user_name AS name,
  e.email, e.message, e.institution_name AS "institutionName", e.designation, e.mobile, e.campuses, e.students,
  e.institution_id AS "institutionId", i.name AS institution, e.status, e.status_at AS "statusAt", e.created_at AS "createdAt"`;
const FROM = 'FROM enquiries e LEFT JOIN institutions i ON i.id = e.institution_id';
/** `$1`: the institution (null: every enquiry, for admins). */
const MINE = '($1::int IS NULL OR e.institution_id = $1::int)';

type Row = Omit<Enquiry, 'statusAt' | 'createdAt'> & { statusAt: Date | null; createdAt: Date };
const asEnquiry = (r: Row): Enquiry => ({
  ...r,
  statusAt: r.statusAt && new Date(r.statusAt).toISOString(),
  createdAt: new Date(r.createdAt).toISOString(),
});

/** One page of the inbox, newest first, of one status or all; with the count of each status. */
export async function enquiryPage(
  db: Queryable,
  institutionId: number | null,
  query: { status?: EnquiryStatus; page: number },
): Promise<EnquiryPage> {
  const status = query.status ?? null;
  const [list, counts] = await Promise.all([
    db.query<Row>(
      `SELECT ${COLUMNS} ${FROM} WHERE ${MINE} AND ($2::text IS NULL OR e.status = $2::text)
       ORDER BY e.created_at DESC, e.id DESC LIMIT $3 OFFSET $4`,
      [institutionId, status, ENQUIRY_PAGE_SIZE, query.page * ENQUIRY_PAGE_SIZE],
    ),
    db.query<{ status: EnquiryStatus; n: number }>(`SELECT e.status, count(*)::int AS n ${FROM} WHERE ${MINE} GROUP BY e.status`, [
      institutionId,
    ]),
  ]);
  const by = { new: 0, answered: 0, closed: 0 };
  for (const c of counts.rows) by[c.status] = c.n;
  return {
    enquiries: list.rows.map(asEnquiry),
    page: query.page,
    pageSize: ENQUIRY_PAGE_SIZE,
    total: status ? by[status] : by.new + by.answered + by.closed,
    counts: by,
  };
}

/** Sets an enquiry's status (audited against the enquiry's institution); null when there is no
 * such enquiry among the caller's (`institutionId` null: any, for admins). */
export function setEnquiryStatus(
  db: Db,
  institutionId: number | null,
  enquiryId: number,
  status: EnquiryStatus,
  actorId: number,
): Promise<Enquiry | null> {
  return db.transaction(async (tx) => {
    const before = (
      await tx.query<{ status: EnquiryStatus; institution_id: number | null }>(
        `SELECT e.status, e.institution_id FROM enquiries e WHERE e.id = $2 AND ${MINE} FOR UPDATE`,
        [institutionId, enquiryId],
      )
    ).rows[0];
    if (!before) return null;
    if (before.status !== status) {
      await tx.query('UPDATE enquiries SET status = $2, status_at = now() WHERE id = $1', [enquiryId, status]);
      await recordAudit(tx, {
        actorId,
        institutionId: before.institution_id,
        action: 'enquiry.status',
        target: String(enquiryId),
        before: { status: before.status },
        after: { status },
      });
    }
    const { rows } = await tx.query<Row>(`SELECT ${COLUMNS} ${FROM} WHERE e.id = $1`, [enquiryId]);
    return asEnquiry(rows[0]);
  });
}
