// The on-site code of a Smart Reading Zone: a short code shown at the zone's desk (the console
// shows it; a poster can later carry it) that a reader types to prove they are there. It is a
// TOTP (RFC 6238: HMAC-SHA-1 of the time step, dynamic truncation) over a per-zone secret that the
// server makes and never shows, with a step of ZONE_CODE_PERIOD_S: the code changes on its own and
// one seen at the desk stays good for one more step. Guesses are limited by the caller (a wrong
// code counts as a failure per account and per client).
import crypto from 'node:crypto';
import type { Queryable } from '../db/index';
import { ZONE_CODE_DIGITS, ZONE_CODE_PERIOD_S } from '../../shared/zones';
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
