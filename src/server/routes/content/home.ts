// Home: every section of spec §2 in one answer (one request on a slow network, one cached
// response to draw the page offline).
import { claimLines } from '../../claims';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HomeQuery, HomeResponse } from '../../../shared/schemas/content';
import { ApiError } from '../../../shared/schemas/errors';
import { loadHome } from '../../services/home';
import { ageRateFor, readerLimit } from './age-rating';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/home', { schema: { querystring: HomeQuery, response: { 200: HomeResponse, 400: ApiError, 404: ApiError } } }, async (req) => ({
    ...(await loadHome(app.db.read, req.query.edzLibId, ageRateFor(req, req.query.age_rate), readerLimit(req))),
    claims: claimLines(app.config.claims),
  }));
};
export default routes;
