// One-time codes: a secure random code per request, kept only as an HMAC bound to the request
// id, single use, 10 minutes, 5 wrong tries. Four digits are about 13 bits, so the limits carry
// the security: sends per contact and IP per hour, failures per contact per day and per IP.
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/index';
import type { Contact, OtpPurpose } from '../../shared/schemas/account';
import { otpMessage } from '../../shared/validation';
import { HttpError } from '../plugins/errors';
import { contactKey } from '../repositories/users';
import { LIMITS, isLimited, recordEvent } from './rate-limit';

export const OTP_TTL_S = 600;
export const OTP_MAX_TRIES = 5;
export const OTP_RESEND_S = 30;

export const tooMany = () => new HttpError(429, 'too_many_requests', 'Too many attempts. Please try again later.');
const expired = () => new HttpError(400, 'otp_expired', 'This OTP has expired. Please request another OTP.');

export interface OtpRequest { id: string; channel: 'email' | 'mobile'; contact: string; purpose: OtpPurpose; user_id: number | null }

export function createOtpService(db: Queryable, key: Buffer, length: number) {
  const hash = (id: string, code: string) => crypto.createHmac('sha256', key).update(`${id}:${code}`).digest('base64');

  return {
    length,
    /** Makes a code for the contact; returns the request id and the code to send. */
    async create(c: Contact, purpose: OtpPurpose, userId: number | null, req: FastifyRequest) {
      const key = contactKey(c);
      if ((await isLimited(db, LIMITS.otpSendPerContact, key)) || (await isLimited(db, LIMITS.otpSendPerIp, req.ip))) throw tooMany();
      await recordEvent(db, LIMITS.otpSendPerContact, key);
      await recordEvent(db, LIMITS.otpSendPerIp, req.ip);
      const id = crypto.randomUUID();
      const code = String(crypto.randomInt(0, 10 ** length)).padStart(length, '0');
      await db.query(
        `INSERT INTO otp_requests (id, channel, contact, purpose, user_id, code_hash, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))`,
        [id, c.channel, key, purpose, userId, hash(id, code), OTP_TTL_S],
      );
      return { id, code };
    },

    /** Checks a code against its request and uses it up; a wrong code counts against the limits. */
    async consume(requestId: string, code: string, purpose: OtpPurpose, req: FastifyRequest): Promise<OtpRequest> {
      const { rows } = await db.query<OtpRequest & { code_hash: string; attempts: number; live: boolean }>(
        `SELECT id, channel, contact, purpose, user_id, code_hash, attempts, (used_at IS NULL AND expires_at > now()) AS live
         FROM otp_requests WHERE id = $1`,
        [requestId],
      );
      const r = rows[0];
      if (!r || r.purpose !== purpose || !r.live || r.attempts >= OTP_MAX_TRIES) throw expired();
      if ((await isLimited(db, LIMITS.loginFailPerContact, r.contact)) || (await isLimited(db, LIMITS.loginFailPerIp, req.ip))) throw tooMany();
      if (code.length !== length) throw new HttpError(400, 'bad_request', otpMessage(length));
      const expected = Buffer.from(r.code_hash);
      const actual = Buffer.from(hash(r.id, code));
      if (expected.length !== actual.length || !crypto.timingSafeEqual(expected, actual)) {
        await db.query(`UPDATE otp_requests SET attempts = attempts + 1 WHERE id = $1`, [r.id]);
        await recordEvent(db, LIMITS.loginFailPerContact, r.contact);
        await recordEvent(db, LIMITS.loginFailPerIp, req.ip);
        const left = OTP_MAX_TRIES - r.attempts - 1;
        if (left <= 0) throw expired();
        throw new HttpError(400, 'otp_wrong', `Incorrect OTP. ${left} ${left === 1 ? 'try' : 'tries'} left.`);
      }
      // Single use even when two requests race: only one UPDATE finds used_at empty.
      const used = await db.query(`UPDATE otp_requests SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING id`, [r.id]);
      if (!used.rows.length) throw expired();
      return r;
    },
  };
}
export type OtpService = ReturnType<typeof createOtpService>;
