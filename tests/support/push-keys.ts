// What a browser makes when it subscribes to push (RFC 8291 §2): an ECDH P-256 key pair and a
// 16-byte authentication secret, of which the public key (p256dh) and the secret (auth) go to the
// server inside PushSubscription.toJSON(). Tests keep the private half to decrypt what arrives.
import crypto from 'node:crypto';

export interface SubscriptionKeys {
  /** The user agent's key pair (the private key decrypts). */
  ecdh: crypto.ECDH;
  /** Uncompressed public point, 65 bytes. */
  publicKey: Buffer;
  /** The authentication secret, 16 bytes. */
  authSecret: Buffer;
  /** The two as PushSubscription.toJSON() spells them (base64url, no padding). */
  p256dh: string;
  auth: string;
}

export function makeSubscriptionKeys(): SubscriptionKeys {
  const ecdh = crypto.createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const authSecret = crypto.randomBytes(16);
  return { ecdh, publicKey, authSecret, p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') };
}

/** The JSON a browser's PushSubscription gives for this endpoint and these keys. */
export function pushSubscriptionJson(endpoint: string, keys: SubscriptionKeys) {
  return { endpoint, expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}
