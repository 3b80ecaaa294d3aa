// POST /api/zones/:id/arrivals: a Wi-Fi controller or captive portal tells us a user joined the
// zone's network, signed with the zone's webhook secret: X-Lectern-Timestamp (unix seconds, at
// most 5 minutes off) and X-Lectern-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>">.
// A signature seen before is refused (the replay memory is shared by every process). The answer is
// the same for a member, a stranger and a stop ("recorded"). No cookie or session counts here (it is
// exempt from the XSRF check): the signature is the whole credential. The body is kept raw in this
// plugin, as the signature covers its exact bytes.
import crypto from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ArrivalBody } from '../../../shared/schemas/network-arrivals';
import { HttpError } from '../../http-error';
import { REPLAY_WINDOW_S, firstSighting, webhookSecret } from '../../repositories/network-arrivals';
import { arriveNamed } from '../../services/zones';
import { route } from '../endpoint';
import * as endpoints from '../../../shared/endpoints';

export const ARRIVALS_ROUTE = '/api/zones/:id/arrivals';
/** Requests a zone's webhook takes a minute (a campus's controller at a lecture's end). */
const PER_ZONE = { max: 600, timeWindow: 60_000 };
const unsigned = (message: string) => new HttpError(401, 'bad_signature', message);

const routes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 4096 }, (_req, body, done) => done(null, body));
  const limit = app.createRateLimit({ ...PER_ZONE, keyGenerator: (req) => `zone-arrivals:${(req.params as { id?: string }).id}` });

  route(
    app,
    endpoints.zonesArrivals,
    {
      preHandler: async (req) => {
        const r = await limit(req);
        if (!r.isAllowed && r.isExceeded)
          throw new HttpError(429, 'too_many_requests', 'Too many arrivals for this zone. Please slow down.');
      },
    },
    async (req) => {
      const raw = req.body as unknown;
      if (!Buffer.isBuffer(raw)) throw new HttpError(400, 'no_body', 'Send the arrival as a JSON body.');
      const secret = await webhookSecret(app.db, req.params.id);
      if (secret === null) throw new HttpError(404, 'no_webhook', 'This zone takes no arrivals webhook (or there is no such zone).');
      const stamp = String(req.headers['x-lectern-timestamp'] ?? '');
      if (!/^\d{1,12}$/.test(stamp)) throw unsigned('X-Lectern-Timestamp must be the time in unix seconds.');
      if (Math.abs(Date.now() / 1000 - Number(stamp)) > REPLAY_WINDOW_S)
        throw new HttpError(401, 'stale_timestamp', 'X-Lectern-Timestamp is more than 5 minutes off: check the sender’s clock.');
      const given = /^sha256=([0-9a-f]{64})$/i.exec(String(req.headers['x-lectern-signature'] ?? ''));
      if (!given) throw unsigned('X-Lectern-Signature must be sha256=<64 hex digits>.');
      const expected = crypto.createHmac('sha256', secret).update(`${stamp}.`).update(raw).digest();
      if (!crypto.timingSafeEqual(expected, Buffer.from(given[1], 'hex')))
        throw unsigned('The signature does not match: sign "<timestamp>.<body>" with the zone’s webhook secret.');
      let json: unknown;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new HttpError(400, 'bad_json', 'The body is not JSON.');
      }
      const body = ArrivalBody.safeParse(json);
      if (!body.success)
        throw new HttpError(400, 'bad_arrival', 'The body must be {"user": "<e-mail or Wi-Fi identity>", "event": "start" or "stop"}.');
      if (!(await firstSighting(app.db, `webhook:${given[1].toLowerCase()}`)))
        throw new HttpError(409, 'replayed', 'This signed arrival was sent before; each is taken once.');
      if (body.data.event === 'start') await arriveNamed(app, body.data.user, [req.params.id]);
      return { status: 1 as const, recorded: true as const };
    },
  );
};
export default routes;
