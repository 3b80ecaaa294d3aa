// appLinkUrl (spec §3) is a page's absolute address on PUBLIC_URL: the store apps claim that host
// (/.well-known), so the link opens in the app where it is installed and in the browser otherwise.
// The repositories give the path; this app's PUBLIC_URL is added here, at the edge.
import fp from 'fastify-plugin';

function absolute(value: unknown, base: string): void {
  if (Array.isArray(value)) {
    for (const v of value) absolute(v, base);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const o = value as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    const v = o[key];
    if (key === 'appLinkUrl' && typeof v === 'string' && v.startsWith('/')) o[key] = base + v;
    else if (v && typeof v === 'object') absolute(v, base);
  }
}

export default fp(async (app) => {
  const base = app.config.publicUrl.replace(/\/$/, '');
  app.addHook('preSerialization', async (_req, _reply, payload) => {
    absolute(payload, base);
    return payload;
  });
});
