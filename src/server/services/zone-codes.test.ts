import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hotp, readZoneToken, screenToken, zoneCodeAt, zoneCodeMatches, zoneToken, zoneTokenSigned } from './zone-codes';

const newZoneSecret = () => crypto.randomBytes(32).toString('base64');

// RFC 6238 appendix B, SHA-1 seed, 8 digits at T = 59, 1111111109, 1234567890, 2000000000 (30 s steps).
const SEED = Buffer.from('12345678901234567890');
const RFC = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
] as const;

describe('the on-site code', () => {
  it('is TOTP as RFC 6238 computes it', () => {
    for (const [t, code] of RFC) expect(hotp(SEED, Math.floor(t / 30), 8)).toBe(code);
    // Six digits are the last six of the same number.
    expect(zoneCodeAt(SEED.toString('base64'), 59_000, 30).code).toBe('287082');
  });

  it('changes every period; the code just before still counts, older ones and others do not', () => {
    const secret = newZoneSecret();
    const t0 = Date.UTC(2026, 10, 20, 10, 0, 0);
    const now = zoneCodeAt(secret, t0);
    expect(now.code).toMatch(/^\d{6}$/);
    expect(now.changesAt.getTime()).toBe(t0 + 300_000);
    expect(zoneCodeAt(secret, t0 + 299_999).code).toBe(now.code);
    expect(zoneCodeMatches(secret, now.code, t0 + 299_999)).toBe(true);
    expect(zoneCodeMatches(secret, now.code, t0 + 300_000)).toBe(true); // the one before
    expect(zoneCodeMatches(secret, now.code, t0 + 600_000)).toBe(false);
    expect(zoneCodeMatches(secret, now.code, t0 - 1)).toBe(false); // not a code from the future
    expect(zoneCodeMatches(newZoneSecret(), now.code, t0)).toBe(false);
    expect(zoneCodeMatches(secret, `${now.code}0`, t0)).toBe(false);
  });
});

describe("a poster's token", () => {
  it('names its zone and expiry, is signed with the zone secret, and any change breaks it', () => {
    const secret = newZoneSecret();
    const expires = new Date('2026-11-28T18:00:00Z');
    const token = zoneToken(secret, 7, expires);
    const read = readZoneToken(token)!;
    expect(read).toMatchObject({ zoneId: 7, expires: expires.getTime() / 1000 });
    expect(zoneTokenSigned(secret, read)).toBe(true);
    expect(zoneTokenSigned(newZoneSecret(), read)).toBe(false);
    expect(zoneTokenSigned(secret, { ...read, zoneId: 8 })).toBe(false);
    expect(zoneTokenSigned(secret, { ...read, expires: read.expires + 1 })).toBe(false);
    for (const bad of ['', 'x', `${token}x`, token.replace(/\./g, '-'), `a${token}`]) expect(readZoneToken(bad)).toBeNull();
  });

  it("a desk screen's token lasts its step and the next, and changes each step", () => {
    const secret = newZoneSecret();
    const at = Date.parse('2026-11-28T10:02:30Z');
    const now = screenToken(secret, 3, at);
    expect(now.refreshAt.toISOString()).toBe('2026-11-28T10:05:00.000Z');
    expect(now.expiresAt.toISOString()).toBe('2026-11-28T10:10:00.000Z');
    expect(screenToken(secret, 3, at + 60_000).token).toBe(now.token);
    expect(screenToken(secret, 3, at + 300_000).token).not.toBe(now.token);
  });
});
