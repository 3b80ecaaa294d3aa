// The signed-in reader's reading: progress, on any device of the same reader (read back with the
// issue, see pages.ts), and read events, batched by the reader and kept on the device while
// offline. Both come from the app's offline outbox, which sends an Idempotency-Key.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, notFound } from '../../http-error';
import { REQUEST_CAPS, capFor } from '../../plugins/request-limits';
import { checkReading } from '../../repositories/entitlement';
import { readProgress, saveProgress, storeReadEvents } from '../../repositories/reader';
import { deviceTime } from '../../services/device-time';
import { route } from '../endpoint';
import * as endpoints from '../../../shared/endpoints';

/** Distinct issues one batch of read events may count. */
export const READ_EVENT_ISSUES_MAX = 20;

const routes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.readerProgress, { config: { idempotent: true } }, async (req) => {
    const { issueId, page, at } = req.body;
    if (!(await saveProgress(app.db, req.signedInUser.id, issueId, page, deviceTime(at)))) throw notFound(`Issue ${issueId}`);
    return readProgress(app.db, req.signedInUser.id, issueId);
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

  route(app, endpoints.readerEvents, { config: { rateLimit: capFor(REQUEST_CAPS.readEvents), idempotent: true } }, async (req) => {
    const uid = req.signedInUser.id;
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
      const under = await mayRead(uid, issueId, req.ip);
      if (under !== false) readable.set(issueId, under);
    }
    const events = plausible.filter((e) => readable.has(e.issueId)).map((e) => ({ ...e, ...readable.get(e.issueId)! }));
    const stored = events.length ? await storeReadEvents(app.db, uid, events, (tx, n) => req.keepAnswer(tx, { status: 1, stored: n })) : 0;
    return { status: 1 as const, stored };
  });
};
export default routes;
