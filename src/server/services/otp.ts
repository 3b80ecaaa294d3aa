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
import { LIMITS, assertWithin, clientIp, recordAll, type Check } from './rate-limit';

export const OTP_TTL_S = 600;
export const OTP_MAX_TRIES = 5;
export const OTP_RESEND_S = 30;

export const otpExpired = () => new HttpError(400, 'otp_expired', 'This OTP has expired. Please request another OTP.');

export interface OtpRequest { id: string; channel: 'email' | 'mobile'; contact: string; purpose: OtpPurpose; user_id: number | null }

export function createOtpService(db: Queryable, hashKey: Buffer, length: number) {
  const hash = (id: string, code: string) => crypto.createHmac('sha256', hashKey).update(`${id}:${code}`).digest('base64');

  return {
    length,
    /** Makes a code for the contact; returns the request id and the code to send. */
    async create(c: Contact, purpose: OtpPurpose, userId: number | null, req: FastifyRequest) {
      const contact = contactKey(c);
      const sends: Check[] = [[LIMITS.otpSendPerContact, contact], [LIMITS.otpSendPerIp, clientIp(req)]];
      await assertWithin(db, sends);
      await recordAll(db, sends);
      const id = crypto.randomUUID();
      const code = String(crypto.randomInt(0, 10 ** length)).padStart(length, '0');
      await db.query(
        `INSERT INTO otp_requests (id, channel, contact, purpose, user_id, code_hash, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))`,
        [id, c.channel, contact, purpose, userId, hash(id, code), OTP_TTL_S],
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
      if (!r || r.purpose !== purpose || !r.live || r.attempts >= OTP_MAX_TRIES) throw otpExpired();
      const failures: Check[] = [[LIMITS.loginFailPerContact, r.contact], [LIMITS.loginFailPerIp, clientIp(req)]];
      await assertWithin(db, failures);
      if (code.length !== length) throw new HttpError(400, 'bad_request', otpMessage(length));
      const expected = Buffer.from(r.code_hash);
      const actual = Buffer.from(hash(r.id, code));
      if (expected.length !== actual.length || !crypto.timingSafeEqual(expected, actual)) {
        await db.query(`UPDATE otp_requests SET attempts = attempts + 1 WHERE id = $1`, [r.id]);
        await recordAll(db, failures);
        const left = OTP_MAX_TRIES - r.attempts - 1;
        if (left <= 0) throw otpExpired();
        throw new HttpError(400, 'otp_wrong', `Incorrect OTP. ${left} ${left === 1 ? 'try' : 'tries'} left.`);
      }
      // Single use even when two requests race: only one UPDATE finds used_at empty.
      const used = await db.query(`UPDATE otp_requests SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING id`, [r.id]);
      if (!used.rows.length) throw otpExpired();
      return r;
    },
  };
}
export type OtpService = ReturnType<typeof createOtpService>;
