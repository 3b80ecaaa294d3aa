// The librarian console's API: the caller's role and an institution's overview. Each
// further console feature has a route file of its own; all take their checks from the console scope (console-scope.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ConsoleMe, ConsoleOverview, InstitutionParams } from '../../../shared/schemas/console';
import { consoleInstitutions, consoleOverview } from '../../repositories/console';
import { consoleErrors as errors } from './console-guard';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/console/me', { schema: { response: { 200: ConsoleMe, ...errors } } }, async (req) => {
    const role = req.consoleRole;
    return { role: role.role, institutions: await consoleInstitutions(app.db, role.institutionId) };
  });

  app.get(
    '/console/institutions/:institutionId/overview',
    { schema: { params: InstitutionParams, response: { 200: ConsoleOverview, ...errors } } },
    async (req) => consoleOverview(app.db, req.consoleInstitution),
  );
};
export default routes;
