// Monthly COUNTER reports by e-mail: each subscription gets its report of the last complete month
// once, as a TSV attachment (the Code's tabular format), from whichever server process claims it
// first (repositories/report-subscriptions.ts). A failed send gives the claim back and the next
// run tries again; each mail has a fixed Message-ID, so in the rare case that a worker dies after
// the mail server took the mail but before the month was marked sent, the copy sent again carries
// the same id.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index';
import { PRODUCT_NAME } from '../../shared/constants';
import { REPORTS } from '../../shared/counter/reports';
import { monthHeading, reportFileName, reportText } from '../../shared/counter/tabular';
import { consoleInstitutions } from '../repositories/console';
import { claimSubscription, dueSubscriptions, markSent, releaseClaim } from '../repositories/report-subscriptions';
import { counterReport } from '../services/counter-reports';
import type { Mailer } from '../services/mailer';

/** How often a server process looks for reports to send: the first ones go out soon after a month ends. */
export const MONTHLY_REPORTS_MS = 10 * 60_000;

export const lastCompleteMonth = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);

export interface ReportMail {
  mailer: Mailer;
  /** The signed link that stops all optional mail to an address (plugins/accounts.ts). */
  unsubscribeUrl: (email: string) => string;
}

export interface MonthlyReportsDeps extends ReportMail {
  db: Db;
  siteUrl: string;
  log?: FastifyBaseLogger;
  now?: Date;
}

/** Sends every due subscription's report; returns how many this call sent. */
export async function sendMonthlyReports({
  db,
  mailer,
  unsubscribeUrl,
  siteUrl,
  log,
  now = new Date(),
}: MonthlyReportsDeps): Promise<number> {
  const month = lastCompleteMonth(now);
  let sent = 0;
  for (const id of await dueSubscriptions(db, month)) {
    const sub = await claimSubscription(db, id, month);
    if (!sub) continue; // another process has it
    try {
      const institution = (await consoleInstitutions(db, sub.institutionId))[0];
      const report = await counterReport(db, { id: sub.report, institution, begin: month, end: month, siteUrl, now });
      const name = REPORTS[sub.report].name;
      const host = new URL(siteUrl).hostname;
      const unsubscribe = unsubscribeUrl(sub.email);
      await mailer.send({
        to: sub.email,
        subject: `${name} (${sub.report}) for ${institution.name}, ${monthHeading(month)}`,
        text: [
          `The COUNTER 5.1 ${name} (${sub.report}) of ${institution.name} for ${monthHeading(month)} is attached, as the Code of Practice's tab-separated file.`,
          `A librarian of ${institution.name} asked ${PRODUCT_NAME} to send it every month. To stop it, a librarian removes it in the library console under Usage reports, Monthly reports by e-mail: ${siteUrl}/library/${institution.id}/reports`,
          `--\n${PRODUCT_NAME}\nStop every report and optional mail to this address: ${unsubscribe}`,
        ].join('\n\n'),
        headers: { 'List-Unsubscribe': `<${unsubscribe}>` },
        attachments: [
          {
            filename: reportFileName(report, 'tsv'),
            content: reportText(report, 'tsv'),
            contentType: 'text/tab-separated-values; charset=utf-8',
          },
        ],
        messageId: `<report-${sub.id}-${month}@${host}>`,
      });
      await markSent(db, sub.id, month);
      sent++;
    } catch (err) {
      await releaseClaim(db, sub.id, month);
      log?.error({ err, subscription: sub.id }, 'monthly report not sent');
    }
  }
  return sent;
}
