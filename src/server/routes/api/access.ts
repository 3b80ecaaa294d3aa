// Ways into an institution besides the e-mail domain at sign-up: guest sessions, access codes,
// and linking a verified institutional e-mail address (or a mobile number) to an account.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http-error';
import { signedIn } from '../../plugins/auth';
import {
  bindGuestKey,
  contactFromKey,
  contactTaken,
  createGuest,
  guestByKey,
  setVerifiedContact,
  userInfo,
} from '../../repositories/users';
import { guestKeyHash, guestKeyOf, keepGuestKey, newGuestKey } from '../../services/guest-keys';
import { institutionForDomain, joinInstitution } from '../../repositories/membership';
import { findAccessCode, redeemAccessCode } from '../../repositories/access-codes';
import { LIMITS, clientIp, refund, spend, type Check } from '../../services/rate-limit';
import { otpExpired } from '../../services/otp';
import { REQUEST_CAPS, capFor } from '../../plugins/request-limits';
import { ipInstitution } from '../../repositories/ip-access';
import { route } from '../endpoint';
import * as endpoints from '../../../shared/endpoints';

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  /** Spec §4 guest session, requested with the device's uniqId. The device id is not the
   * credential (the app sends it and may show it): the guest key the server issued to this browser
   * (services/guest-keys.ts) resumes its account; a live guest session resumes its own (and gives
   * an account made before guest keys its key); anything else starts a new guest account with a
   * new key. */
  route(app, endpoints.guestLogin, { config: { rateLimit: capFor(REQUEST_CAPS.guestSessions) } }, async (req, reply) => {
    const { uniqId } = req.body;
    const key = guestKeyOf(req);
    let guestId = key ? await guestByKey(db, guestKeyHash(key), uniqId) : null;
    if (guestId !== null) keepGuestKey(req, reply, key!);
    else {
      const current = await req.optionalUser();
      if (current?.type === 'guest') {
        guestId = current.id;
        await bindKeyOnce(req, reply, current.id);
      } else {
        const fresh = newGuestKey();
        guestId = await createGuest(db, uniqId, guestKeyHash(fresh));
        keepGuestKey(req, reply, fresh);
      }
    }
    return { ...(await userInfo(db, guestId)), jwtoken: await app.issueToken(guestId, req) };
  });

  /** A guest account made before guest keys gets one from a live session of its own, so the
   * device that holds it keeps it after signing out. */
  async function bindKeyOnce(req: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
    const fresh = newGuestKey();
    if (await bindGuestKey(db, userId, guestKeyHash(fresh))) keepGuestKey(req, reply, fresh);
  }

  /** Is the guest session behind this token still good? status 0 when not (spec: nothing happens).
   * The app asks at every start, which is where a guest made before guest keys gets its key. */
  route(app, endpoints.guestValidate, async (req, reply) => {
    const user = await req.optionalUser();
    if (user?.type !== 'guest') return { status: 0 as const };
    await bindKeyOnce(req, reply, user.id);
    return userInfo(db, user.id);
  });

  /** Whose campus this request comes from (IP authentication), so the app can say "Access
   * provided by …" and let a signed-out visitor read there. The address is the request's as
   * TRUST_PROXY decides it: X-Forwarded-For counts only from a trusted proxy. */
  route(app, endpoints.accessIp, async (req) => ({
    institution: await ipInstitution(db, req.ip),
  }));

  await app.register(
    signedIn(async (app) => {
      /** An access code attaches the user (or guest) to its institution until the code's end date. */
      route(app, endpoints.couponValidate, async (req) => {
        const failures: Check[] = [
          [LIMITS.couponFailPerUser, String(req.signedInUser.id)],
          [LIMITS.couponFailPerIp, clientIp(req)],
        ];
        // A failure is counted before the code is looked at (so a burst cannot outrun the count),
        // and given back when the code attaches.
        const spent = await spend(db, failures);
        const fail = (message: string) => new HttpError(400, 'invalid_code', message);
        const code = await findAccessCode(db, req.body.code);
        if (!code) throw fail('This access code is not valid. Check it and try again.');
        if (code.disabled) throw fail('This access code is no longer valid. Ask your librarian for a new one.');
        if (!code.live) throw fail('This access code has expired.');
        if (!(await redeemAccessCode(db, code, req.signedInUser.id)))
          throw fail('This access code has been used as many times as it allows.');
        await refund(db, spent);
        return userInfo(db, req.signedInUser.id);
      });

      /** Completes a 'link' code: adds the verified e-mail address or mobile number to the account;
       * an institutional address also links the account to its institution. */
      route(app, endpoints.accountLink, async (req) => {
        const otp = await app.otp.consume(req.body.requestId, req.body.code, 'link', req);
        if (otp.user_id !== req.signedInUser.id) throw otpExpired();
        const contact = contactFromKey(otp.contact);
        if (await contactTaken(db, contact, req.signedInUser.id))
          throw new HttpError(
            409,
            'conflict',
            `This ${contact.channel === 'email' ? 'e-mail address' : 'mobile number'} belongs to another account.`,
          );
        await setVerifiedContact(db, req.signedInUser.id, contact);
        if (contact.channel === 'email') {
          // Proving an address of an institution links the account to it (the membership rule).
          const institution = await institutionForDomain(db, contact.email);
          if (institution) await joinInstitution(db, req.signedInUser.id, institution);
        }
        return userInfo(db, req.signedInUser.id);
      });
    }),
  );
};
export default routes;
