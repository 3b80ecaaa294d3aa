// jose checks an HS256 signature through WebCrypto: a job handed to libuv's thread pool for each
// token, the largest single cost in the 9 am burst's profile (docs/performance.md). The same token
// comes back with every request of a signed-in reader (the session token) and every page of an
// issue (the reader token), and the signature of the same text cannot change: a token's claims are
// kept by its exact text once it verified, until its expiry. Only tokens that verified are kept,
// so forged ones cannot fill the map; at most `max`, the oldest first out. Whatever else a caller
// checks (the session still live, the issue) it still checks on every request.
import { jwtVerify, type JWTPayload, type JWTVerifyOptions } from 'jose';

/** An HS256 secret as WebCrypto holds it, imported once. Given the raw bytes, jose imports them
 * anew for every token it signs or checks: a second thread-pool job each time, and twice the CPU
 * (71 → 35 µs a token on this machine). */
export const hs256Key = (secret: Uint8Array): Promise<CryptoKey> =>
  crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);

export function verifiedTokens(key: CryptoKey, options: JWTVerifyOptions, max = 10_000) {
  const kept = new Map<string, Readonly<JWTPayload>>();
  return async (token: string): Promise<Readonly<JWTPayload>> => {
    const hit = kept.get(token);
    // jose's own rule: a token is expired once its exp is not after the current second.
    if (hit && hit.exp! > Math.floor(Date.now() / 1000)) return hit;
    if (hit) kept.delete(token);
    const { payload } = await jwtVerify(token, key, options);
    if (typeof payload.exp === 'number') {
      if (kept.size >= max) kept.delete(kept.keys().next().value!);
      kept.set(token, Object.freeze(payload));
    }
    return payload;
  };
}
