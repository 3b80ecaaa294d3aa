// The owner of an account hears of repeated failed sign-ins: after OWNER_NOTICE_AFTER wrong codes
// or passwords for the account within a day, from anywhere, one mail (an SMS for an account with
// no e-mail address) says so, from which client address, and what to do. At most one notice per
// account a day, so nobody can use it to flood a mailbox; it goes out after the answer, so a
// failure for a known account takes no longer than for an unknown one.
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/index';
import type { UserRow } from '../repositories/users';
import { clientIp, counted, spendInWindow, spendOne, type Limit } from './rate-limit';
import { signInNoticeMail, signInNoticeText } from './messages';
import type { Mailer, SmsSender } from './mailer';

/** Wrong codes or passwords for one account in a day before its owner is told. */
export const OWNER_NOTICE_AFTER = 10;
const DAY = 24 * 60 * 60_000;
const FAILURES: Limit = { bucket: 'signin-fail-owner', max: 2 ** 31 - 1, windowMs: DAY };
const NOTICE_ONCE: Limit = { bucket: 'signin-notice', max: 1, windowMs: DAY };

export interface OwnerNoticeDeps {
  db: Queryable;
  mailer: Mailer;
  sms: SmsSender;
  unsubscribeUrl(email: string): string;
  /** Runs a delivery after the answer (plugins/accounts.ts `later`). */
  later(req: FastifyRequest, what: string, job: () => Promise<void>): void;
}

export function createOwnerNotices(deps: OwnerNoticeDeps) {
  const { db } = deps;
  return {
    /** Counts a wrong code or password for `user` (null: no such account, counted under the
     * contact all the same so both take the same work) and sends the notice when it is due. */
    async failed(req: FastifyRequest, user: Pick<UserRow, 'id' | 'email' | 'mobile'> | null, contact: string): Promise<void> {
      const key = user ? `user:${user.id}` : contact;
      await spendOne(db, [FAILURES, key]);
      const failures = await counted(db, [FAILURES, key]);
      if (!user || failures < OWNER_NOTICE_AFTER || !(await spendInWindow(db, [NOTICE_ONCE, key]))) return;
      const from = clientIp(req);
      const { email, mobile } = user;
      if (email)
        deps.later(req, 'sign-in notice', () => deps.mailer.send(signInNoticeMail(email, failures, from, deps.unsubscribeUrl(email))));
      else if (mobile) deps.later(req, 'sign-in notice', () => deps.sms.send(mobile, signInNoticeText(failures, from)));
    },
  };
}
export type OwnerNotices = ReturnType<typeof createOwnerNotices>;
