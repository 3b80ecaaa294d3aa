// What every sign-in try (a one-time code, a password, a link code) goes through: its failure is
// counted before the secret is checked, and given back when it was right. Failures across the
// whole service form a budget: past it the log raises an alert once per window, and tries from
// client networks that failed within the window wait a moment. A network that did not fail is
// never slowed, so a few addresses that fill the budget slow only themselves, while a flood from
// many networks (where the per-client limits bite least) slows every one of them.
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/index';
import { clientNetwork, counted, refund, spend, spendInWindow, spendOne, type Check, type Limit } from './rate-limit';
import type { CounterWindow } from '../repositories/rate-limits';

/** Failed codes and passwords over the whole service per hour before the alert and the slowing. */
export const FAILURE_BUDGET: Limit = { bucket: 'signin-fail-all', max: 500, windowMs: 60 * 60_000 };
/** The delay of each try from a network that failed, while the budget is crossed. */
export const SLOW_MS = 1000;
const COUNT_ONLY = 2 ** 31 - 1;
const ALERT_ONCE: Limit = { bucket: 'signin-alert', max: 1, windowMs: FAILURE_BUDGET.windowMs };
/** Failures per client network, and the networks that failed (for the alert), in the same window. */
const NETWORK_FAILURES: Limit = { bucket: 'signin-fail-net', max: COUNT_ONLY, windowMs: FAILURE_BUDGET.windowMs };
const NETWORK_SEEN: Limit = { bucket: 'signin-fail-net-seen', max: 1, windowMs: FAILURE_BUDGET.windowMs };
const NETWORKS: Limit = { bucket: 'signin-fail-nets', max: COUNT_ONLY, windowMs: FAILURE_BUDGET.windowMs };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Attempt {
  /** A ceiling passed to startAttempt was reached: the try is not refused, the caller decides
   * what it may still do (a code's last try). */
  overCeiling: boolean;
  /** The secret was right (or never checked): the failures counted are given back. */
  passed(): Promise<void>;
  /** The secret was wrong: the failure stays counted, and counts in the service's budget. */
  failed(): Promise<void>;
}

/** Slows the try when the service is over its failure budget and this client's network failed
 * too, then counts a failure against each check (429 when any limit is reached) and each ceiling
 * (never refused: reaching one sets `overCeiling`). */
export async function startAttempt(db: Queryable, req: FastifyRequest, checks: Check[], ceilings: Check[] = []): Promise<Attempt> {
  const network = clientNetwork(req);
  if ((await counted(db, [FAILURE_BUDGET, 'all'])) >= FAILURE_BUDGET.max && (await counted(db, [NETWORK_FAILURES, network])) > 0)
    await sleep(SLOW_MS);
  const spent: CounterWindow[] = await spend(db, checks);
  let overCeiling = false;
  for (const ceiling of ceilings) {
    const w = await spendOne(db, ceiling);
    if (w) spent.push(w);
    else overCeiling = true;
  }
  return {
    overCeiling,
    passed: () => refund(db, spent),
    async failed() {
      await spendOne(db, [{ ...FAILURE_BUDGET, max: COUNT_ONLY }, 'all']);
      await spendOne(db, [NETWORK_FAILURES, network]);
      if (await spendInWindow(db, [NETWORK_SEEN, network])) await spendInWindow(db, [NETWORKS, 'all']);
      const failures = await counted(db, [FAILURE_BUDGET, 'all']);
      if (failures >= FAILURE_BUDGET.max && (await spendInWindow(db, [ALERT_ONCE, 'all']))) {
        const networks = await counted(db, [NETWORKS, 'all']);
        req.log.error(
          { failures, networks, windowMinutes: FAILURE_BUDGET.windowMs / 60_000 },
          `SIGN-IN ALERT: ${failures} failed codes and passwords across the service within the hour (budget ${FAILURE_BUDGET.max}), from about ${networks} client networks; tries from networks that failed now wait ${SLOW_MS} ms`,
        );
      }
    },
  };
}
