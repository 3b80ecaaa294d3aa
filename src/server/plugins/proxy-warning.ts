// Behind a reverse proxy with TRUST_PROXY unset, every visitor has the proxy's address: each
// per-client limit counts them all as one, and a zone by network sees only the proxy. A request
// that carries X-Forwarded-For is the sign of such a proxy; the operator is told once per
// process, not at every request.
import fp from 'fastify-plugin';

export default fp(async (app) => {
  if (app.config.trustProxy !== false) return;
  let warned = false;
  app.addHook('onRequest', async (req) => {
    if (warned || req.headers['x-forwarded-for'] === undefined) return;
    warned = true;
    app.log.warn(
      `A request came through a proxy (X-Forwarded-For) from ${req.socket.remoteAddress}, but TRUST_PROXY is unset: ` +
        'every visitor counts as that one address in the per-client limits and zones. Set TRUST_PROXY to the proxy ' +
        '(a hop count such as 1, its address, or loopback). Said once.',
    );
  });
});
