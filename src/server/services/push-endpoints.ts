// Which push subscription endpoints the server will post to. An endpoint is a URL the browser
// hands over and a client may forge, so without this check a subscription would make the server
// send requests to any address of the subscriber's choosing (SSRF): only https, no user info, and
// a host that is one of the known push services (PUSH_SERVICE_HOSTS).
import crypto from 'node:crypto';

/** "fcm.googleapis.com" matches that host only; "*.notify.windows.com" any host below it. */
export function hostMatches(hostname: string, patterns: readonly string[]): boolean {
  const host = hostname.toLowerCase();
  return patterns.some((p) => (p.startsWith('*.') ? host.endsWith(p.slice(1)) && host.length > p.length - 1 : host === p));
}

/** Longest endpoint kept (real ones are a few hundred characters): the stored form is ASCII, and
 * this keeps it well inside what a PostgreSQL index entry may hold. */
export const MAX_ENDPOINT_LENGTH = 2000;

/** The endpoint in the one form it is stored, compared and sent in (WHATWG serialisation), or null
 * when it is not an https URL on an allowed push service. */
export function allowedPushEndpoint(endpoint: string, hosts: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  return hostMatches(url.hostname, hosts) ? url.href : null;
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** A subscription's keys as RFC 8291 needs them: p256dh an uncompressed P-256 point that is on the
 * curve (65 bytes), auth 16 bytes. Checked when stored, so a bad key is a 400 then, not a failed
 * encryption at every push. */
export function validSubscriptionKeys(keys: { p256dh: string; auth: string }): boolean {
  if (!BASE64URL.test(keys.p256dh) || !BASE64URL.test(keys.auth)) return false;
  const point = Buffer.from(keys.p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 4 || Buffer.from(keys.auth, 'base64url').length !== 16) return false;
  try {
    const ecdh = crypto.createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(point); // throws for a point not on the curve
    return true;
  } catch {
    return false;
  }
}
