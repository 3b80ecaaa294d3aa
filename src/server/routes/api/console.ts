// The librarian console's API: the caller's role and an institution's overview. Each
// further console feature has a route file of its own; all take their checks from the console scope (console-scope.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consoleInstitutions, consoleOverview } from '../../repositories/console';
import { route } from '../endpoint';
import * as endpoints from '../../../shared/endpoints';

const routes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.consoleMe, async (req) => {
    const role = req.consoleRole;
    return { role: role.role, institutions: await consoleInstitutions(app.db, role.institutionId) };
  });

  route(app, endpoints.consoleOverview, async (req) => consoleOverview(app.db, req.consoleInstitution));
};
export default routes;
