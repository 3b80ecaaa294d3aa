// Who may call a console route, checked on the server for every call: a signed-in user with a
// console role, and for an institution's data, a librarian of that institution or an admin.
// Every console route file takes its checks from here, so the rule lives once.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ConsoleInstitution } from '../../../shared/schemas/console';
import { ApiError } from '../../../shared/schemas/errors';
import { consoleInstitutions, consoleRoleOf, type ConsoleRole } from '../../repositories/console';
import { HttpError } from '../../http-error';
import { isRefusal, type Refusal } from '../../repositories/refusal';

/** The error answers every console route declares. */
export const consoleErrors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError, 429: ApiError };

/** A repository's answer, or its refusal as a 4xx. */
export function answer<T>(result: T | Refusal): T {
  if (isRefusal(result)) throw new HttpError(result.refused, result.code, result.message);
  return result;
}

export function consoleGuard(app: FastifyInstance) {
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

  /** 403 unless the caller is an admin (the operator side: institutions, roles). */
  async function requireAdmin(req: FastifyRequest): Promise<void> {
    if ((await roleOf(req)).role !== 'admin') throw new HttpError(403, 'forbidden', 'That is for Lectern admins.');
  }

  return { roleOf, institutionFor, requireAdmin };
}
