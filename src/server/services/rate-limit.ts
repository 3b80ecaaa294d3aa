// Sliding-window limits kept in the database so every server process counts the same events.
import type { Queryable } from '../db/index';
import { HttpError } from '../plugins/errors';

export const LIMITS = {
  /** Codes sent to one e-mail address or mobile number. */
  otpSendPerContact: { bucket: 'otp-send', max: 5, windowMs: 60 * 60_000 },
  otpSendPerIp: { bucket: 'otp-send-ip', max: 30, windowMs: 60 * 60_000 },
  /** Wrong codes or passwords for one contact. */
  loginFailPerContact: { bucket: 'login-fail', max: 10, windowMs: 24 * 60 * 60_000 },
  loginFailPerIp: { bucket: 'login-fail-ip', max: 50, windowMs: 60 * 60_000 },
  /** Wrong access codes. */
  couponFailPerUser: { bucket: 'coupon-fail', max: 10, windowMs: 60 * 60_000 },
  couponFailPerIp: { bucket: 'coupon-fail-ip', max: 30, windowMs: 60 * 60_000 },
  guestPerIp: { bucket: 'guest-ip', max: 30, windowMs: 60 * 60_000 },
  /** Contact-form messages (each sends a confirmation mail). */
  contactPerIp: { bucket: 'contact-ip', max: 10, windowMs: 60 * 60_000 },
  /** Usage events reported by the app. */
  eventsPerIp: { bucket: 'events-ip', max: 600, windowMs: 60 * 60_000 },
} as const;
export type Limit = (typeof LIMITS)[keyof typeof LIMITS];

export async function isLimited(db: Queryable, limit: Limit, key: string): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM rate_events WHERE bucket = $1 AND key = $2 AND at > now() - make_interval(secs => $3)`,
    [limit.bucket, key, limit.windowMs / 1000],
  );
  return rows[0].n >= limit.max;
}

export async function recordEvent(db: Queryable, limit: Limit, key: string): Promise<void> {
  await db.query(`INSERT INTO rate_events (bucket, key) VALUES ($1, $2)`, [limit.bucket, key]);
}

export const tooMany = () => new HttpError(429, 'too_many_requests', 'Too many attempts. Please try again later.');

/** The IP address a request counts under. Fastify reads it from the socket, which is gone once the
 * client hung up (a page closed mid-request): those count together. */
export const clientIp = (req: { ip: string | undefined }): string => req.ip ?? 'gone';

/** A limit and the key it counts (a contact, an account, an IP address). */
export type Check = [Limit, string];

/** 429 when any of the limits is reached. */
export async function assertWithin(db: Queryable, checks: Check[]): Promise<void> {
  for (const [limit, key] of checks) if (await isLimited(db, limit, key)) throw tooMany();
}

/** Counts one event against each limit. */
export async function recordAll(db: Queryable, checks: Check[]): Promise<void> {
  for (const [limit, key] of checks) await recordEvent(db, limit, key);
}

/** Forgets events older than the longest window (run by the housekeeping job). */
export async function pruneRateEvents(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM rate_events WHERE at < now() - interval '25 hours'`);
}
