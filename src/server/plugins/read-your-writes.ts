// Read-your-writes with a replica (db/replica.ts): a request that may have written (any method but
// GET, HEAD, OPTIONS) sets a short-lived cookie with the time it answered. While the cookie lasts,
// that browser's reads go to the replica only once it has caught up past that time, else to the
// primary. A cookie rather than server memory, so the rule holds across processes and machines;
// after DATABASE_READ_MAX_LAG_MS the replica either holds the write or is not read at all.
import fp from 'fastify-plugin';
import { servedOverHttps } from './security-headers';
import { readConsistency } from '../db/replica';

export const WROTE_COOKIE = 'lectern-wrote';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export default fp(async (app) => {
  if (app.db.replicaLagMs() === null) return; // no replica: every read is on the primary already
  const maxAge = Math.max(1, Math.ceil(app.config.databaseReadMaxLagMs / 1000));

  // A callback hook, so the handler runs inside this context. A forged or future time only sends
  // the sender's own reads to the primary.
  app.addHook('onRequest', (req, _reply, done) => {
    const at = Number(req.cookies[WROTE_COOKIE]);
    const wroteAt = Number.isSafeInteger(at) && at > 0 ? Math.min(at, Date.now()) : 0;
    readConsistency.run({ wroteAt }, done);
  });

  app.addHook('onSend', async (req, reply, payload) => {
    if (!SAFE.has(req.method))
      reply.setCookie(WROTE_COOKIE, String(Date.now()), {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: servedOverHttps(req),
        maxAge,
      });
    return payload;
  });
});
