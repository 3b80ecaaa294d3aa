// Security headers on every answer (helmet): a Content-Security-Policy that allows only our own
// origin, no framing, no MIME sniffing, a Referrer-Policy, a Permissions-Policy, and HSTS when the
// request came over HTTPS (servedOverHttps). The pages' inline boot scripts and the shell's inline stylesheet are
// allowed by their hashes, computed from the built files at start.
// Helmet's headers depend on nothing in the request: they are worked out once at start and set on
// every answer (@fastify/helmet built the whole policy again, parsing every directive, per request).
import type { IncomingMessage, ServerResponse } from 'node:http';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { firstScreenStyles } from '../first-screen/index';

const sha256Source = (text: string) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** sha-256 sources of the inline scripts or styles in the built pages (none when the app is not built). */
export function inlineHashes(appDir: string, tag: 'script' | 'style'): string[] {
  const hashes = new Set<string>();
  const inline = new RegExp(`<${tag}(?![^>]*\\bsrc=)[^>]*>([\\s\\S]*?)</${tag}>`, 'gi');
  for (const page of ['index.html', 'reader.html']) {
    const file = path.join(appDir, page);
    if (!fs.existsSync(file)) continue;
    const html = fs.readFileSync(file, 'utf8');
    for (const m of html.matchAll(inline)) {
      hashes.add(sha256Source(m[1]));
    }
  }
  return [...hashes];
}

/** Whether the browser reached us over HTTPS: the request itself, or X-Forwarded-Proto from a
 * proxy TRUST_PROXY trusts, or a PUBLIC_URL that starts with https: (the operator's word that
 * visitors only come that way, for a TLS proxy in front whose address TRUST_PROXY does not name).
 * It decides HSTS and the Secure flag of our cookies; both mean nothing to a browser over plain
 * HTTP, so a wrong yes costs nothing there, while a wrong no sends cookies in the clear. */
export function servedOverHttps(req: FastifyRequest): boolean {
  return req.protocol === 'https' || req.server.config.publicUrl.startsWith('https:');
}

/** Routes whose URL carries a reader token (?code=): never sent on as a Referer. */
const TOKEN_ROUTES = /^\/(reader|content\/reader)\//;

export const PERMISSIONS_POLICY = 'geolocation=(self), camera=(), microphone=(), payment=(), usb=()';

/** The headers helmet sets for these options, as [name, value] pairs. */
export function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const res = {
    setHeader: (name: string, value: string) => headers.push([name, value]),
    removeHeader: () => {}, // X-Powered-By, which Node never sets
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

export default fp(async (app) => {
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineHashes(app.config.appDir, 'script')],
        scriptSrcAttr: ["'none'"],
        // The shell's own stylesheet is inline in index.html (vite.config.ts), and the lazy screens'
        // stylesheets in the first screens the server draws: each allowed by its hash.
        styleSrc: [
          "'self'",
          ...inlineHashes(app.config.appDir, 'style'),
          ...Object.values(firstScreenStyles(app.config.appDir)).map(sha256Source),
        ],
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
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    if (TOKEN_ROUTES.test(req.routeOptions.url ?? '')) reply.header('Referrer-Policy', 'no-referrer');
    if (servedOverHttps(req)) reply.header('Strict-Transport-Security', 'max-age=31536000');
  });
});
