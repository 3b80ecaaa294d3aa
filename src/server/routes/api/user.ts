// The signed-in user's own data: details (login refresh), sign-up completion, profile,
// password, e-mail preferences; and unsubscribe, which needs no sign-in.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ChangePasswordBody, DeletionReply, EmailPreferences, OkReply, ProfileBody, SignupBody, UnsubscribeBody, UserInfo } from '../../../shared/schemas/account';
import { ApiError } from '../../../shared/schemas/errors';
import { HttpError } from '../../plugins/errors';
import { revokeSessions } from '../../plugins/auth';
import { findUserById, splitName, userInfo } from '../../repositories/users';
import { hashNewPassword, verifyPassword } from '../../services/passwords';
import { deletionMail, passwordChangedMail } from '../../services/messages';
import { ACCOUNT_DELETION_DAYS } from '../../jobs/housekeeping';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 409: ApiError };
const noGuests = () => new HttpError(403, 'forbidden', 'Guests cannot do this. Sign in with your e-mail address.');

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const signedIn = { preHandler: app.requireUser };

  app.post('/user/details', { ...signedIn, schema: { response: { 200: UserInfo, ...errors } } }, async (req) => userInfo(db, req.user!.id));

  /** Completes sign-up after the first code: full name and a password (spec §2 sign-up form). */
  app.post('/user/signup', { ...signedIn, schema: { body: SignupBody, response: { 200: UserInfo, ...errors } } }, async (req) => {
    if (req.user!.type === 'guest') throw noGuests();
    const user = await findUserById(db, req.user!.id);
    if (user.password_hash) throw new HttpError(409, 'conflict', 'This account already has a password. Change it under Manage Password.');
    const { first, last } = splitName(req.body.fullName);
    await db.query(`UPDATE users SET first_name = $2, last_name = $3, password_hash = $4 WHERE id = $1`, [
      user.id, first, last, await hashNewPassword(req.body.password),
    ]);
    return userInfo(db, user.id);
  });

  app.post('/user/profile', { ...signedIn, schema: { body: ProfileBody, response: { 200: UserInfo, ...errors } } }, async (req) => {
    const { first, last } = splitName(req.body.fullName);
    await db.query(`UPDATE users SET first_name = $2, last_name = $3 WHERE id = $1`, [req.user!.id, first, last]);
    return userInfo(db, req.user!.id);
  });

  /** Sets or changes the password; every other session of the user ends. */
  app.post('/user/password', { ...signedIn, schema: { body: ChangePasswordBody, response: { 200: OkReply, ...errors } } }, async (req) => {
    if (req.user!.type === 'guest') throw noGuests();
    const user = await findUserById(db, req.user!.id);
    if (user.password_hash && !(await verifyPassword(req.body.currentPassword ?? '', user.password_hash))) {
      throw new HttpError(400, 'wrong_password', 'Your current password is not right.');
    }
    await db.query(`UPDATE users SET password_hash = $2 WHERE id = $1`, [user.id, await hashNewPassword(req.body.password)]);
    await revokeSessions(db, user.id, { except: req.user!.sessionId });
    if (user.email) await app.mailer.send(passwordChangedMail(user.email, app.unsubscribeUrl(user.email))).catch((err) => req.log.warn({ err }, 'password mail failed'));
    return { status: 1 as const, message: 'Password updated successfully' };
  });

  app.get('/user/emailpreference', { ...signedIn, schema: { response: { 200: EmailPreferences, ...errors } } }, async (req) => {
    const { rows } = await db.query<{ email_prefs: EmailPreferences }>(`SELECT email_prefs FROM users WHERE id = $1`, [req.user!.id]);
    return rows[0].email_prefs;
  });
  app.post('/user/emailpreference', { ...signedIn, schema: { body: EmailPreferences, response: { 200: EmailPreferences, ...errors } } }, async (req) => {
    await db.query(`UPDATE users SET email_prefs = $2 WHERE id = $1`, [req.user!.id, JSON.stringify(req.body)]);
    return req.body;
  });

  /** Spec §1: deletion within 30 days of a request. The request is recorded and confirmed by
   * mail, every session ends, and the housekeeping job removes the account when due; signing in
   * before then cancels it. */
  app.post('/user/delete', { ...signedIn, schema: { response: { 200: DeletionReply, ...errors } } }, async (req) => {
    if (req.user!.type === 'guest') throw noGuests();
    const { rows } = await db.query<{ email: string | null; delete_after: Date }>(
      `UPDATE users SET delete_after = now() + make_interval(days => $2) WHERE id = $1 RETURNING email, delete_after`,
      [req.user!.id, ACCOUNT_DELETION_DAYS],
    );
    await revokeSessions(db, req.user!.id, {});
    const { email, delete_after } = rows[0];
    if (email) await app.mailer.send(deletionMail(email, delete_after, app.unsubscribeUrl(email))).catch((err) => req.log.warn({ err }, 'deletion mail failed'));
    return { status: 1 as const, deleteAfter: Math.floor(delete_after.getTime() / 1000) };
  });

  /** The link in every mail: stops all optional mail to the address, no sign-in needed. */
  app.post('/unsubscribe', { schema: { body: UnsubscribeBody, response: { 200: OkReply, ...errors } } }, async (req) => {
    const email = app.unsubscribeEmail(req.body.t);
    if (!email) throw new HttpError(400, 'bad_request', 'This unsubscribe link is not valid.');
    await db.query(`UPDATE users SET email_prefs = '{"newIssues": false, "recommendations": false, "productNews": false}' WHERE email = $1`, [email]);
    return { status: 1 as const, message: `${email} will get no more newsletters or reading suggestions.` };
  });
};
export default routes;
