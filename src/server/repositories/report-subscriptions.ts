// Monthly COUNTER reports by e-mail: which report goes to which address, and the claim a worker
// takes on a subscription's month before it sends it (jobs/monthly-reports.ts). The claim is one
// UPDATE that only one worker can win; the month is marked sent only once the mail server has
// taken the mail, and a failed send gives the claim back.
import type { Db, Queryable } from '../db/index';
import type { ReportId } from '../../shared/counter/reports';
import type { ReportSubscription } from '../../shared/schemas/console-reports';
import { recordAudit } from './console';
import { refuse, type Refusal } from './refusal';

/** Subscriptions an institution may have: a report to each of a few addresses, not a mailing list. */
export const SUBSCRIPTIONS_MAX = 20;

/** How long a claim holds while its mail is sent; a worker that died lets it lapse, and the month
 * is sent again by the next. */
export const CLAIM_MINUTES = 10;

interface Row {
  id: number;
  report_id: ReportId;
  email: string;
  created_at: Date;
  last_month: string | null;
  last_sent_at: Date | null;
}
const COLUMNS = `id, report_id, email, created_at, to_char(last_month, 'YYYY-MM') AS last_month, last_sent_at`;
const toSubscription = (r: Row): ReportSubscription => ({
  id: r.id,
  report: r.report_id,
  email: r.email,
  createdAt: r.created_at.toISOString(),
  lastMonth: r.last_month,
  lastSentAt: r.last_sent_at?.toISOString() ?? null,
});

export async function reportSubscriptions(db: Queryable, institutionId: number): Promise<ReportSubscription[]> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM report_subscriptions WHERE institution_id = $1 ORDER BY id`, [
    institutionId,
  ]);
  return rows.map(toSubscription);
}

export function subscribeReport(
  db: Db,
  institutionId: number,
  s: { report: ReportId; email: string },
  actorId: number,
): Promise<ReportSubscription | Refusal> {
  return db.transaction(async (tx) => {
    // One change to an institution's subscriptions at a time, so two adds cannot pass the cap together.
    await tx.query('SELECT id FROM institutions WHERE id = $1 FOR UPDATE', [institutionId]);
    const before = await reportSubscriptions(tx, institutionId);
    if (before.some((b) => b.report === s.report && b.email.toLowerCase() === s.email.toLowerCase()))
      return refuse(409, 'subscribed', `${s.email} already gets ${s.report} every month.`);
    if (before.length >= SUBSCRIPTIONS_MAX)
      return refuse(
        400,
        'too_many_subscriptions',
        `An institution can have at most ${SUBSCRIPTIONS_MAX} monthly reports. Remove one first.`,
      );
    const { rows } = await tx.query<Row>(
      `INSERT INTO report_subscriptions (institution_id, report_id, email, created_by) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
      [institutionId, s.report, s.email, actorId],
    );
    await recordAudit(tx, { actorId, institutionId, action: 'report.subscribe', target: `${s.report} ${s.email}`, before: null, after: s });
    return toSubscription(rows[0]);
  });
}

export function removeReportSubscription(
  db: Db,
  institutionId: number,
  id: number,
  actorId: number,
): Promise<ReportSubscription | Refusal> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<Row>(`DELETE FROM report_subscriptions WHERE id = $1 AND institution_id = $2 RETURNING ${COLUMNS}`, [
      id,
      institutionId,
    ]);
    if (!rows.length) return refuse(404, 'no_subscription', 'There is no such monthly report.');
    const gone = toSubscription(rows[0]);
    await recordAudit(tx, {
      actorId,
      institutionId,
      action: 'report.unsubscribe',
      target: `${gone.report} ${gone.email}`,
      before: { report: gone.report, email: gone.email },
      after: null,
    });
    return gone;
  });
}

/** Subscriptions whose month (YYYY-MM) has not been sent yet and is not claimed by a live worker. */
export async function dueSubscriptions(db: Queryable, month: string): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM report_subscriptions
     WHERE (last_month IS NULL OR last_month < $1::date) AND (claimed_until IS NULL OR claimed_until < now())
     ORDER BY id`,
    [`${month}-01`],
  );
  return rows.map((r) => r.id);
}

export interface Claimed {
  id: number;
  institutionId: number;
  report: ReportId;
  email: string;
}

/** Takes the month of one subscription for this worker, if still due and unclaimed: one UPDATE,
 * so of two workers racing exactly one gets it. */
export async function claimSubscription(db: Queryable, id: number, month: string): Promise<Claimed | null> {
  const { rows } = await db.query<{ id: number; institution_id: number; report_id: ReportId; email: string }>(
    `UPDATE report_subscriptions SET claimed_month = $2::date, claimed_until = now() + make_interval(mins => $3)
     WHERE id = $1 AND (last_month IS NULL OR last_month < $2::date) AND (claimed_until IS NULL OR claimed_until < now())
     RETURNING id, institution_id, report_id, email`,
    [id, `${month}-01`, CLAIM_MINUTES],
  );
  const r = rows[0];
  return r ? { id: r.id, institutionId: r.institution_id, report: r.report_id, email: r.email } : null;
}

/** The claimed month was sent. */
export async function markSent(db: Queryable, id: number, month: string): Promise<void> {
  await db.query(
    `UPDATE report_subscriptions SET last_month = $2::date, last_sent_at = now(), claimed_month = NULL, claimed_until = NULL
     WHERE id = $1 AND claimed_month = $2::date`,
    [id, `${month}-01`],
  );
}

/** The send failed: the next run tries again. */
export async function releaseClaim(db: Queryable, id: number, month: string): Promise<void> {
  await db.query(`UPDATE report_subscriptions SET claimed_month = NULL, claimed_until = NULL WHERE id = $1 AND claimed_month = $2::date`, [
    id,
    `${month}-01`,
  ]);
}
