// The server's background jobs, each run once across all server processes (once.ts) on its timer.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index';
import type { Config } from '../config';
import { sweepMedia } from '../media/sweep';
import type { MediaStorage } from '../media/storage';
import { POPULARITY_REFRESH_MS, refreshPopularity } from './popularity';
import { HOUSEKEEPING_MS, housekeeping } from './housekeeping';
import { runOnce } from './once';
import { every } from './schedule';
import { deliverInvitations } from '../repositories/member-invitations';
import { MONTHLY_REPORTS_MS, sendMonthlyReports, type ReportMail } from './monthly-reports';

/** Invitations a mail server refused (or a process that stopped mid-way left) are tried again this often. */
const INVITATIONS_MS = 60 * 1000;

/** Starts the timers; returns one stop function per job (for shutdown). */
export function startJobs(db: Db, config: Config, log: FastifyBaseLogger, storage: MediaStorage, mail: ReportMail): (() => void)[] {
  const job = (name: string, intervalMs: number, work: Parameters<typeof runOnce>[3]) =>
    every(
      intervalMs,
      async () => void (await runOnce(db, name, intervalMs, work)),
      (err) => log.error({ err }, `${name} failed`),
    );
  return [
    // Each invitation is taken by one process (SKIP LOCKED): no turn to claim.
    every(
      INVITATIONS_MS,
      async () => void (await deliverInvitations(db, mail.mailer, config.publicUrl)),
      (err) => log.error({ err }, 'invitations failed'),
    ),
    job('popularity refresh', POPULARITY_REFRESH_MS, (tx) => refreshPopularity(tx)),
    job('housekeeping', HOUSEKEEPING_MS, (tx) => housekeeping(tx, config.privateDir)),
    job('media sweep', HOUSEKEEPING_MS, async (tx) => {
      const { removed } = await sweepMedia(tx, storage);
      if (removed) log.info(`media sweep removed ${removed} files`);
    }),
    // Not through runOnce: each subscription is claimed on its own (one mail, one claim), so
    // every process may look and a slow mail server holds no transaction open.
    every(
      MONTHLY_REPORTS_MS,
      async () => void (await sendMonthlyReports({ db, ...mail, siteUrl: config.publicUrl, log })),
      (err) => log.error({ err }, 'monthly reports failed'),
    ),
  ];
}
