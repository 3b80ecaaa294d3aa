// Title search (magazine-search), page-text search (mag-search), Discover (search_list) and
// article search (stories).
import type { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as endpoints from '../../../shared/endpoints';
import { route } from '../endpoint';
import { assertStore, visibilityFor } from '../../repositories/access';
import { discoverInStory, searchInIssue, searchPages, searchStories, searchTitles } from '../../repositories/search';
import type { MagSearchQuery } from '../../../shared/schemas/content';
import type { ArticleSearchQuery } from '../../../shared/schemas/stories';
import { notFound } from '../../http-error';
import { ageRateFor, readerLimit } from './age-rating';
import { recordSearch } from '../../repositories/counter-usage';

const routes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const read = app.db.read;

  /** COUNTER's Searches_Platform: a signed-in reader's search that retrieves a new set of results
   * (its first page: a next page is the same search) is recorded as its answer goes out, cached
   * answers too. A failure to record is logged and never fails the search. `search` names what
   * was searched, or null for a request that is not a new search. */
  const countSearch =
    (search: (req: FastifyRequest) => string | null) => async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const what = reply.statusCode === 200 ? search(req) : null;
      const user = what === null ? null : await req.optionalUser();
      if (user && what !== null) await recordSearch(db, user.id, what).catch((err: unknown) => req.log.warn({ err }, 'search not counted'));
      return payload;
    };

  route(app, endpoints.contentMagazineSearch, async (req, reply) => {
    const q = req.query;
    await assertStore(read, q.storeID);
    const visibility = await visibilityFor(read, q.edzLibId);
    return app.expensive(reply, (tx) =>
      searchTitles(tx, q.query, {
        visibility,
        storeId: q.storeID,
        ageRate: ageRateFor(req, q.age_rating),
        page: q.page,
        type: q.type,
        lang: q.lang,
        since: q.since,
      }),
    );
  });

  // The app asks /magazine-search (titles) and /mag-search (pages) for one result set: the second
  // counts it. The stories tab is a search of its own.
  route(
    app,
    endpoints.contentMagSearch,
    {
      onSend: countSearch((req) => {
        const q = req.query as z.output<typeof MagSearchQuery>;
        return q.p === 0 ? `pages:${q.q}` : null;
      }),
    },
    async (req, reply) => {
      const q = req.query;
      await assertStore(read, q.storeID);
      const visibility = await visibilityFor(read, q.edzLibId);
      return app.expensive(reply, (tx) =>
        searchPages(tx, q.q, {
          visibility,
          storeId: q.storeID,
          ageRate: ageRateFor(req, q.age_rating),
          page: q.p,
          type: q.type,
          lang: q.lang,
          since: q.since,
        }),
      );
    },
  );

  route(
    app,
    endpoints.contentArticleSearch,
    {
      onSend: countSearch((req) => {
        const q = req.query as z.output<typeof ArticleSearchQuery>;
        return q.page === 0 ? `stories:${q.query}` : null;
      }),
    },
    async (req, reply) => {
      await assertStore(read, req.query.storeID);
      const q = req.query;
      return app.expensive(reply, (tx) =>
        searchStories(tx, q.query, q.page, ageRateFor(req, q.age_rating), { lang: q.lang, since: q.since }),
      );
    },
  );

  route(app, endpoints.contentSearchList, async (req, reply) => {
    const tile = await app.expensive(reply, (tx) => searchInIssue(tx, req.query.q, req.query.issueId, readerLimit(req)));
    if (!tile) throw notFound(`Issue ${req.query.issueId}`);
    return { tile };
  });

  // Discover More on a story result: its matching passages and its issue's matching pages.
  route(app, endpoints.contentStoryDiscover, async (req, reply) => {
    const found = await app.expensive(reply, (tx) => discoverInStory(tx, req.query.q, req.query.url, readerLimit(req)));
    if (!found) throw notFound(`Story '${req.query.url}'`);
    return found;
  });
};
export default routes;
