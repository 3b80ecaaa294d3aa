// Sign-in: one-time codes by e-mail or SMS, passwords, forgot password, logout. Answers never
// tell a known contact from an unknown one (no account enumeration).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NewPassword, type Contact } from '../../../shared/schemas/account';
import { HttpError } from '../../http-error';
import { revokeSessions } from '../../plugins/auth';
import {
  createUser,
  contactFromKey,
  contactKey,
  contactValue,
  findUserByContact,
  linkByDomain,
  markVerified,
  setPassword,
  userInfo,
} from '../../repositories/users';
import { LIMITS, clientIp, type Check } from '../../services/rate-limit';
import { assertNotCommon, hashNewPassword, verifyPassword } from '../../services/passwords';
import { startAttempt } from '../../services/sign-in-guard';
import { recordUsageEvent } from '../../repositories/usage-events';
import { otpMail, otpText } from '../../services/messages';
import { OTP_RESEND_S, OTP_TTL_S } from '../../services/otp';
import { emailBase64 } from '../../../shared/validation';
import { DEVICE_CODES_LIVE_MAX, DEVICE_CODE_TTL_S, showDeviceCode } from '../../../shared/device-code';
import { createDeviceCode, useDeviceCode } from '../../repositories/device-codes';
import { route } from '../endpoint';
import * as endpoints from '../../../shared/endpoints';

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  /** Sends a code to a contact. Purpose 'reset' sends only to an existing account, 'link' needs a
   * signed-in account; either way the answer looks the same. */
  route(app, endpoints.loginOtpSend, async (req) => {
    const contact = req.body as Contact;
    const { purpose } = req.body;
    let userId: number | null = null;
    if (purpose === 'link') {
      await app.requireUser(req);
      if (req.signedInUser.type === 'guest') throw new HttpError(403, 'forbidden', 'Sign in with your e-mail address first.');
      userId = req.signedInUser.id;
    }
    const { id, code } = await app.otp.create(contact, purpose, userId, req);
    const minutes = OTP_TTL_S / 60;
    const deliver = () =>
      contact.channel === 'email'
        ? app.mailer.send(otpMail(contact.email, code, purpose, minutes, app.unsubscribeUrl(contact.email)))
        : app.sms.send(contactValue(contact), otpText(code, purpose, minutes));
    if (purpose === 'reset') {
      // Only an existing account gets a reset code, and after the answer: waiting for the mail
      // server (or its failure) would tell a known contact from an unknown one.
      if (await findUserByContact(db, contact)) app.later(req, 'sending a reset code', deliver);
    } else {
      try {
        await deliver();
      } catch (err) {
        req.log.error({ err }, 'sending a one-time code failed');
        throw new HttpError(503, 'send_failed', 'We could not send the OTP right now. Please try again in a few minutes.');
      }
    }
    const email = contact.channel === 'email' ? emailBase64(contact.email) : undefined;
    return { status: 1 as const, requestId: id, length: app.otp.length, expiresIn: OTP_TTL_S, resendIn: OTP_RESEND_S, email };
  });

  /** Verifies a sign-in or reset code: signs in (creating the account on first sign-in). */
  route(app, endpoints.loginOtpVerify, async (req) => {
    const { requestId, code } = req.body;
    // A reset checks the new password before spending the code, so a typo costs nothing.
    const purpose = req.body.password !== undefined ? 'reset' : 'login';
    const newPassword = purpose === 'reset' ? NewPassword.safeParse(req.body) : null;
    if (newPassword && !newPassword.success) throw new HttpError(400, 'bad_request', newPassword.error.issues[0].message);
    if (newPassword) assertNotCommon(newPassword.data!.password);
    const otp = await app.otp.consume(requestId, code, purpose, req);
    const contact = contactFromKey(otp.contact);
    let user = await findUserByContact(db, contact);
    if (purpose === 'reset') {
      if (!user) throw new HttpError(400, 'otp_expired', 'Unable to process forgot password request');
      await setPassword(db, user.id, await hashNewPassword(newPassword!.data!.password));
    }
    if (!user) user = await createUser(db, contact);
    else await linkByDomain(db, user);
    await markVerified(db, user.id, contact.channel);
    return { ...(await userInfo(db, user.id)), jwtoken: await app.issueToken(user.id, req) };
  });

  route(app, endpoints.loginPassword, async (req) => {
    const contact = req.body as Contact;
    // The failure is counted before hashing (per account and client, per client, and an
    // account-wide ceiling for passwords only), and given back when the password is right.
    const ip = clientIp(req);
    const key = contactKey(contact);
    const attempt = await startAttempt(db, req, [
      [LIMITS.loginFailPerContactIp, `${key}|${ip}`],
      [LIMITS.loginFailPerIp, ip],
      [LIMITS.passwordFailPerContact, key],
    ] satisfies Check[]);
    const user = await findUserByContact(db, contact);
    let right: boolean;
    try {
      right = (await verifyPassword(req.body.password, user?.password_hash ?? null)) && user !== null;
    } catch (err) {
      await attempt.passed(); // refused before hashing (the queue was full): not a failure
      throw err;
    }
    if (!right || !user) {
      await attempt.failed();
      await app.ownerNotices.failed(req, user, key);
      throw new HttpError(401, 'wrong_password', 'That password is not right for this account. Try again, or sign in with an OTP.');
    }
    await attempt.passed();
    await linkByDomain(db, user);
    return { ...(await userInfo(db, user.id)), jwtoken: await app.issueToken(user.id, req) };
  });

  /** Spec §7 gencode: a code to sign in on another device as this reader (a guest has nothing to
   * hand over). Good once, for DEVICE_CODE_TTL_S; at most DEVICE_CODES_LIVE_MAX unused at a time. */
  route(app, endpoints.gencode, async (req) => {
    await app.requireUser(req);
    if (req.signedInUser.type === 'guest')
      throw new HttpError(403, 'forbidden', 'Sign in with your e-mail address or mobile number first.');
    const made = await createDeviceCode(db, req.signedInUser.id, DEVICE_CODE_TTL_S, DEVICE_CODES_LIVE_MAX);
    if (!made)
      throw new HttpError(
        429,
        'too_many_codes',
        `You already have ${DEVICE_CODES_LIVE_MAX} codes waiting. Use one, or wait until they expire.`,
      );
    return { code: showDeviceCode(made.code), expiresIn: DEVICE_CODE_TTL_S };
  });

  /** Signs in with a code made on another device. A wrong code counts as a failed sign-in from
   * this client (guessing 32^8 codes is then hopeless). */
  route(app, endpoints.loginGencode, async (req) => {
    const ip = clientIp(req);
    const attempt = await startAttempt(db, req, [[LIMITS.loginFailPerIp, ip]] satisfies Check[]);
    const userId = await useDeviceCode(db, req.body.code);
    if (userId === null) {
      await attempt.failed();
      throw new HttpError(401, 'wrong_code', 'That code is not right, or it was used or has expired. Make a new one on your other device.');
    }
    await attempt.passed();
    return { ...(await userInfo(db, userId)), jwtoken: await app.issueToken(userId, req) };
  });

  route(app, endpoints.logout, async (req) => {
    const user = await req.optionalUser();
    if (user) {
      await revokeSessions(db, user.id, { only: user.sessionId });
      await recordUsageEvent(db, 'logout', user.id);
    }
    return { status: 1 as const, message: 'Signed out' };
  });
};
export default routes;
