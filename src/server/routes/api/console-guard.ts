// Who may call a console route, checked on the server for every call: a signed-in user with a
// console role, and for an institution's data, a librarian of that institution or an admin.
// The console scope (console-scope.ts) runs consoleGuard before every console route, so the rule
// lives once and no handler can skip it.
import type { FastifyRequest, RouteOptions } from 'fastify';
import type { ConsoleInstitution } from '../../../shared/schemas/console';
import { ApiError } from '../../../shared/schemas/errors';
import type { Queryable } from '../../db/index';
import { consoleInstitutions, consoleRoleOf, type ConsoleRole } from '../../repositories/console';
import { HttpError } from '../../http-error';
import { isRefusal, type Refusal } from '../../repositories/refusal';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by the console scope on every route it registers: consoleGuard runs before it. */
    console?: boolean;
    /** Set by the console scope on a route with an :institutionId: the caller must run it. */
    consoleInstitution?: boolean;
    /** A console route for Lectern admins only (the operator side: institutions, roles, titles). */
    consoleAdmin?: boolean;
  }
  interface FastifyRequest {
    /** The caller's console role, for a route in the console scope. */
    readonly consoleRole: ConsoleRole;
    /** The institution named by the route's :institutionId, once the caller may run it. */
    readonly consoleInstitution: ConsoleInstitution;
    consoleAccess: { role: ConsoleRole; institution: ConsoleInstitution | null } | null;
  }
}

/** The route parameter that names an institution; every console route with it is checked. */
export const INSTITUTION_PARAM = 'institutionId';

/** Route options of a console route for Lectern admins only. */
export const adminOnly = { config: { consoleAdmin: true } };

/** The error answers every console route declares. */
export const consoleErrors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError, 429: ApiError };

/** A repository's answer, or its refusal as a 4xx. */
export function answer<T>(result: T | Refusal): T {
  if (isRefusal(result)) throw new HttpError(result.refused, result.code, result.message);
  return result;
}

/** The console's checks for one call, in this order: 403 for a reader without a console role,
 * 403 for a librarian on an admin route, then for a route with an :institutionId, 403 for another
 * institution's librarian and 404 for an institution that does not exist. Runs as a preHandler,
 * after input validation, as the checks always have. */
export async function consoleGuard(db: Queryable, req: FastifyRequest): Promise<void> {
  const role = await consoleRoleOf(db, req.signedInUser.id);
  if (!role) throw new HttpError(403, 'forbidden', 'The library console is for librarians.');
  if (req.routeOptions.config.consoleAdmin && role.role !== 'admin') throw new HttpError(403, 'forbidden', 'That is for Lectern admins.');
  req.consoleAccess = { role, institution: null };
  if (!req.routeOptions.config.consoleInstitution) return;
  // validated by the route's params schema, which the scope makes every such route declare
  const institutionId = (req.params as Record<string, unknown>)[INSTITUTION_PARAM];
  if (typeof institutionId !== 'number') throw new HttpError(404, 'not_found', 'There is no such institution.');
  if (role.role === 'librarian' && role.institutionId !== institutionId)
    throw new HttpError(403, 'forbidden', "That is another institution's console.");
  const found = (await consoleInstitutions(db, institutionId)).at(0);
  if (!found) throw new HttpError(404, 'not_found', 'There is no such institution.');
  req.consoleAccess.institution = found;
}

/** What the console scope makes of a route as it is added: marked as a console route, with the
 * institution check when its URL names an institution. A route that could escape the checks (a
 * URL outside the console's, an :institutionId the guard could not read as a number) is refused,
 * which stops the server at start. */
export function consoleRoute(route: RouteOptions & { prefix: string }, consolePath: string): void {
  const where = `${route.method} ${route.url}`;
  if (!route.url.startsWith(`${route.prefix}${consolePath}/`))
    throw new Error(`${where}: a console route's URL starts with ${consolePath}/`);
  const institution = route.url.split('/').includes(`:${INSTITUTION_PARAM}`);
  if (institution && !route.schema?.params)
    throw new Error(`${where}: a console route with :${INSTITUTION_PARAM} declares a params schema`);
  route.config = { ...route.config, console: true, consoleInstitution: institution };
}

/** The getters behind req.consoleRole and req.consoleInstitution: reading either where the guard
 * did not run is a programming error, not the caller's. */
export const consoleRequestDecorations = {
  consoleRole: {
    getter(this: FastifyRequest): ConsoleRole {
      if (!this.consoleAccess) throw new Error('consoleRole read outside the console scope');
      return this.consoleAccess.role;
    },
  },
  consoleInstitution: {
    getter(this: FastifyRequest): ConsoleInstitution {
      if (!this.consoleAccess?.institution) throw new Error('consoleInstitution read on a route without an :institutionId');
      return this.consoleAccess.institution;
    },
  },
};
