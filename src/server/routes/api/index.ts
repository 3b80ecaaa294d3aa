// The own backend under /api (spec §7): sign-in, the user's data, guests and access codes.
import type { FastifyPluginAsync } from 'fastify';
import loginRoutes from './login';
import userRoutes from './user';
import sessionRoutes from './sessions';
import accessRoutes from './access';
import idUploadRoutes from './id-upload';
import ssoRoutes from './sso';
import contactRoutes from './contact';
import eventRoutes from './events';
import pushRoutes from './push';
import zoneRoutes from './zones';
import zoneArrivalRoutes from './zone-arrivals';
import networkIdentityRoutes from './network-identities';
import shelfRoutes from './shelf';
import consoleRoutes from './console';
import consoleReportRoutes from './console-reports';
import consoleAccessRoutes from './console-access';
import consoleDomainRoutes from './console-domains';
import consoleBrandingRoutes from './console-branding';
import consoleMemberRoutes from './console-members';
import consoleRequestRoutes from './console-requests';
import consoleAdminRoutes from './console-admin';
import consoleActivityRoutes from './console-activity';
import consoleZoneRoutes from './console-zones';
import consoleEnquiryRoutes from './console-enquiries';
import consoleTitleRoutes from './console-titles';
// Personal plans and payments (issue 17).
import paymentRoutes from './payments';
// bulk import's upload endpoint (issue 14)
import consoleIngestRoutes from './console-ingest';

const apiRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });
  await app.register(loginRoutes);
  await app.register(userRoutes);
  await app.register(sessionRoutes);
  await app.register(accessRoutes);
  await app.register(idUploadRoutes);
  await app.register(ssoRoutes);
  await app.register(contactRoutes);
  await app.register(eventRoutes);
  await app.register(pushRoutes);
  await app.register(zoneRoutes);
  await app.register(zoneArrivalRoutes);
  await app.register(networkIdentityRoutes);
  await app.register(shelfRoutes);
  await app.register(consoleRoutes);
  await app.register(consoleReportRoutes);
  await app.register(consoleAccessRoutes);
  await app.register(consoleDomainRoutes);
  await app.register(consoleBrandingRoutes);
  await app.register(consoleMemberRoutes);
  await app.register(consoleRequestRoutes);
  await app.register(consoleAdminRoutes);
  await app.register(consoleActivityRoutes);
  await app.register(consoleZoneRoutes);
  await app.register(consoleEnquiryRoutes);
  await app.register(consoleTitleRoutes);
  await app.register(paymentRoutes);
  await app.register(consoleIngestRoutes);
};
export default apiRoutes;
