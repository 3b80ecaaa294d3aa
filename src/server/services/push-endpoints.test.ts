import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PUSH_SERVICE_HOSTS_DEFAULT } from '../config';
import { allowedPushEndpoint, hostMatches, validSubscriptionKeys } from './push-endpoints';

describe('push endpoints', () => {
  it('matches exact hosts and subdomains of a wildcard, nothing that merely ends alike', () => {
    const hosts = PUSH_SERVICE_HOSTS_DEFAULT;
    expect(hostMatches('fcm.googleapis.com', hosts)).toBe(true);
    expect(hostMatches('FCM.googleapis.com', hosts)).toBe(true);
    expect(hostMatches('wns2-par02p.notify.windows.com', hosts)).toBe(true);
    expect(hostMatches('notify.windows.com', hosts)).toBe(false);
    expect(hostMatches('evilnotify.windows.com', hosts)).toBe(false);
    expect(hostMatches('fcm.googleapis.com.evil.example', hosts)).toBe(false);
    expect(hostMatches('api.push.apple.com', hosts)).toBe(true);
  });

  it('keeps https endpoints on a known host, in their normalised form, and refuses the rest', () => {
    const hosts = PUSH_SERVICE_HOSTS_DEFAULT;
    expect(allowedPushEndpoint('https://FCM.googleapis.com/fcm/send/a', hosts)).toBe('https://fcm.googleapis.com/fcm/send/a');
    expect(allowedPushEndpoint('https://fcm.googleapis.com:443/fcm/send/a', hosts)).toBe('https://fcm.googleapis.com/fcm/send/a');
    for (const bad of [
      'http://fcm.googleapis.com/x',
      'https://user@fcm.googleapis.com/x',
      'https://evil.example\\@fcm.googleapis.com/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'not a url',
      'javascript:alert(1)',
    ])
      expect(allowedPushEndpoint(bad, hosts), bad).toBeNull();
  });

  it('accepts a P-256 public point and a 16-byte secret, nothing else', () => {
    const ecdh = crypto.createECDH('prime256v1');
    const point = ecdh.generateKeys();
    const auth = crypto.randomBytes(16).toString('base64url');
    expect(validSubscriptionKeys({ p256dh: point.toString('base64url'), auth })).toBe(true);
    const offCurve = Buffer.from(point);
    offCurve[64] ^= 1;
    expect(validSubscriptionKeys({ p256dh: offCurve.toString('base64url'), auth })).toBe(false);
    expect(validSubscriptionKeys({ p256dh: ecdh.getPublicKey(undefined, 'compressed').toString('base64url'), auth })).toBe(false);
    expect(validSubscriptionKeys({ p256dh: point.toString('base64url'), auth: crypto.randomBytes(12).toString('base64url') })).toBe(false);
    expect(validSubscriptionKeys({ p256dh: `${point.toString('base64url')}!`, auth })).toBe(false);
  });
});
