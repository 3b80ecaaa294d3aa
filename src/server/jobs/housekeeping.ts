// Forgets what is only kept for a while: rate-limit events past their longest window,
// one-time codes and sign-in codes for another device a day after they expired, sessions a month after they ended, zone sightings and
// ended zone passes after 15 days (spec §1's location logs), idempotency keys after 30 days, RADIUS packets and webhook
// signatures seen (the replay memory) after 5 minutes, the reader on reading events past their
// institution's retention (member-privacy.ts), and
// accounts whose deletion request fell due (their favourites, sessions, codes, passes, sightings and
// idempotency keys go with them; usage events lose the user).
import type { Queryable } from '../db/index';
import { pruneRateEvents } from '../services/rate-limit';
import { removeIdFile } from '../services/id-files';
import { pruneSessions } from '../repositories/sessions';
import { purgeLocationData } from '../repositories/zones';
import { purgeIdempotencyKeys } from '../repositories/idempotency';
import { purgeDeviceCodes } from '../repositories/device-codes';
import { pruneReplays } from '../repositories/network-arrivals';
import { forgetOldReading } from '../repositories/member-privacy';
import { RETENTION_DEFAULT_DAYS } from '../../shared/schemas/member-privacy';

export const HOUSEKEEPING_MS = 60 * 60 * 1000;
/** Spec §1: data removal within 30 days of a deletion request. */
export const ACCOUNT_DELETION_DAYS = 30;

export async function housekeeping(db: Queryable, privateDir: string): Promise<void> {
  await pruneRateEvents(db);
  await db.query(`DELETE FROM otp_requests WHERE expires_at < now() - interval '1 day'`);
  await purgeDeviceCodes(db);
  await pruneSessions(db);
  await purgeLocationData(db);
  await purgeIdempotencyKeys(db);
  await pruneReplays(db);
  await forgetOldReading(db, RETENTION_DEFAULT_DAYS);
  const due = await db.query<{ file_name: string }>(
    `SELECT f.file_name FROM id_uploads f JOIN users u ON u.id = f.user_id WHERE u.delete_after < now()`,
  );
  for (const f of due.rows) removeIdFile(privateDir, f.file_name);
  await db.query(`DELETE FROM users WHERE delete_after < now()`);
}
