// The librarian console's API: the caller's role and an institution's overview. Each
// further console feature has a route file of its own; all take their checks from console-guard.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ConsoleMe, ConsoleOverview, InstitutionParams } from '../../../shared/schemas/console';
import { consoleInstitutions, consoleOverview } from '../../repositories/console';
import { consoleErrors as errors, consoleGuard } from './console-guard';

const routes: FastifyPluginAsyncZod = async (app) => {
  const { roleOf, institutionFor } = consoleGuard(app);

  app.get('/console/me', { preHandler: app.requireUser, schema: { response: { 200: ConsoleMe, ...errors } } }, async (req) => {
    const role = await roleOf(req);
    return { role: role.role, institutions: await consoleInstitutions(app.db, role.institutionId) };
  });

  app.get(
    '/console/institutions/:institutionId/overview',
    { preHandler: app.requireUser, schema: { params: InstitutionParams, response: { 200: ConsoleOverview, ...errors } } },
    async (req) => consoleOverview(app.db, await institutionFor(req, req.params.institutionId)),
  );
};
export default routes;
