// Approving or refusing an institution ID request, and telling the reader (by mail, or by SMS for
// an account with only a mobile number). The console and the operator command both decide here.
import type { Db } from '../db/index';
import { decideIdRequest, type IdDecision } from '../repositories/id-requests';
import type { Mailer, SmsSender } from './mailer';
import { idDecisionMail, idDecisionText } from './messages';

export interface IdDecisionDeps {
  db: Db;
  mailer: Mailer;
  sms: SmsSender;
  privateDir: string;
  /** Where a message that could not be sent is reported. */
  warn: (err: unknown) => void;
}

/** The decision is recorded first; a message that cannot be sent does not undo it (told: false).
 * Null when no such request waits (for that institution, unless institutionId is null). */
export async function decideAndTell(
  deps: IdDecisionDeps,
  req: { id: number; institutionId: number | null; actorId: number | null } & IdDecision,
): Promise<{ told: boolean; joined: boolean } | null> {
  const decided = await decideIdRequest(deps.db, deps.privateDir, req);
  if (!decided) return null;
  const institution = decided.institution ?? 'Your institution';
  try {
    if (decided.email) await deps.mailer.send(idDecisionMail(decided.email, req, institution));
    else if (decided.mobile) await deps.sms.send(decided.mobile, idDecisionText(req, institution));
    else return { told: false, joined: decided.joined };
  } catch (err) {
    deps.warn(err);
    return { told: false, joined: decided.joined };
  }
  return { told: true, joined: decided.joined };
}
