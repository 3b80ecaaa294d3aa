// SAML service provider endpoints, outside /api: an institution's identity provider fetches our
// metadata and posts its answers here. The assertion service takes a cross-site form post with no
// XSRF token; the signed, one-use answer is the whole credential, and nothing is signed in here: the
// browser is sent on to /login/sso/success with a one-use handle that the app collects
// (services/saml.ts). Refused answers count against the client's address (LIMITS.samlFailPerIp).
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../http-error';
import { institutionExists } from '../repositories/sso';
import { LIMITS, clientIp, refund, spend } from '../services/rate-limit';
import { SAML_RESPONSE_MAX, createSamlService } from '../services/saml';

const Params = z.object({ institutionId: z.coerce.number().int().positive().max(2_147_483_647) });

const routes: FastifyPluginAsync = async (app) => {
  const saml = createSamlService(app.db, app.config.publicUrl);
  // In this plugin only: the HTTP-POST binding's form, read as plain fields.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: SAML_RESPONSE_MAX + 8 * 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const institution = (params: unknown) => {
    const parsed = Params.safeParse(params);
    if (!parsed.success) throw new HttpError(404, 'not_found', 'There is no such institution.');
    return parsed.data.institutionId;
  };

  app.get('/saml/:institutionId/metadata', async (req, reply) => {
    const id = institution(req.params);
    if (!(await institutionExists(app.db, id))) throw new HttpError(404, 'not_found', 'There is no such institution.');
    return reply
      .type('application/samlmetadata+xml')
      .header('cache-control', 'public, max-age=3600')
      .send(await saml.metadata(id));
  });

  app.post('/saml/:institutionId/acs', async (req, reply) => {
    const id = institution(req.params);
    const spent = await spend(app.db, [[LIMITS.samlFailPerIp, clientIp(req)]]);
    const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
    const result = await saml.consume(id, body);
    if ('error' in result) {
      req.log.info({ institutionId: id, refused: result.error }, 'saml answer refused');
      return reply.redirect(`/login/sso/success?saml_error=${result.error}`, 303);
    }
    await refund(app.db, spent);
    return reply.redirect(`/login/sso/success?saml=${result.handle}`, 303);
  });
};
export default routes;
