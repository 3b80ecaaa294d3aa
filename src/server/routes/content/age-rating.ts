// Spec §5 age rating on /content. A visitor's app sends the rating itself (its ageRating cookie,
// or the defaults: 5 for lists, 9 for search and stories) and it is applied as sent. For a
// signed-in reader of an institution the server decides from the token: the institution's
// rating, whatever the URL or the cookie says. Such answers depend on who asks, so they are
// private for HTTP caches; the server's response cache keeps them under the reader's age limit.
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for a signed-in reader of an institution: its age limit (null: no limit). */
    readerAgeLimit: number | null | undefined;
  }
}

/** Registered before the response cache, so the cache can tell personal answers apart. */
export const readerAgeRating = fp(async (app) => {
  app.decorateRequest('readerAgeLimit', undefined);
  app.addHook('onRequest', async (req) => {
    if (req.method !== 'GET' || !req.headers.authorization) return;
    const user = await req.optionalUser();
    // The institution's limit is read with the session itself (liveSessionUser): no second query.
    if (user) req.readerAgeLimit = user.ageLimit;
  });
});

/** Whether the answer depends on who asks (a signed-in reader of an institution). */
export const isPersonal = (req: FastifyRequest) => req.readerAgeLimit !== undefined;

/** The rating to filter by: the reader's institution's when signed in, else what the app sent. */
export const ageRateFor = (req: FastifyRequest, sent?: number): number | undefined =>
  isPersonal(req) ? (req.readerAgeLimit ?? undefined) : sent;

/** Like ageRateFor, for answers that take no rating from the app (Discover, related titles, one
 * story): only a signed-in reader's institution limits them. */
export const readerLimit = (req: FastifyRequest): number | undefined => req.readerAgeLimit ?? undefined;
