// The console's activity log: who changed what and when, before and after. A librarian
// reads their institution's entries; an admin any institution's, or every entry at once (with the
// admin-only ones, such as an institution being made).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InstitutionParams } from '../../../shared/schemas/console';
import { ActivityPage, ActivityQuery } from '../../../shared/schemas/console-admin';
import { consoleActivity } from '../../repositories/console-activity';
import { adminOnly, consoleErrors as errors } from './console-guard';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/console/institutions/:institutionId/activity',
    { schema: { params: InstitutionParams, querystring: ActivityQuery, response: { 200: ActivityPage, ...errors } } },
    async (req) => consoleActivity(app.db, req.consoleInstitution.id, req.query.page),
  );

  app.get(
    '/console/activity',
    { ...adminOnly, schema: { querystring: ActivityQuery, response: { 200: ActivityPage, ...errors } } },
    async (req) => consoleActivity(app.db, null, req.query.page),
  );
};
export default routes;
