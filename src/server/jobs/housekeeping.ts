// Forgets what is only kept for a while: rate-limit events past their longest window and
// one-time codes a day after they expired.
import type { Queryable } from '../db/index';
import { pruneRateEvents } from '../services/rate-limit';

export const HOUSEKEEPING_MS = 60 * 60 * 1000;

export async function housekeeping(db: Queryable): Promise<void> {
  await pruneRateEvents(db);
  await db.query(`DELETE FROM otp_requests WHERE expires_at < now() - interval '1 day'`);
}
