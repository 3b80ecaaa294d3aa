// The library console's API as one scope: every route registered here is for a signed-in caller
// with a console role, checked once per call by consoleGuard before the handler runs; a route
// with an :institutionId gets the institution check, and one with config.consoleAdmin the admin
// check, by being here. A route that could escape the checks stops the server at start.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth';
import { consoleGuard, consoleRequestDecorations, consoleRoute } from './console-guard';
import consoleRoutes from './console';
import consoleReportRoutes from './console-reports';
import consoleAccessRoutes from './console-access';
import consoleDomainRoutes from './console-domains';
import consoleBrandingRoutes from './console-branding';
import consoleMemberRoutes from './console-members';
import consoleRequestRoutes from './console-requests';
import consoleAdminRoutes from './console-admin';
import consoleActivityRoutes from './console-activity';
import consolePrivacyRoutes from './console-privacy';
import consoleZoneRoutes from './console-zones';
import consoleIpRangeRoutes from './console-ip-ranges';
import consoleEnquiryRoutes from './console-enquiries';
import consoleTitleRoutes from './console-titles';
import consoleIngestRoutes from './console-ingest';

/** Every console URL starts so, under the API's prefix. */
export const CONSOLE_PATH = '/console';

const consoleScope: FastifyPluginAsyncZod = async (app) => {
  app.decorateRequest('consoleAccess', null);
  app.decorateRequest('consoleRole', consoleRequestDecorations.consoleRole);
  app.decorateRequest('consoleInstitution', consoleRequestDecorations.consoleInstitution);
  app.addHook('onRoute', (route) => consoleRoute(route, CONSOLE_PATH));
  app.addHook('preHandler', (req) => consoleGuard(app.db, req));

  await app.register(consoleRoutes);
  await app.register(consoleReportRoutes);
  await app.register(consoleAccessRoutes);
  await app.register(consoleDomainRoutes);
  await app.register(consoleBrandingRoutes);
  await app.register(consoleMemberRoutes);
  await app.register(consoleRequestRoutes);
  await app.register(consoleAdminRoutes);
  await app.register(consoleActivityRoutes);
  await app.register(consolePrivacyRoutes);
  await app.register(consoleZoneRoutes);
  await app.register(consoleIpRangeRoutes);
  await app.register(consoleEnquiryRoutes);
  await app.register(consoleTitleRoutes);
  await app.register(consoleIngestRoutes);
};
export default signedIn(consoleScope);
