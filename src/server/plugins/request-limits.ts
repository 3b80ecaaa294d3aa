// Plain request-count caps (@fastify/rate-limit), counted per client IP in this process's memory:
// a generous cap on every /api and /content route (RATE_LIMIT_PER_MINUTE, 0 = off) and stricter
// caps on routes where the number of requests is itself the rule. The database counters in
// services/rate-limit.ts stay for what is not a request count (failed codes per contact, …).
// With several server processes each counts on its own.
import { isIPv6 } from 'node:net';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { HttpError } from './errors';

/** Per-route caps: `config: { rateLimit: REQUEST_CAPS.guestSessions }` on the route. */
export const REQUEST_CAPS = {
  /** Guest sessions started from one IP address. */
  guestSessions: { max: 30, timeWindow: 60 * 60_000 },
  /** Usage events from the app, and batches of read events from the reader. */
  usageEvents: { max: 600, timeWindow: 60 * 60_000 },
  readEvents: { max: 600, timeWindow: 60 * 60_000 },
} as const;

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
  await app.register(rateLimit, {
    global: perMinute > 0,
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (req) => clientKey(req),
    // The global cap: only /api and /content routes (not the app's files, media or health check).
    allowList: (req) => {
      const route = req.routeOptions.url ?? '';
      return !CAPPED.test(route) || PAGE_IMAGES.test(route);
    },
    errorResponseBuilder: () => new HttpError(429, 'too_many_requests', 'Too many attempts. Please try again later.'),
  });
});
