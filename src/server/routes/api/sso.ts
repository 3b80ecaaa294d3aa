// Institution SSO (/login/sso): list the institutions that offer it, send the browser to the
// identity provider, and complete the sign-in from /login/sso/success. A signed-in reader whose
// account existed before links it from My Account (POST /sso/link), through the same flow.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http-error';
import { signedIn } from '../../plugins/auth';
import { applySsoProfile, userInfo } from '../../repositories/users';
import { joinInstitution } from '../../repositories/membership';
import { linkSsoIdentity, ssoAccount, ssoLinksOf, type SsoRefusal } from '../../repositories/sso';
import { consoleRoleOf } from '../../repositories/console';
import { createSsoService } from '../../services/sso';
import { route } from '../endpoint';
import * as endpoints from '../../../shared/endpoints';

const consoleAccount = () =>
  new HttpError(
    403,
    'sso_console_account',
    "Library console accounts sign in with a code or their password, not through an institution's sign-in.",
  );

/** What a refused institution sign-in tells the reader. */
function refusal(why: SsoRefusal, email: string, institution: string): HttpError {
  if (why === 'console_account') return consoleAccount();
  if (why === 'account_exists')
    return new HttpError(
      409,
      'sso_account_exists',
      `An account with ${email} already exists. Sign in to it with a code or your password, then link ${institution}'s sign-in under My Account.`,
    );
  if (why === 'linked_elsewhere')
    return new HttpError(409, 'sso_linked_elsewhere', `This ${institution} account is already linked to another Lectern account.`);
  return new HttpError(409, 'sso_already_linked', `Your Lectern account is already linked to another ${institution} account.`);
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const sso = createSsoService(db, app.config.publicUrl);

  route(app, endpoints.ssoInstitutions, async () => ({
    institutions: await sso.list(),
  }));

  /** A plain link the browser follows: answers with a redirect to the identity provider. */
  route(app, endpoints.ssoStart, async (req, reply) => {
    const url = await sso.start(req.query.org, req.query.returnTo ?? '/');
    return reply.redirect(url.href, 303);
  });

  await app.register(
    signedIn(async (app) => {
      /** The signed-in reader's institution sign-ins: linked, and those they could link. */
      route(app, endpoints.ssoAccount, async (req) => ssoLinksOf(db, req.signedInUser.id));

      /** Starts linking the signed-in reader's account to their institution's sign-in: the address of
       * the identity provider, which sends the browser back to /login/sso/success. */
      route(app, endpoints.ssoLink, async (req) => {
        if (req.signedInUser.type === 'guest') throw new HttpError(403, 'forbidden', 'Sign in with your e-mail address first.');
        if (await consoleRoleOf(db, req.signedInUser.id)) throw consoleAccount();
        const url = await sso.start(String(req.body.institutionId), req.body.returnTo ?? '/dashboard/myAccount', req.signedInUser.id);
        return { url: url.href };
      });
    }),
  );
  route(app, endpoints.ssoComplete, async (req) => {
    const who = await sso.complete(req.body.search);
    const identity = { issuer: who.issuer, subject: who.subject, email: who.email, institutionId: who.institutionId };
    let token: string | null = null;
    let result: Awaited<ReturnType<typeof ssoAccount>>;
    if (who.linkUserId !== null) {
      // Linking: only for the reader who asked, still signed in; they stay on their session.
      const user = await req.optionalUser();
      if (user?.id !== who.linkUserId)
        throw new HttpError(
          403,
          'sso_failed',
          'Sign-in with your institution did not complete: sign in to the account you started linking from, then try again.',
        );
      token = req.headers.authorization!.replace(/^Bearer\s+/i, '').trim();
      result = await linkSsoIdentity(db, user.id, identity);
    } else result = await ssoAccount(db, identity);
    if ('refused' in result) throw refusal(result.refused, who.email, who.institutionName);
    await applySsoProfile(db, result.userId, who.email, who.firstName, who.lastName);
    await joinInstitution(db, result.userId, who.institutionId);
    return {
      ...(await userInfo(db, result.userId)),
      jwtoken: token ?? (await app.issueToken(result.userId, req)),
      returnTo: who.returnTo,
      linked: token !== null,
    };
  });
};
export default routes;
