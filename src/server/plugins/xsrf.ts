// XSRF double submit (spec §9 names): every response that lacks it sets the XSRF-TOKEN cookie
// (readable by the app, signed by the server); every state-changing /api and /content call must
// echo it in the X-XSRF-TOKEN header. A forged form on another site can send the cookie but not read it.
import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import { servedOverHttps } from './security-headers';
import cookie from '@fastify/cookie';
import { serverSecret } from '../services/secrets';
import { HttpError } from '../http-error';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const PUBLIC_CACHED = /^\/(content|media|assets)\//;
const GUARDED = /^\/(api|content)(\/|$)/;
const ZONE_PING = '/api/zones/ping';
const ZONE_ARRIVALS = /^\/api\/zones\/\d+\/arrivals$/;
const ZONE_ARRIVALS_ROUTE = '/api/zones/:id/arrivals';

/** The path a request names, as a router could read it: percent-decoded, duplicate slashes and dot
 * segments removed, lower case. A malformed percent-encoding is a 400. Deciding on the raw URL let
 * `POST /%61pi/...` through, as the router decodes it to /api/... */
export function normalisedPath(url: string): string {
  let p: string;
  try {
    p = decodeURIComponent(url.split('?')[0]);
  } catch {
    throw new HttpError(400, 'bad_request', 'The address is not valid (bad percent-encoding).');
  }
  const out: string[] = [];
  for (const seg of p.replace(/\\/g, '/').split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  return `/${out.join('/')}${p.endsWith('/') && out.length ? '/' : ''}`.toLowerCase();
}

export default fp(async (app) => {
  await app.register(cookie);
  const key = await serverSecret(app.db, 'xsrf-key');
  const sign = (nonce: string) => crypto.createHmac('sha256', key).update(nonce).digest('base64url');
  const valid = (token: string | undefined): token is string => {
    const [nonce, sig] = (token ?? '').split('.');
    if (!nonce || !sig) return false;
    const expected = Buffer.from(sign(nonce));
    const actual = Buffer.from(sig);
    return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
  };

  app.addHook('onRequest', async (req, reply) => {
    const current = req.cookies[XSRF_COOKIE];
    const pathname = normalisedPath(req.url);
    // Not on public, shared-cacheable answers (/content, /media, the built files in /assets): a
    // cache must not keep a cookie, and a shared one would not keep the answer.
    if (!valid(current) && !PUBLIC_CACHED.test(pathname)) {
      const nonce = crypto.randomBytes(18).toString('base64url');
      reply.setCookie(XSRF_COOKIE, `${nonce}.${sign(nonce)}`, {
        path: '/',
        sameSite: 'lax',
        secure: servedOverHttps(req),
        httpOnly: false,
        maxAge: 365 * 86400,
      });
    }
    // Every method but the safe ones, on the path as written and on the route it reached.
    if (SAFE.has(req.method) || !(GUARDED.test(pathname) || GUARDED.test(req.routeOptions.url ?? ''))) return;
    // The exemptions: the service worker's zone ping (a service worker has no document.cookie).
    // It carries no session and no cookie grants anything there: the ping key in its body, which
    // another site cannot know, is the whole credential. Both the path and the route must be it.
    if (req.method === 'POST' && pathname === ZONE_PING && req.routeOptions.url === ZONE_PING) return;
    // And a venue's arrivals webhook: sent by a Wi-Fi controller, signed with the zone's secret,
    // which is its whole credential (no cookie or session is read there).
    if (req.method === 'POST' && ZONE_ARRIVALS.test(pathname) && req.routeOptions.url === ZONE_ARRIVALS_ROUTE) return;
    const header = req.headers[XSRF_HEADER];
    if (!valid(current) || header !== current) {
      throw new HttpError(403, 'xsrf', 'This request could not be verified. Reload the page and try again.');
    }
  });
});
