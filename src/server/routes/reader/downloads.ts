// Downloads for offline reading, counted per reader and device, with their limits.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http-error';
import { checkReading, subscriptionRefusal } from '../../repositories/entitlement';
import { addDownloadWithinLimits, downloadLimits, downloadUsage, removeDownloads } from '../../repositories/reader';
import { type ReaderOptions, deny } from './shared';
import { route } from '../endpoint';
import * as endpoints from '../../../shared/endpoints';

/** A download asked for under a campus range alone (IP authentication opens reading there, not
 * keeping copies to read elsewhere). */
export const IP_ONLY_DOWNLOAD =
  "Reading on your institution's network is online only. Downloading an issue to read offline needs your own access (sign in with your institution's account).";
/** A download asked for under a zone pass alone. */
export const ZONE_ONLY_DOWNLOAD =
  'Reading in a Smart Reading Zone is online only. Downloading an issue to read offline needs a subscription.';

const routes: FastifyPluginAsyncZod<ReaderOptions> = async (app, { tokens }) => {
  const defaults = { issues: app.config.downloadLimit, devices: app.config.deviceLimit };
  const usage = async (uid: number, deviceId: string) => {
    const [used, limits, reason] = await Promise.all([
      downloadUsage(app.db, uid, deviceId),
      downloadLimits(app.db, uid, defaults),
      subscriptionRefusal(app.db, uid),
    ]);
    return { allowed: reason === null, reason, issueIds: used.issueIds, used: { issues: used.issues, devices: used.devices }, limits };
  };

  route(app, endpoints.readerDownloads, async (req) => usage(req.signedInUser.id, req.query.deviceId));

  route(app, endpoints.readerDownloadsAdd, async (req) => {
    const user = req.signedInUser;
    const uid = user.id;
    const { issueId, deviceId } = req.body;
    // A zone pass opens online reading only: keeping an issue needs the subscription.
    const grant = await checkReading(app.db, uid, issueId, 1, req.ip).catch((err) => deny(app.db, uid, issueId, err));
    if (grant.zoneId !== null) throw new HttpError(403, 'zone_online_only', ZONE_ONLY_DOWNLOAD);
    if (grant.ipInstitutionId !== null) throw new HttpError(403, 'ip_online_only', IP_ONLY_DOWNLOAD);
    const limits = await downloadLimits(app.db, uid, defaults);
    const outcome = await addDownloadWithinLimits(app.db, uid, deviceId, issueId, limits);
    if (outcome === 'device_limit') {
      await deny(
        app.db,
        uid,
        issueId,
        new HttpError(
          403,
          'device_limit',
          `Your downloads are already on ${limits.devices} devices. Remove them from one device to download on this one.`,
        ),
      );
    }
    if (outcome === 'download_limit') {
      await deny(
        app.db,
        uid,
        issueId,
        new HttpError(403, 'download_limit', `You can keep ${limits.issues} issues downloaded at a time. Remove one to download another.`),
      );
    }
    const { code, expiresAt } = await tokens.sign(user, issueId, user.sessionId);
    return { ...(await usage(uid, deviceId)), code, expiresAt };
  });

  // From the app's offline outbox, which sends an Idempotency-Key.
  route(app, endpoints.readerDownloadsRemove, { config: { idempotent: true } }, async (req) => {
    await removeDownloads(app.db, req.signedInUser.id, req.body.deviceId, req.body.issueIds);
    return { status: 1 as const, message: 'Removed' };
  });
};
export default routes;
