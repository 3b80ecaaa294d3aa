// Usage events from the app, stored with the reader and institution when signed in: the data
// behind popularity and the librarians' reports. Limited per IP address.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REQUEST_CAPS, capFor } from '../../plugins/request-limits';
import { recordUsageEvent, recordView } from '../../repositories/usage-events';
import { notFound } from '../../http-error';
import { route } from '../endpoint';
import * as endpoints from '../../../shared/endpoints';

const routes: FastifyPluginAsyncZod = async (app) => {
  // Idempotency-Key is honoured when signed in (signed out there is no reader to key it on).
  route(app, endpoints.events, { config: { rateLimit: capFor(REQUEST_CAPS.usageEvents), idempotent: true } }, async (req) => {
    const user = await req.optionalUser();
    const detail = req.body.mode === undefined ? req.body.detail : `${req.body.mode}:${req.body.detail ?? ''}`;
    const answer = { status: 1 as const, message: 'Recorded' };
    await app.db.transaction(async (tx) => {
      await recordUsageEvent(tx, req.body.kind, user?.id ?? null, detail ?? null);
      await req.keepAnswer(tx, answer);
    });
    return answer;
  });

  // Story reads and title views: the content answers are cached for everyone, so the app says
  // what the reader saw here, once per story or title shown. Signed out there is no institution
  // to report to (and no reader to count once): nothing is stored.
  route(app, endpoints.eventsView, { config: { rateLimit: capFor(REQUEST_CAPS.usageEvents), idempotent: true } }, async (req) => {
    const user = await req.optionalUser();
    if (!user) return { status: 1 as const, message: 'Not recorded: signed out' };
    const answer = { status: 1 as const, message: 'Recorded' };
    if (!(await recordView(app.db, user.id, req.body, (tx) => req.keepAnswer(tx, answer))))
      throw notFound(req.body.kind === 'story_read' ? `Story '${req.body.url}'` : `Magazine ${req.body.mid}`);
    return answer;
  });
};
export default routes;
