// Home: every section of spec §2 in one answer (one request on a slow network, one cached
// response to draw the page offline).
import { claimLines } from '../../claims';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as endpoints from '../../../shared/endpoints';
import { route } from '../endpoint';
import { loadHome } from '../../services/home';
import { ageRateFor, readerLimit } from './age-rating';

const routes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.contentHome, async (req) => ({
    ...(await loadHome(app.db.read, req.query.edzLibId, ageRateFor(req, req.query.age_rate), readerLimit(req))),
    claims: claimLines(app.config.claims),
  }));
};
export default routes;
