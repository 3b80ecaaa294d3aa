// The reader: the reader token (the entitlement check), the reader document at /reader/{issueId},
// the token-gated issue, page images and page texts under /content/reader, and for the signed-in
// reader: progress, read events and downloads with their limits.
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '../../../shared/schemas/errors';
import { int, raw } from '../../../shared/schemas/fields';
import {
  DeviceId,
  DownloadBody,
  DownloadReply,
  DownloadsReply,
  IssueManifest,
  PageText,
  Progress,
  ProgressBody,
  ReaderEventsBody,
  ReaderEventsReply,
  ReaderTokenBody,
  ReaderTokenReply,
  RemoveDownloadsBody,
} from '../../../shared/schemas/reader';
import { OkReply } from '../../../shared/schemas/account';
import { readerUrl } from '../../../shared/reader-paths';
import { HttpError, notFound } from '../../http-error';
import { readerTokens } from '../../services/reader-tokens';
import { REQUEST_CAPS, capFor } from '../../plugins/request-limits';
import { checkReading, subscriptionRefusal } from '../../repositories/entitlement';
import {
  addDownloadWithinLimits,
  downloadLimits,
  downloadUsage,
  issueManifest,
  pageImageFile,
  type PageSize,
  pageText,
  readProgress,
  removeDownloads,
  saveProgress,
  storeReadEvents,
} from '../../repositories/reader';
import { sight } from '../../services/zones';
import { recordReaderEvent } from '../../repositories/counter-usage';
import { deviceTime } from '../../services/device-time';
import { sendMedia } from '../../media/serve';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 429: ApiError };
const IssueParams = z.object({ issueId: int(1) });
const PageParams = IssueParams.extend({ page: int(1, 10_000) });
const CodeQuery = z.object({ code: raw().max(2000).optional() });
/** A download asked for under a campus range alone (IP authentication opens reading there, not
 * keeping copies to read elsewhere). */
export const IP_ONLY_DOWNLOAD =
  "Reading on your institution's network is online only. Downloading an issue to read offline needs your own access (sign in with your institution's account).";
/** A download asked for under a zone pass alone. */
export const ZONE_ONLY_DOWNLOAD =
  'Reading in a Smart Reading Zone is online only. Downloading an issue to read offline needs a subscription.';
/** Refusals that are COUNTER's No_License (the institution's licence does not open the title)
 * and Limit_Exceeded (a limit of the licence is reached). */
const NO_LICENSE = new Set(['subscription_expired', 'not_in_subscription', 'age_restricted', 'country_blocked']);
const LIMITS = new Set(['device_limit', 'download_limit']);
/** Distinct issues one batch of read events may count. */
export const READ_EVENT_ISSUES_MAX = 20;

