// Listings, reference data, titles and issues.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ArticleQuery,
  ArticlesResponse,
  CategoriesQuery,
  CategoriesResponse,
  IssueDetailsQuery,
  IssueDetailsResponse,
  IssuesByMagQuery,
  IssuesResponse,
  IssuesSearchQuery,
  IssuesSearchResponse,
  LanguagesQuery,
  LanguagesResponse,
  MagazineFilterQuery,
  MagazineFilterResponse,
  MagazineMeta,
  MagazineMetaByNameQuery,
  MagMetaQuery,
  MagazineDetailsQuery,
  OrgDetailsQuery,
  OrgDetailsResponse,
  RelatedQuery,
  RelatedResponse,
  StoresResponse,
} from '../../../shared/schemas/content';
import { ApiError } from '../../../shared/schemas/errors';
import type { QuickCategory } from '../../../shared/constants';
import { assertStore, visibilityFor } from '../../repositories/access';
import * as catalogue from '../../repositories/catalogue';
import { storiesOfIssue, issueExists } from '../../repositories/stories';
import { orgByCode } from '../../repositories/institutions';
import { badRequest, notFound } from '../../http-error';
import { ageRateFor, readerLimit } from './age-rating';

const errors = { 400: ApiError, 404: ApiError };

const routes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.read; // read-only routes: the replica when there is one

  app.get(
    '/magazine-filter',
    { schema: { querystring: MagazineFilterQuery, response: { 200: MagazineFilterResponse, ...errors } } },
    async (req) => {
      const q = req.query;
      await assertStore(db, q.storeID);
      return catalogue.listMagazines(db, {
        visibility: await visibilityFor(db, q.edzLibId),
        category: q.categoryID as QuickCategory | number,
        lang: q.lang,
        storeId: q.storeID,
        ageRate: ageRateFor(req, q.age_rate), // the app applies the spec's default (5) and sends it only when below 8
        page: q.page,
      });
    },
  );

  app.get(
    '/getCategories',
    { schema: { querystring: CategoriesQuery, response: { 200: CategoriesResponse, ...errors } } },
    async (req) => ({
      popularCat: await catalogue.popularCategories(db, await visibilityFor(db, req.query.edzLibId)),
    }),
  );

  app.get('/getLanguages', { schema: { querystring: LanguagesQuery, response: { 200: LanguagesResponse, ...errors } } }, async (req) => {
    const q = req.query;
    const listing = q.categoryID && {
      visibility: await visibilityFor(db, q.edzLibId),
      category: q.categoryID as QuickCategory | number,
      ageRate: ageRateFor(req, q.age_rate),
    };
    return { languages: await catalogue.allLanguages(db, listing || undefined) };
  });

  app.get('/getStores', { schema: { response: { 200: StoresResponse } } }, async () => ({ stores: await catalogue.stores(db) }));

  app.get(
    '/magazine-meta',
    { schema: { querystring: MagazineMetaByNameQuery, response: { 200: MagazineMeta, ...errors } } },
    async (req) => {
      const meta = await catalogue.titleMeta(db, { name: req.query.magName });
      if (!meta) throw notFound(`Magazine '${req.query.magName}'`);
      return meta;
    },
  );

  app.get('/magMeta', { schema: { querystring: MagMetaQuery, response: { 200: MagazineMeta, ...errors } } }, async (req) => {
    const meta = await catalogue.titleMeta(db, { mid: req.query.mid });
    if (!meta) throw notFound(`Magazine ${req.query.mid}`);
    return meta;
  });

  app.get(
    '/magazine-details',
    { schema: { querystring: MagazineDetailsQuery, response: { 200: MagazineMeta, ...errors } } },
    async (req) => {
      const meta = await catalogue.titleMeta(db, { mid: req.query.id });
      if (!meta) throw notFound(`Magazine ${req.query.id}`);
      return meta;
    },
  );

  app.get('/getIssuesByMag', { schema: { querystring: IssuesByMagQuery, response: { 200: IssuesResponse, ...errors } } }, async (req) => {
    const { mid, isSpecialIssue, lst_dt, lst_id } = req.query;
    if (lst_id && !lst_dt) throw badRequest('lst_id needs lst_dt: the date of that issue');
    if (!(await catalogue.titleExists(db, mid))) throw notFound(`Magazine ${mid}`);
    return { edt_details: await catalogue.issuesOf(db, mid, { special: isSpecialIssue, before: lst_dt, beforeId: lst_id }) };
  });

  app.get(
    '/getIssueDetails',
    { schema: { querystring: IssueDetailsQuery, response: { 200: IssueDetailsResponse, ...errors } } },
    async (req) => {
      const details = await catalogue.issueDetails(db, req.query.issid);
      if (!details) throw notFound(`Issue ${req.query.issid}`);
      return details;
    },
  );

  app.get('/magazine-related', { schema: { querystring: RelatedQuery, response: { 200: RelatedResponse, ...errors } } }, async (req) => {
    if (!(await catalogue.titleExists(db, req.query.mid))) throw notFound(`Magazine ${req.query.mid}`);
    return catalogue.relatedTitles(db, req.query.mid, req.query.page, await visibilityFor(db, 0), readerLimit(req));
  });

  app.get('/v1/article', { schema: { querystring: ArticleQuery, response: { 200: ArticlesResponse, ...errors } } }, async (req) => {
    if (!(await issueExists(db, req.query.issueid))) throw notFound(`Issue ${req.query.issueid}`);
    return { Articles: await storiesOfIssue(db, req.query.issueid, ageRateFor(req, req.query.age_rating)) };
  });

  app.get(
    '/issues-search',
    { schema: { querystring: IssuesSearchQuery, response: { 200: IssuesSearchResponse, ...errors } } },
    async (req, reply) => {
      const { mid, page, st_d, en_d } = req.query;
      if (!(await catalogue.titleExists(db, mid))) throw notFound(`Magazine ${mid}`);
      // The spec's callers read an `error` field from a 200 answer for an impossible range.
      if (st_d > en_d) return { edt_details: [], nbHits: 0, nbPages: 0, page, error: 'The start date is after the end date' };
      return app.expensive(reply, (tx) => catalogue.issuesInRange(tx, mid, st_d, en_d, page));
    },
  );

  app.get('/getOrgDetails', { schema: { querystring: OrgDetailsQuery, response: { 200: OrgDetailsResponse, ...errors } } }, async (req) => {
    if (!req.query.con_code) return { org: null };
    const org = await orgByCode(db, req.query.con_code);
    if (!org) throw notFound(`Institution code '${req.query.con_code}'`);
    return { org };
  });
};
export default routes;
