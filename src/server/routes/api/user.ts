// The signed-in user's own data: details (login refresh), sign-up completion, profile,
// password, e-mail preferences; and unsubscribe, which needs no sign-in.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http-error';
import { signedIn } from '../../plugins/auth';
import {
  completeSignup,
  emailPreferences,
  findUserById,
  requestDeletion,
  setEmailPreferences,
  setName,
  setPassword,
  splitName,
  unsubscribeAll,
  userInfo,
} from '../../repositories/users';
import { hashNewPassword, verifyPassword } from '../../services/passwords';
import { LIMITS, clientIp } from '../../services/rate-limit';
import { startAttempt } from '../../services/sign-in-guard';
import { deletionMail, passwordChangedMail } from '../../services/messages';
import { ACCOUNT_DELETION_DAYS } from '../../jobs/housekeeping';

import { route } from '../endpoint';
import * as endpoints from '../../../shared/endpoints';
const noGuests = () => new HttpError(403, 'forbidden', 'Guests cannot do this. Sign in with your e-mail address.');

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  // The login refresh (spec §4). A uid that is not this session's user means the device holds
  // another reader's details: refused, so the app signs in again rather than mixing the two.
  route(app, endpoints.userDetails, async (req) => {
    if (req.body?.uid && req.body.uid !== Buffer.from(req.signedInUser.uuid).toString('base64'))
      throw new HttpError(409, 'other_user', "This device holds another reader's details. Please sign in again.");
    return userInfo(db, req.signedInUser.id);
  });

  /** Completes sign-up after the first code: full name and a password (spec §2 sign-up form). */
  route(app, endpoints.userSignup, async (req) => {
    if (req.signedInUser.type === 'guest') throw noGuests();
    const hasPassword = () => new HttpError(409, 'conflict', 'This account already has a password. Change it under Manage Password.');
    const user = await findUserById(db, req.signedInUser.id);
    if (user.password_hash) throw hasPassword();
    const { first, last } = splitName(req.body.fullName);
    if (!(await completeSignup(db, user.id, first, last, await hashNewPassword(req.body.password)))) throw hasPassword();
    return userInfo(db, user.id);
  });

  route(app, endpoints.userProfile, async (req) => {
    const { first, last } = splitName(req.body.fullName);
    await setName(db, req.signedInUser.id, first, last);
    return userInfo(db, req.signedInUser.id);
  });

  /** Sets or changes the password; every other session of the user ends. */
  route(app, endpoints.userPassword, async (req) => {
    if (req.signedInUser.type === 'guest') throw noGuests();
    const user = await findUserById(db, req.signedInUser.id);
    if (user.password_hash) {
      // A wrong current password counts like a wrong sign-in (a taken session is no password oracle).
      const ip = clientIp(req);
      const attempt = await startAttempt(db, req, [
        [LIMITS.loginFailPerContactIp, `user:${user.id}|${ip}`],
        [LIMITS.loginFailPerIp, ip],
        [LIMITS.passwordFailPerContact, `user:${user.id}`],
      ]);
      if (!(await verifyPassword(req.body.currentPassword ?? '', user.password_hash))) {
        await attempt.failed();
        await app.ownerNotices.failed(req, user, `user:${user.id}`);
        throw new HttpError(400, 'wrong_password', 'Your current password is not right.');
      }
      await attempt.passed();
    }
    await setPassword(db, user.id, await hashNewPassword(req.body.password), req.signedInUser.sessionId);
    if (user.email)
      await app.mailer
        .send(passwordChangedMail(user.email, app.unsubscribeUrl(user.email)))
        .catch((err) => req.log.warn({ err }, 'password mail failed'));
    return { status: 1 as const, message: 'Password updated successfully' };
  });

  route(app, endpoints.userEmailpreference, async (req) => {
    return emailPreferences(db, req.signedInUser.id);
  });
  route(app, endpoints.userEmailpreferenceSave, { ...signedIn, config: { idempotent: true } }, async (req) => {
    await setEmailPreferences(db, req.signedInUser.id, req.body);
    return req.body;
  });

  /** Spec §1: deletion within 30 days of a request. The request is recorded and confirmed by
   * mail, every session ends, and the housekeeping job removes the account when due; signing in
   * before then cancels it. */
  route(app, endpoints.userDelete, async (req) => {
    if (req.signedInUser.type === 'guest') throw noGuests();
    const { email, delete_after } = await requestDeletion(db, req.signedInUser.id, ACCOUNT_DELETION_DAYS);
    if (email)
      await app.mailer
        .send(deletionMail(email, delete_after, app.unsubscribeUrl(email)))
        .catch((err) => req.log.warn({ err }, 'deletion mail failed'));
    return { status: 1 as const, deleteAfter: Math.floor(delete_after.getTime() / 1000) };
  });
};

/** The link in every mail: stops all optional mail to the address, no sign-in needed. */
const unsubscribe: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.unsubscribe, async (req) => {
    const email = app.unsubscribeEmail(req.body.t);
    if (!email) throw new HttpError(400, 'bad_request', 'This unsubscribe link is not valid.');
    await unsubscribeAll(app.db, email);
    return { status: 1 as const, message: `${email} will get no more newsletters or reading suggestions.` };
  });
};

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(signedIn(routes));
  await app.register(unsubscribe);
};
export default userRoutes;
