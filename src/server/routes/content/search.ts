// Title search (magazine-search), page-text search (mag-search), Discover (search_list) and
// article search (stories).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MagazineSearchQuery,
  MagazineSearchResponse,
  MagSearchQuery,
  MagSearchResponse,
  SearchListQuery,
  SearchListResponse,
} from '../../../shared/schemas/content';
import { ApiError } from '../../../shared/schemas/errors';
import { visibilityFor } from '../../repositories/access';
import { searchInIssue, searchPages, searchStories, searchTitles } from '../../repositories/search';
import { ArticleSearchQuery, ArticleSearchResponse } from '../../../shared/schemas/stories';
import { notFound } from '../../plugins/errors';
import { ageRateFor, readerLimit } from './age-rating';

const errors = { 400: ApiError, 404: ApiError };

const routes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/magazine-search',
    { schema: { querystring: MagazineSearchQuery, response: { 200: MagazineSearchResponse, ...errors } } },
    async (req, reply) => {
      const q = req.query;
      const visibility = await visibilityFor(db, q.edzLibId);
      return app.expensive(reply, (tx) =>
        searchTitles(tx, q.query, {
          visibility,
          storeId: q.storeID,
          goldOnly: q.gold,
          ageRate: ageRateFor(req, q.age_rating),
          page: q.page,
        }),
      );
    },
  );

  app.get(
    '/mag-search',
    { schema: { querystring: MagSearchQuery, response: { 200: MagSearchResponse, ...errors } } },
    async (req, reply) => {
      const q = req.query;
      const visibility = await visibilityFor(db, q.edzLibId);
      return app.expensive(reply, (tx) =>
        searchPages(tx, q.q, {
          visibility,
          storeId: q.storeID,
          goldOnly: q.isGold,
          ageRate: ageRateFor(req, q.age_rating),
          page: q.p,
        }),
      );
    },
  );

  app.get(
    '/article-search',
    { schema: { querystring: ArticleSearchQuery, response: { 200: ArticleSearchResponse, ...errors } } },
    async (req, reply) =>
      app.expensive(reply, (tx) => searchStories(tx, req.query.query, req.query.page, ageRateFor(req, req.query.age_rating))),
  );

  app.get(
    '/search_list',
    { schema: { querystring: SearchListQuery, response: { 200: SearchListResponse, ...errors } } },
    async (req, reply) => {
      const tile = await app.expensive(reply, (tx) => searchInIssue(tx, req.query.q, req.query.issueId, readerLimit(req)));
      if (!tile) throw notFound(`Issue ${req.query.issueId}`);
      return { tile };
    },
  );
};
export default routes;
