// The content service: catalogue, search and home under /content, with the spec's names.
import type { FastifyPluginAsync } from 'fastify';
import catalogueRoutes from './catalogue';
import searchRoutes from './search';
import homeRoutes from './home';
import favouriteRoutes from './favourites';
import storyRoutes from './stories';
import { responseCache } from '../../plugins/response-cache';
import expensiveQueries from '../../plugins/expensive-queries';
import { isPersonal, readerAgeRating } from './age-rating';
import appLinks from './app-links';
import countryCodeRoutes from './country-codes';
import { visibilityFor } from '../../repositories/access';

// Catalogue answers are the same for everyone with the same query: browsers and the service
// worker may keep them briefly and revalidate cheaply with the ETag.
export const CONTENT_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';
/** A signed-in reader's answers follow their institution's age rating: for their browser only. */
export const PERSONAL_CACHE_CONTROL = 'private, max-age=60';

const contentRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method === 'GET' && reply.statusCode === 200)
      reply.header('Cache-Control', isPersonal(req) ? PERSONAL_CACHE_CONTROL : CONTENT_CACHE_CONTROL);
    else reply.header('Cache-Control', 'no-store');
    if (req.method === 'GET') {
      const vary = reply.getHeader('Vary');
      reply.header('Vary', vary ? `${vary}, Authorization` : 'Authorization');
    }
    return payload;
  });
  await app.register(readerAgeRating);
  await app.register(appLinks);
  await app.register(
    responseCache({
      ttlMs: app.config.contentCacheMs,
      maxBytes: app.config.contentCacheMb * 1024 * 1024,
      // A signed-in reader's answer is the same for every reader under the same age limit.
      variant: (req) => (isPersonal(req) ? `reader-age:${req.readerAgeLimit}` : ''),
      // Listings, home and search depend on an institution only through what it shows (newspapers,
      // journals): institutions that show the same share one answer. At 9 am, a hundred
      // institutions' first students each had home and every listing made anew for their own.
      keyQuery: async (req) => {
        const { edzLibId, ...query } = req.query as { edzLibId?: number };
        return edzLibId === undefined ? req.query : { ...query, shows: await visibilityFor(app.db.read, edzLibId) };
      },
      onLookup: (hit) => app.metrics.cacheLookup(hit),
    }),
  );
  await app.register(expensiveQueries);
  await app.register(catalogueRoutes);
  await app.register(searchRoutes);
  await app.register(homeRoutes);
  await app.register(favouriteRoutes);
  await app.register(storyRoutes);
  await app.register(countryCodeRoutes);
};
export default contentRoutes;
