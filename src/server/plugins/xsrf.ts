// XSRF double submit (spec §9 names): every response that lacks it sets the XSRF-TOKEN cookie
// (readable by the app, signed by the server); every state-changing /api and /content call must
// echo it in the X-XSRF-TOKEN header. A forged form on another site can send the cookie but not read it.
import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import { serverSecret } from '../services/secrets';
import { HttpError } from './errors';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const PUBLIC_CACHED = /^\/(content|media)\//;

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
    // Not on public, shared-cacheable answers (/content, /media): a cache must not keep a cookie.
    if (!valid(current) && !PUBLIC_CACHED.test(req.url)) {
      const nonce = crypto.randomBytes(18).toString('base64url');
      reply.setCookie(XSRF_COOKIE, `${nonce}.${sign(nonce)}`, {
        path: '/', sameSite: 'lax', secure: req.protocol === 'https', httpOnly: false, maxAge: 365 * 86400,
      });
    }
    if (SAFE.has(req.method) || !/^\/(api|content)\//.test(req.url)) return;
    const header = req.headers[XSRF_HEADER];
    if (!valid(current) || header !== current) {
      throw new HttpError(403, 'xsrf', 'This request could not be verified. Reload the page and try again.');
    }
  });
});
