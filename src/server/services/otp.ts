// One-time codes: a secure random code per request, kept only as an HMAC bound to the request
// id, single use, 10 minutes, 5 tries. Six digits by default (OTP_LENGTH), and every try is spent
// before the code is compared: sends per contact, per client IP and (to addresses with no account
// yet) per institution domain and client with a larger ceiling per domain; failures per account
// and client, per client, per institution domain and client for new addresses, and the service's
// failure budget (services/sign-in-guard.ts). Past the domain's failure ceiling, and for a contact
// that drew many wrong codes, a code allows one try: its reader still signs in, a guesser gets one
// guess. The owner of an account is told of repeated failures (services/owner-notice.ts).
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/index';
import type { Contact, OtpPurpose } from '../../shared/schemas/account';
import { otpMessage } from '../../shared/validation';
import { HttpError } from '../http-error';
import { contactFromKey, contactKey, findUserByContact } from '../repositories/users';
import type { OwnerNotices } from './owner-notice';
import { institutionForDomain } from '../repositories/membership';
import { findOtpRequest, insertOtpRequest, spendOtpTry, useOtpRequest, type OtpRequest } from '../repositories/otp-requests';
import { LIMITS, clientIp, counted, spend, spendOne, type Check, type Limit } from './rate-limit';
import { startAttempt } from './sign-in-guard';

export const OTP_TTL_S = 600;
export const OTP_MAX_TRIES = 5;
export const OTP_RESEND_S = 30;
/** Wrong codes for one contact in a day (from anywhere) after which its new codes allow one try:
 * the owner, who reads the code, still signs in; a guesser gets a fifth of the tries. */
export const CODE_FAILS_BEFORE_ONE_TRY = 10;
const CODE_FAILS_PER_CONTACT: Limit = { bucket: 'code-fail-contact', max: 2 ** 31 - 1, windowMs: 24 * 60 * 60_000 };

export const otpExpired = () => new HttpError(400, 'otp_expired', 'This OTP has expired. Please request another OTP.');

export type { OtpRequest };

export function createOtpService(db: Queryable, hashKey: Buffer, length: number, notices: OwnerNotices) {
  const hash = (id: string, code: string) => crypto.createHmac('sha256', hashKey).update(`${id}:${code}`).digest('base64');

  /** The institution domain of an address with no account yet (a sign-in there mints a member).
   * The same queries whether or not the account exists, so the time taken tells nothing. */
  async function newAtInstitution(c: Contact, account: unknown): Promise<string | null> {
    if (c.channel !== 'email') return null;
    const institution = await institutionForDomain(db, c.email);
    return institution === null || account ? null : c.email.slice(c.email.lastIndexOf('@') + 1);
  }

  return {
    length,
    /** Makes a code for the contact; returns the request id and the code to send. */
    async create(c: Contact, purpose: OtpPurpose, userId: number | null, req: FastifyRequest) {
      const contact = contactKey(c);
      const sends: Check[] = [
        [LIMITS.otpSendPerContact, contact],
        [LIMITS.otpSendPerIp, clientIp(req)],
      ];
      const domain = purpose === 'reset' ? null : await newAtInstitution(c, await findUserByContact(db, c));
      if (domain) sends.push([LIMITS.otpSendNewPerDomainClient, `${domain}|${clientIp(req)}`], [LIMITS.otpSendNewPerDomain, domain]);
      await spend(db, sends);
      const tries = (await counted(db, [CODE_FAILS_PER_CONTACT, contact])) >= CODE_FAILS_BEFORE_ONE_TRY ? 1 : OTP_MAX_TRIES;
      const id = crypto.randomUUID();
      const code = String(crypto.randomInt(0, 10 ** length)).padStart(length, '0');
      await insertOtpRequest(db, {
        id,
        channel: c.channel,
        contact,
        purpose,
        user_id: userId,
        codeHash: hash(id, code),
        ttlS: OTP_TTL_S,
        maxAttempts: tries,
      });
      return { id, code };
    },

    /** Spends a try of the request, then checks the code and uses the request up. */
    async consume(requestId: string, code: string, purpose: OtpPurpose, req: FastifyRequest): Promise<OtpRequest> {
      if (code.length !== length) throw new HttpError(400, 'bad_request', otpMessage(length));
      const found = await findOtpRequest(db, requestId);
      if (!found || found.purpose !== purpose) throw otpExpired();
      const ip = clientIp(req);
      const failures: Check[] = [
        [LIMITS.loginFailPerContactIp, `${found.contact}|${ip}`],
        [LIMITS.loginFailPerIp, ip],
      ];
      const contact = contactFromKey(found.contact);
      const account = await findUserByContact(db, contact);
      const domain = purpose === 'reset' ? null : await newAtInstitution(contact, account);
      if (domain) failures.push([LIMITS.codeFailNewPerDomainClient, `${domain}|${ip}`]);
      // Other clients' failures at the domain refuse no one: past the ceiling this try is the code's last.
      const attempt = await startAttempt(db, req, failures, domain ? [[LIMITS.codeFailNewPerDomain, domain]] : []);
      const r = await spendOtpTry(db, requestId, purpose, attempt.overCeiling);
      if (!r) {
        await attempt.passed(); // nothing was compared
        throw otpExpired();
      }
      const expected = Buffer.from(r.code_hash);
      const actual = Buffer.from(hash(r.id, code));
      if (expected.length !== actual.length || !crypto.timingSafeEqual(expected, actual)) {
        await attempt.failed();
        await spendOne(db, [CODE_FAILS_PER_CONTACT, r.contact]);
        // The owner hears of repeated failures (a link code's failures are the signed-in reader's own).
        if (purpose !== 'link') await notices.failed(req, account, r.contact);
        const left = r.max_attempts - r.attempts;
        if (left <= 0) throw otpExpired();
        throw new HttpError(400, 'otp_wrong', `Incorrect OTP. ${left} ${left === 1 ? 'try' : 'tries'} left.`);
      }
      // Single use even when two right tries race: only one UPDATE finds used_at empty.
      if (!(await useOtpRequest(db, r.id))) throw otpExpired();
      await attempt.passed();
      return { id: r.id, channel: r.channel, contact: r.contact, purpose: r.purpose, user_id: r.user_id };
    },
  };
}
export type OtpService = ReturnType<typeof createOtpService>;
