// What every sign-in try (a one-time code, a password, a link code) goes through: its failure is
// counted before the secret is checked, and given back when it was right. Failures across the
// whole service form a budget: past it every try is slowed down and the log raises an alert,
// once per window.
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/index';
import { counted, refund, spend, spendInWindow, spendOne, type Check, type Limit } from './rate-limit';

/** Failed codes and passwords over the whole service per hour before every try is slowed. */
export const FAILURE_BUDGET: Limit = { bucket: 'signin-fail-all', max: 500, windowMs: 60 * 60_000 };
/** The delay of each try while the budget is crossed. */
export const SLOW_MS = 1000;
const COUNT_ONLY = 2 ** 31 - 1;
const ALERT_ONCE: Limit = { bucket: 'signin-alert', max: 1, windowMs: FAILURE_BUDGET.windowMs };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Attempt {
  /** The secret was right (or never checked): the failures counted are given back. */
  passed(): Promise<void>;
  /** The secret was wrong: the failure stays counted, and counts in the service's budget. */
  failed(): Promise<void>;
}

/** Slows the try while the service is over its failure budget, then counts a failure against
 * each check (429 when any limit is reached). */
export async function startAttempt(db: Queryable, log: FastifyBaseLogger, checks: Check[]): Promise<Attempt> {
  if ((await counted(db, [FAILURE_BUDGET, 'all'])) >= FAILURE_BUDGET.max) await sleep(SLOW_MS);
  const spent = await spend(db, checks);
  return {
    passed: () => refund(db, spent),
    async failed() {
      await spendOne(db, [{ ...FAILURE_BUDGET, max: COUNT_ONLY }, 'all']);
      const failures = await counted(db, [FAILURE_BUDGET, 'all']);
      if (failures >= FAILURE_BUDGET.max && (await spendInWindow(db, [ALERT_ONCE, 'all']))) {
        log.error(
          { failures, windowMinutes: FAILURE_BUDGET.windowMs / 60_000 },
          `SIGN-IN ALERT: ${failures} failed codes and passwords across the service within the hour (budget ${FAILURE_BUDGET.max}); every sign-in is now slowed by ${SLOW_MS} ms`,
        );
      }
    },
  };
}
