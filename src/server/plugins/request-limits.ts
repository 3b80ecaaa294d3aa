// Plain request-count caps (@fastify/rate-limit), counted per client IP in this process's memory:
// a generous cap on every /api and /content route (RATE_LIMIT_PER_MINUTE, 0 = off) and stricter
// caps on routes where the number of requests is itself the rule. The database counters in
// services/rate-limit.ts stay for what is not a request count (failed codes per contact, …).
// With several server processes each counts on its own. An address on an institution's campus
// (an approved IP range) gets CAMPUS_FACTOR times each cap: a campus's readers share its few
// public addresses (services/campus-addresses.ts).
import { isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { isSelfRequest } from '../self-requests';
import { HttpError } from '../http-error';
import { campusAddresses, type CampusAddresses } from '../services/campus-addresses';

declare module 'fastify' {
  interface FastifyInstance {
    /** Which addresses are in an approved campus range (read again each minute). */
    campus: CampusAddresses;
  }
}

/** How many times more requests a campus address may make than any other: a campus's readers,
 * hundreds at once, share its address. */
export const CAMPUS_FACTOR = 50;

/** Per-route caps: `config: { rateLimit: REQUEST_CAPS.guestSessions }` on the route. */
export const REQUEST_CAPS = {
  /** Guest sessions started from one IP address. */
  guestSessions: { max: 30, timeWindow: 60 * 60_000 },
  /** Usage events from the app, and batches of read events from the reader. */
  usageEvents: { max: 600, timeWindow: 60 * 60_000 },
  readEvents: { max: 600, timeWindow: 60 * 60_000 },
} as const;

/** A cap as a route's rateLimit config, CAMPUS_FACTOR times higher for a campus address. */
export const capFor = (cap: { max: number; timeWindow: number }) => ({
  max: async (req: FastifyRequest) => ((await req.server.campus.holds(req.ip)) ? cap.max * CAMPUS_FACTOR : cap.max),
  timeWindow: cap.timeWindow,
});

const CAPPED = /^\/(api|content)(\/|$)/;
// Page images are token-gated and fetched by the hundred when an issue is downloaded for offline reading.
const PAGE_IMAGES = /^\/content\/reader\/[^/]+\/pages\//;

/** The key a request counts under: its IP address as decided by TRUST_PROXY, an IPv6 address by
 * its /64 (one subscriber's network: a client there can take any address in it). Fastify reads the
 * address from the socket, which is gone once the client hung up: those count together. */
export function clientKey(req: { ip: string | undefined }): string {
  const ip = req.ip;
  if (!ip) return 'gone';
  if (!isIPv6(ip)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export default fp(async (app) => {
  const perMinute = app.config.rateLimitPerMinute;
  app.decorate('campus', campusAddresses(app.db));
  await app.register(rateLimit, {
    global: perMinute > 0,
    max: capFor({ max: perMinute, timeWindow: 60_000 }).max,
    timeWindow: 60_000,
    keyGenerator: (req) => clientKey(req),
    // The global cap: only /api and /content routes (not the app's files, media or health check).
    allowList: (req) => {
      if (isSelfRequest(req)) return true; // the server's own: its warm-up, the first screens' drawing
      const route = req.routeOptions.url ?? '';
      return !CAPPED.test(route) || PAGE_IMAGES.test(route);
    },
    errorResponseBuilder: () => new HttpError(429, 'too_many_requests', 'Too many attempts. Please try again later.'),
  });
});