const reader: FastifyPluginAsyncZod = async (app) => {
  const tokens = await readerTokens(app.db, app.config.readerTokenMinutes);
  const signedIn = { preHandler: app.requireUser };
  /** Writes the app's offline outbox sends with an Idempotency-Key. */
  const outbox = { ...signedIn, config: { idempotent: true } };
  const defaults = { issues: app.config.downloadLimit, devices: app.config.deviceLimit };
  const userId = (req: { user: { id: number } | null }) => req.user!.id;
  // Decided by the route the request reached (the path as the router decoded and read it), not
  // the raw URL: /%61pi/reader/… reaches /api/reader/… too.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.routeOptions.url?.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    return payload;
  });

  /** Records a refusal for the institution's COUNTER reports (Access Denied: no licence for the
   * title, or a limit of the licence reached), then refuses. */
  const deny = async (uid: number, issueId: number, err: unknown): Promise<never> => {
    const kind = !(err instanceof HttpError)
      ? null
      : NO_LICENSE.has(err.code)
        ? 'denied_no_license'
        : LIMITS.has(err.code)
          ? 'denied_limit'
          : null;
    if (kind) await app.db.transaction((tx) => recordReaderEvent(tx, { kind, userId: uid, issueId }));
    throw err;
  };

  // --- The reader document: its own small entry of the built app. ---
  const readerFile = path.join(app.config.appDir, 'reader.html');
  app.get('/reader/:issueId', { schema: { params: IssueParams } }, async (_req, reply) => {
    if (!fs.existsSync(readerFile)) throw notFound('The reader (build the app first)');
    return reply.header('Cache-Control', 'no-cache').type('text/html').send(fs.createReadStream(readerFile));
  });

  // --- Reader token: the entitlement check. ---
  app.post(
    '/api/reader/token',
    { ...signedIn, schema: { body: ReaderTokenBody, response: { 200: ReaderTokenReply, ...errors } } },
    async (req) => {
      const { issue, store_id, user_id, page } = req.body;
      if (user_id && user_id !== Buffer.from(req.user!.uuid).toString('base64'))
        throw new HttpError(403, 'wrong_user', 'This reading request is for another account. Please sign in again.');
      // On a zone's network this is where Read Now meets the zone: sighted first (one indexed
      // lookup when the address is in no zone), so the pass is there for the check.
      await sight(app, userId(req), { ip: req.ip });
      await checkReading(app.db, userId(req), issue, store_id, req.ip).catch((err) => deny(userId(req), issue, err));
      const { code, expiresAt } = await tokens.sign(req.user!, issue, req.user!.sessionId);
      // Where to open, known here already: the reader's first requests can then go out at once.
      const at = page ?? (await readProgress(app.db, userId(req), issue)).page;
      return { status: 'success' as const, data: { code, expiresAt, issueId: issue, page: at, url: readerUrl(issue, at ?? undefined) } };
    },
  );

  // --- What the token opens: the issue, its page images and texts. ---
  const noStore = { 'Cache-Control': 'private, no-cache' };
  app.get(
    '/content/reader/:issueId',
    { schema: { params: IssueParams, querystring: CodeQuery, response: { 200: IssueManifest, ...errors } } },
    async (req, reply) => {
      const grant = await tokens.verify(req.query.code, req.params.issueId);
      reply.headers(noStore);
      const [manifest, progress] = await Promise.all([
        issueManifest(app.db, req.params.issueId),
        readProgress(app.db, grant.userId, req.params.issueId),
      ]);
      return { ...manifest, progress };
    },
  );

  app.get(
    '/content/reader/:issueId/pages/:page/text',
    { schema: { params: PageParams, querystring: CodeQuery, response: { 200: PageText, ...errors } } },
    async (req, reply) => {
      const { issueId, page } = req.params;
      await tokens.verify(req.query.code, issueId);
      const text = await pageText(app.db, issueId, page);
      if (text === null) throw notFound(`Page ${page}`);
      reply.headers(noStore);
      return { n: page, text };
    },
  );

  app.get(
    '/content/reader/:issueId/pages/:page/:size',
    {
      schema: { params: PageParams.extend({ size: z.enum(['small.webp', 'large.webp', 'xlarge.webp']) }), querystring: CodeQuery },
    },
    async (req, reply) => {
      const { issueId, page, size } = req.params;
      const grant = await tokens.verify(req.query.code, issueId);
      const name = await pageImageFile(app.db, issueId, page, size.slice(0, -'.webp'.length) as PageSize);
      if (!name) throw notFound(`Page ${page}`);
      // The browser may keep it only while the token lives (the URL carries the token).
      const maxAge = Math.max(0, grant.expiresAt - Math.floor(Date.now() / 1000));
      return sendMedia(req, reply, app.storage, 'pages', path.basename(name), `private, max-age=${maxAge}`, `Page ${page}`);
    },
  );

  // --- Progress, on any device of the same reader (read back with the issue, above). ---
  app.post('/api/reader/progress', { ...outbox, schema: { body: ProgressBody, response: { 200: Progress, ...errors } } }, async (req) => {
    const { issueId, page, at } = req.body;
    if (!(await saveProgress(app.db, userId(req), issueId, page, deviceTime(at)))) throw notFound(`Issue ${issueId}`);
    return readProgress(app.db, userId(req), issueId);
  });

  /** The zone or campus the issue is read under (nulls: the reader's own access), or false when it
   * may not be read. */
  const mayRead = (uid: number, issueId: number, ip: string) =>
    checkReading(app.db, uid, issueId, 1, ip).then(
      (ok) => ({ zoneId: ok.zoneId, ipInstitutionId: ok.ipInstitutionId }),
      (err) => {
        if (err instanceof HttpError) return false as const;
        throw err;
      },
    );

  // --- Read events, batched by the reader (and kept on the device while offline). ---
  app.post(
    '/api/reader/events',
    {
      ...signedIn,
      config: { rateLimit: capFor(REQUEST_CAPS.readEvents), idempotent: true },
      schema: { body: ReaderEventsBody, response: { 200: ReaderEventsReply, ...errors } },
    },
    async (req) => {
      const now = Date.now();
      // Device clocks drift and offline events come late: keep what is plausible.
      const plausible = req.body.events.filter((e) => e.at <= now + 5 * 60_000 && e.at >= now - 30 * 86_400_000);
      // Only issues this reader may open count (each issue checked once): otherwise anyone signed in
      // could inflate popularity and the institutions' reports. A reader's batch names a few issues;
      // past READ_EVENT_ISSUES_MAX the rest are dropped, so one request costs a bounded number of checks.
      // Read under a zone pass, they are recorded as such (source 'zone' and the zone); from a
      // campus range, as the campus institution's (source 'ip').
      const readable = new Map<number, { zoneId: number | null; ipInstitutionId: number | null }>();
      for (const issueId of [...new Set(plausible.map((e) => e.issueId))].slice(0, READ_EVENT_ISSUES_MAX)) {
        const under = await mayRead(userId(req), issueId, req.ip);
        if (under !== false) readable.set(issueId, under);
      }
      const events = plausible.filter((e) => readable.has(e.issueId)).map((e) => ({ ...e, ...readable.get(e.issueId)! }));
      const stored = events.length
        ? await storeReadEvents(app.db, userId(req), events, (tx, n) => req.keepAnswer(tx, { status: 1, stored: n }))
        : 0;
      return { status: 1 as const, stored };
    },
  );

  // --- Downloads for offline reading, counted per reader and device. ---
  const usage = async (uid: number, deviceId: string) => {
    const [used, limits, reason] = await Promise.all([
      downloadUsage(app.db, uid, deviceId),
      downloadLimits(app.db, uid, defaults),
      subscriptionRefusal(app.db, uid),
    ]);
    return { allowed: reason === null, reason, issueIds: used.issueIds, used: { issues: used.issues, devices: used.devices }, limits };
  };

  app.get(
    '/api/reader/downloads',
    { ...signedIn, schema: { querystring: z.object({ deviceId: DeviceId }), response: { 200: DownloadsReply, ...errors } } },
    async (req) => usage(userId(req), req.query.deviceId),
  );

  app.post(
    '/api/reader/downloads',
    { ...signedIn, schema: { body: DownloadBody, response: { 200: DownloadReply, ...errors } } },
    async (req) => {
      const uid = userId(req);
      const { issueId, deviceId } = req.body;
      // A zone pass opens online reading only: keeping an issue needs the subscription.
      const grant = await checkReading(app.db, uid, issueId, 1, req.ip).catch((err) => deny(uid, issueId, err));
      if (grant.zoneId !== null) throw new HttpError(403, 'zone_online_only', ZONE_ONLY_DOWNLOAD);
      if (grant.ipInstitutionId !== null) throw new HttpError(403, 'ip_online_only', IP_ONLY_DOWNLOAD);
      const limits = await downloadLimits(app.db, uid, defaults);
      const outcome = await addDownloadWithinLimits(app.db, uid, deviceId, issueId, limits);
      if (outcome === 'device_limit') {
        await deny(
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
          uid,
          issueId,
          new HttpError(
            403,
            'download_limit',
            `You can keep ${limits.issues} issues downloaded at a time. Remove one to download another.`,
          ),
        );
      }
      const { code, expiresAt } = await tokens.sign(req.user!, issueId, req.user!.sessionId);
      return { ...(await usage(uid, deviceId)), code, expiresAt };
    },
  );

  app.post(
    '/api/reader/downloads/remove',
    { ...outbox, schema: { body: RemoveDownloadsBody, response: { 200: OkReply, ...errors } } },
    async (req) => {
      await removeDownloads(app.db, userId(req), req.body.deviceId, req.body.issueIds);
      return { status: 1 as const, message: 'Removed' };
    },
  );
};
export default reader;
