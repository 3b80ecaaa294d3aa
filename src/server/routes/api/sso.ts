// Institution SSO (/login/sso): list the institutions that offer it, send the browser to the
// identity provider, and complete the sign-in from /login/sso/success.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LoginReply, SsoCompleteBody, SsoStartQuery } from '../../../shared/schemas/account';
import { ApiError } from '../../../shared/schemas/errors';
import { applySsoProfile, createUser, findUserByContact, userInfo } from '../../repositories/users';
import { joinInstitution } from '../../repositories/membership';
import { createSsoService } from '../../services/sso';

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const sso = createSsoService(db, app.config.publicUrl);

  app.get(
    '/sso/institutions',
    {
      schema: {
        response: { 200: z.object({ institutions: z.array(z.object({ id: z.number(), name: z.string(), code: z.string().nullable() })) }) },
      },
    },
    async () => ({
      institutions: await sso.list(),
    }),
  );

  /** A plain link the browser follows: answers with a redirect to the identity provider. */
  app.get('/sso/start', { schema: { querystring: SsoStartQuery, response: { 404: ApiError, 503: ApiError } } }, async (req, reply) => {
    const url = await sso.start(req.query.org, req.query.returnTo ?? '/');
    return reply.redirect(url.href, 303);
  });

  const CompleteReply = LoginReply.extend({ returnTo: z.string() });
  app.post('/sso/complete', { schema: { body: SsoCompleteBody, response: { 200: CompleteReply, 400: ApiError } } }, async (req) => {
    const who = await sso.complete(req.body.search);
    const contact = { channel: 'email' as const, email: who.email };
    const user = (await findUserByContact(db, contact)) ?? (await createUser(db, contact));
    await applySsoProfile(db, user.id, who.firstName, who.lastName);
    await joinInstitution(db, user.id, who.institutionId);
    return { ...(await userInfo(db, user.id)), jwtoken: await app.issueToken(user.id, req), returnTo: who.returnTo };
  });
};
export default routes;
