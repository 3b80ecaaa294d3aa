// Listings, reference data, titles and issues.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as endpoints from '../../../shared/endpoints';
import { route } from '../endpoint';
import type { QuickCategory } from '../../../shared/constants';
import { assertStore, visibilityFor } from '../../repositories/access';
import * as catalogue from '../../repositories/catalogue';
import { storiesOfIssue, issueExists } from '../../repositories/stories';
import { orgByCode } from '../../repositories/institutions';
import { badRequest, notFound } from '../../http-error';
import { ageRateFor, readerLimit } from './age-rating';

const routes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.read; // read-only routes: the replica when there is one

  route(app, endpoints.contentMagazineFilter, async (req) => {
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
  });

  route(app, endpoints.contentCategories, async (req) => ({
    popularCat: await catalogue.popularCategories(db, await visibilityFor(db, req.query.edzLibId)),
  }));

  route(app, endpoints.contentLanguages, async (req) => {
    const q = req.query;
    const listing = q.categoryID && {
      visibility: await visibilityFor(db, q.edzLibId),
      category: q.categoryID as QuickCategory | number,
      ageRate: ageRateFor(req, q.age_rate),
    };
    return { languages: await catalogue.allLanguages(db, listing || undefined) };
  });

  route(app, endpoints.contentStores, async () => ({ stores: await catalogue.stores(db) }));

  route(app, endpoints.contentMagazineMeta, async (req) => {
    const meta = await catalogue.titleMeta(db, { name: req.query.magName });
    if (!meta) throw notFound(`Magazine '${req.query.magName}'`);
    return meta;
  });

  route(app, endpoints.contentMagMeta, async (req) => {
    const meta = await catalogue.titleMeta(db, { mid: req.query.mid });
    if (!meta) throw notFound(`Magazine ${req.query.mid}`);
    return meta;
  });

  route(app, endpoints.contentMagazineDetails, async (req) => {
    const meta = await catalogue.titleMeta(db, { mid: req.query.id });
    if (!meta) throw notFound(`Magazine ${req.query.id}`);
    return meta;
  });

  route(app, endpoints.contentIssuesByMag, async (req) => {
    const { mid, isSpecialIssue, lst_dt, lst_id } = req.query;
    if (lst_id && !lst_dt) throw badRequest('lst_id needs lst_dt: the date of that issue');
    if (!(await catalogue.titleExists(db, mid))) throw notFound(`Magazine ${mid}`);
    return { edt_details: await catalogue.issuesOf(db, mid, { special: isSpecialIssue, before: lst_dt, beforeId: lst_id }) };
  });

  route(app, endpoints.contentIssueDetails, async (req) => {
    const details = await catalogue.issueDetails(db, req.query.issid);
    if (!details) throw notFound(`Issue ${req.query.issid}`);
    return details;
  });

  route(app, endpoints.contentRelated, async (req) => {
    if (!(await catalogue.titleExists(db, req.query.mid))) throw notFound(`Magazine ${req.query.mid}`);
    return catalogue.relatedTitles(db, req.query.mid, req.query.page, await visibilityFor(db, 0), readerLimit(req));
  });

  route(app, endpoints.contentArticles, async (req) => {
    if (!(await issueExists(db, req.query.issueid))) throw notFound(`Issue ${req.query.issueid}`);
    return { Articles: await storiesOfIssue(db, req.query.issueid, ageRateFor(req, req.query.age_rating)) };
  });

  route(app, endpoints.contentIssuesSearch, async (req, reply) => {
    const { mid, page, st_d, en_d } = req.query;
    if (!(await catalogue.titleExists(db, mid))) throw notFound(`Magazine ${mid}`);
    // The spec's callers read an `error` field from a 200 answer for an impossible range.
    if (st_d > en_d) return { edt_details: [], nbHits: 0, nbPages: 0, page, error: 'The start date is after the end date' };
    return app.expensive(reply, (tx) => catalogue.issuesInRange(tx, mid, st_d, en_d, page));
  });

  route(app, endpoints.contentOrgDetails, async (req) => {
    if (!req.query.con_code) return { org: null };
    const org = await orgByCode(db, req.query.con_code);
    if (!org) throw notFound(`Institution code '${req.query.con_code}'`);
    return { org };
  });
};
export default routes;
