// What the reader's route files share: the parameters naming an issue, and the refusal that is
// also counted for the institution's COUNTER reports.
import { HttpError } from '../../http-error';
import type { Db } from '../../db/index';
import type { ReaderTokens } from '../../services/reader-tokens';
import { recordReaderEvent } from '../../repositories/counter-usage';

export { IssueParams } from '../../../shared/schemas/reader';

/** Options of every reader route file: one signer of reader tokens for all of them. */
export interface ReaderOptions {
  tokens: ReaderTokens;
}

/** Refusals that are COUNTER's No_License (the institution's licence does not open the title)
 * and Limit_Exceeded (a limit of the licence is reached). */
const NO_LICENSE = new Set(['subscription_expired', 'not_in_subscription', 'age_restricted', 'country_blocked']);
const LIMITS = new Set(['device_limit', 'download_limit']);

/** Records a refusal for the institution's COUNTER reports (Access Denied: no licence for the
 * title, or a limit of the licence reached), then refuses. */
export async function deny(db: Db, uid: number, issueId: number, err: unknown): Promise<never> {
  const kind = !(err instanceof HttpError)
    ? null
    : NO_LICENSE.has(err.code)
      ? 'denied_no_license'
      : LIMITS.has(err.code)
        ? 'denied_limit'
        : null;
  if (kind) await db.transaction((tx) => recordReaderEvent(tx, { kind, userId: uid, issueId }));
  throw err;
}
