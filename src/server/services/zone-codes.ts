// The on-site code of a Smart Reading Zone: a short code shown at the zone's desk (the console
// shows it; a poster can later carry it) that a reader types to prove they are there. It is a
// TOTP (RFC 6238: HMAC-SHA-1 of the time step, dynamic truncation) over a per-zone secret that the
// server makes and never shows, with a step of ZONE_CODE_PERIOD_S: the code changes on its own and
// one seen at the desk stays good for one more step. Guesses are limited by the caller (a wrong
// code counts as a failure per account and per client).
import crypto from 'node:crypto';
import type { Queryable } from '../db/index';
import { ZONE_CODE_DIGITS, ZONE_CODE_PERIOD_S, ZONE_TOKEN_SCREEN_S, ZONE_TOKEN_STEP_S } from '../../shared/zones';
import { zoneCodeSecret } from '../repositories/zones';

/** RFC 4226 HOTP of `counter`, `digits` long. */
export function hotp(secret: Buffer, counter: number, digits = ZONE_CODE_DIGITS): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = crypto.createHmac('sha1', secret).update(msg).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const bin = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(bin % 10 ** digits).padStart(digits, '0');
}

const stepAt = (at: number, periodS: number) => Math.floor(at / 1000 / periodS);

export interface ZoneCode {
  code: string;
  /** When this code stops being shown (the next one starts). */
  changesAt: Date;
  periodSeconds: number;
}

/** The code to show at the desk now. */
export function zoneCodeAt(secret: string, at = Date.now(), periodS = ZONE_CODE_PERIOD_S): ZoneCode {
  const step = stepAt(at, periodS);
  return { code: hotp(Buffer.from(secret, 'base64'), step), changesAt: new Date((step + 1) * periodS * 1000), periodSeconds: periodS };
}

/** Whether `code` is the one shown now or the one just before (compared in constant time). */
export function zoneCodeMatches(secret: string, code: string, at = Date.now(), periodS = ZONE_CODE_PERIOD_S): boolean {
  const key = Buffer.from(secret, 'base64');
  const step = stepAt(at, periodS);
  const given = Buffer.from(code);
  let match = false;
  for (const s of [step, step - 1]) {
    const expected = Buffer.from(hotp(key, s));
    if (given.length === expected.length && crypto.timingSafeEqual(given, expected)) match = true;
  }
  return match;
}

/** A zone's code now (null when there is no such zone). */
export async function currentZoneCode(db: Queryable, zoneId: number, at = Date.now()): Promise<ZoneCode | null> {
  const secret = await zoneCodeSecret(db, zoneId);
  return secret === null ? null : zoneCodeAt(secret, at);
}

// ---------- the poster's QR token ----------
// "<zone>.<expires, unix seconds>.<MAC>": an HMAC-SHA-256 (16 bytes kept, base64url) of the zone and
// the expiry under a key derived from the zone's code secret (its own purpose, so a token never
// helps guess the desk's code). Only the server, which holds the secret, can make one; changing the
// zone or the expiry breaks the MAC.

const tokenKey = (secret: string) =>
  crypto.createHmac('sha256', Buffer.from(secret, 'base64')).update('lectern zone poster token').digest();
const tokenMac = (secret: string, zoneId: number, expires: number) =>
  crypto.createHmac('sha256', tokenKey(secret)).update(`${zoneId}.${expires}`).digest().subarray(0, 16).toString('base64url');

/** A token for the zone good until `expiresAt` (whole seconds). */
export function zoneToken(secret: string, zoneId: number, expiresAt: Date): string {
  const expires = Math.ceil(expiresAt.getTime() / 1000);
  return `${zoneId}.${expires}.${tokenMac(secret, zoneId, expires)}`;
}

/** A desk screen's token now: good for ZONE_TOKEN_SCREEN_S from the start of this step, and the
 * screen shows the next one when the step ends. */
export function screenToken(secret: string, zoneId: number, at = Date.now()): { token: string; expiresAt: Date; refreshAt: Date } {
  const step = Math.floor(at / 1000 / ZONE_TOKEN_STEP_S) * ZONE_TOKEN_STEP_S;
  const expiresAt = new Date((step + ZONE_TOKEN_SCREEN_S) * 1000);
  return { token: zoneToken(secret, zoneId, expiresAt), expiresAt, refreshAt: new Date((step + ZONE_TOKEN_STEP_S) * 1000) };
}

/** What a token says, unchecked: its zone and expiry (null when it is not shaped like one). */
export function readZoneToken(token: string): { zoneId: number; expires: number; mac: string } | null {
  const m = /^(\d{1,9})\.(\d{1,12})\.([A-Za-z0-9_-]{22})$/.exec(token);
  return m ? { zoneId: Number(m[1]), expires: Number(m[2]), mac: m[3] } : null;
}

/** Whether the token's MAC is the zone's (constant time); its expiry is the caller's to check. */
export function zoneTokenSigned(secret: string, t: { zoneId: number; expires: number; mac: string }): boolean {
  const expected = Buffer.from(tokenMac(secret, t.zoneId, t.expires));
  const given = Buffer.from(t.mac);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** The token as the database keeps it (the readers it let in), never the token itself. */
export const zoneTokenHash = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');
