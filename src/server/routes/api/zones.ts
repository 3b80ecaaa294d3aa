// Smart Reading Zones (/api/zones): the zones near a place, the reader's passes, "I am here" from
// the open app, and the service worker's background ping. The client's address is req.ip, which
// Fastify decides from TRUST_PROXY as configured (X-Forwarded-For is never read here).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http-error';
import { signedIn } from '../../plugins/auth';
import { listZones } from '../../repositories/zones';
import { hashPingKey, userForPingKey } from '../../repositories/push-subscriptions';
import { passesReply, reportHere, sight } from '../../services/zones';
import { clientIp } from '../../services/rate-limit';
import { route } from '../endpoint';
import * as endpoints from '../../../shared/endpoints';

/** Per-reader and per-device caps on top of the per-address cap every /api route has. The app
 * reports a position on a real move or every few minutes; a periodic sync pings a few times a day. */
export const ZONE_CAPS = {
  here: { max: 30, timeWindow: 5 * 60_000 },
  ping: { max: 12, timeWindow: 60 * 60_000 },
} as const;

const routes: FastifyPluginAsyncZod = async (app) => {
  /** A preHandler that counts the request under `key` and answers 429 past the cap. */
  const capped = (cap: { max: number; timeWindow: number }, key: (req: FastifyRequest) => string) => {
    const limit = app.createRateLimit({ ...cap, keyGenerator: key });
    return async (req: FastifyRequest) => {
      const r = await limit(req);
      if (!r.isAllowed && r.isExceeded) throw new HttpError(429, 'too_many_requests', 'Too many attempts. Please try again later.');
    };
  };

  route(app, endpoints.zones, async (req) => {
    const { lat, lng } = req.query;
    return { zones: await listZones(app.db, lat !== undefined && lng !== undefined ? { lat, lng } : undefined) };
  });

  await app.register(
    signedIn(async (app) => {
      // A request from a zone's network counts as being there: opening the app's zone screen on the
      // library's Wi-Fi starts a pass.
      route(app, endpoints.zonesPasses, async (req) =>
        passesReply(app, req.signedInUser.id, await sight(app, req.signedInUser.id, { ip: req.ip })),
      );

      route(app, endpoints.zonesHere, { preHandler: capped(ZONE_CAPS.here, (req) => `zone-here:${req.signedInUser.id}`) }, async (req) => {
        const { position, code, zoneId, token } = req.body;
        const arrived = await reportHere(app, { user: req.signedInUser, ip: req.ip, position, code, zoneId, token }, clientIp(req));
        return passesReply(app, req.signedInUser.id, arrived);
      });
    }),
  );

  // No user token: the service worker pings from a periodic background sync with the key it was
  // given when notifications were turned on. It is exempt from the XSRF check (plugins/xsrf.ts),
  // as a service worker cannot read the cookie; the key in the body is the credential.
  route(
    app,
    endpoints.zonesPing,
    { preHandler: capped(ZONE_CAPS.ping, (req) => `zone-ping:${hashPingKey(String((req.body as { key?: unknown })?.key))}`) },
    async (req) => {
      const who = await userForPingKey(app.db, req.body.key);
      if (!who)
        throw new HttpError(
          404,
          'unknown_ping_key',
          'This device is no longer signed up for zone notifications. Turn them on again in the app.',
        );
      return passesReply(app, who.userId, await sight(app, who.userId, { ip: req.ip }));
    },
  );
};
export default routes;
