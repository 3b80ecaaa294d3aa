// The console's activity log: who changed what and when, before and after. A librarian
// reads their institution's entries; an admin any institution's, or every entry at once (with the
// admin-only ones, such as an institution being made).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consoleActivity } from '../../repositories/console-activity';
import { adminOnly } from './console-guard';
import { route } from '../endpoint';
import * as endpoints from '../../../shared/endpoints';

const routes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.consoleActivity, async (req) => consoleActivity(app.db, req.consoleInstitution.id, req.query.page));

  route(app, endpoints.consoleAllActivity, { ...adminOnly }, async (req) => consoleActivity(app.db, null, req.query.page));
};
export default routes;
