// Security headers on every answer (helmet): a Content-Security-Policy that allows only our own
// origin, no framing, no MIME sniffing, a Referrer-Policy, a Permissions-Policy, and HSTS when the
// request came over HTTPS. The reader's inline boot script (reader.html) is allowed by its hash,
// computed from the built file at start, so it still runs before the reader's code has loaded.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/** sha-256 sources of the inline scripts in the built pages (none when the app is not built). */
export function inlineScriptHashes(appDir: string): string[] {
  const hashes = new Set<string>();
  for (const page of ['index.html', 'reader.html']) {
    const file = path.join(appDir, page);
    if (!fs.existsSync(file)) continue;
    const html = fs.readFileSync(file, 'utf8');
    for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
      hashes.add(`'sha256-${crypto.createHash('sha256').update(m[1], 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes];
}

/** Routes whose URL carries a reader token (?code=): never sent on as a Referer. */
const TOKEN_ROUTES = /^\/(reader|content\/reader)\//;

export const PERMISSIONS_POLICY = 'geolocation=(self), camera=(), microphone=(), payment=(), usb=()';

export default fp(async (app) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(app.config.appDir)],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'"],
        // Covers and pages come from /media and /content; downloads are shown from blob: URLs.
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Set below, only for HTTPS requests: over plain HTTP (a phone on the LAN) it would mean nothing.
    strictTransportSecurity: false,
  });

  app.addHook('onRequest', async (req, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    if (TOKEN_ROUTES.test(req.routeOptions.url ?? '')) reply.header('Referrer-Policy', 'no-referrer');
    if (req.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000');
  });
});
