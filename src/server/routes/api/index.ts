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
import consoleScope from './console-scope';
// Personal plans and payments.
import paymentRoutes from './payments';

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
  await app.register(consoleScope);
  await app.register(paymentRoutes);
};
export default apiRoutes;
