// The librarian console's API (issue 15). Every call is checked on the server: a signed-in user
// with a console role, and for an institution's data, a librarian of that institution or an admin.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../../shared/schemas/errors';
import { ConsoleMe, ConsoleOverview, InstitutionParams, type ConsoleInstitution } from '../../../shared/schemas/console';
import { consoleInstitutions, consoleOverview, consoleRoleOf, type ConsoleRole } from '../../repositories/console';
import { HttpError } from '../../plugins/errors';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 429: ApiError };

const routes: FastifyPluginAsyncZod = async (app) => {
  /** The caller's console role; 403 for a reader without one. */
  async function roleOf(req: FastifyRequest): Promise<ConsoleRole> {
    const role = await consoleRoleOf(app.db, req.user!.id);
    if (!role) throw new HttpError(403, 'forbidden', 'The library console is for librarians.');
    return role;
  }

  /** The institution the caller asks for, if they may run it: 403 for another institution's
   * librarian, 404 for an institution that does not exist. */
  async function institutionFor(req: FastifyRequest, institutionId: number): Promise<ConsoleInstitution> {
    const role = await roleOf(req);
    if (role.role === 'librarian' && role.institutionId !== institutionId)
      throw new HttpError(403, 'forbidden', "That is another institution's console.");
    const found = (await consoleInstitutions(app.db, institutionId)).at(0);
    if (!found) throw new HttpError(404, 'not_found', 'There is no such institution.');
    return found;
  }

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
