// Web Push subscriptions (/api/push): the VAPID public key the app subscribes with, and a
// device's subscription stored or removed. Guests subscribe too (a guest in a zone gets arrivals).
import crypto from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../http-error';
import { signedIn } from '../../plugins/auth';
import { MAX_ENDPOINT_LENGTH, allowedPushEndpoint, validSubscriptionKeys } from '../../services/push-endpoints';
import { hashPingKey, removeSubscriptions, saveSubscription } from '../../repositories/push-subscriptions';
import { route } from '../endpoint';
import * as endpoints from '../../../shared/endpoints';

const routes: FastifyPluginAsyncZod = async (app) => {
  /** Stores this device's subscription (replacing its previous one) and answers a new ping key, with
   * which the service worker's background ping names the reader without a user token. */
  route(app, endpoints.pushSubscriptions, async (req) => {
    const { subscription, deviceId, lang } = req.body;
    const endpoint = allowedPushEndpoint(subscription.endpoint, app.config.pushServiceHosts);
    if (!endpoint) throw badRequest('This push service is not supported.');
    // Percent-encoding can make the stored form longer than what was sent (e.g. Devanagari in the path).
    if (endpoint.length > MAX_ENDPOINT_LENGTH) throw badRequest('The subscription endpoint is too long.');
    if (!validSubscriptionKeys(subscription.keys)) throw badRequest('The subscription keys are not valid.');
    const pingKey = crypto.randomBytes(32).toString('base64url');
    await saveSubscription(app.db, {
      userId: req.signedInUser.id,
      deviceId,
      endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      lang,
      pingKeyHash: hashPingKey(pingKey),
      sessionId: req.signedInUser.sessionId,
    });
    return { status: 1 as const, pingKey };
  });

  /** Turning notifications off: by endpoint, by device, or every subscription of the caller. */
  route(app, endpoints.pushSubscriptionsRemove, async (req) => {
    const { endpoint, deviceId } = req.body;
    // Stored endpoints are in their normalised form; one that does not parse matches nothing anyway.
    let normalised = endpoint;
    if (endpoint) {
      try {
        normalised = new URL(endpoint).href;
      } catch {
        normalised = endpoint;
      }
    }
    const removed = await removeSubscriptions(app.db, req.signedInUser.id, {
      endpoint: normalised || undefined,
      deviceId: deviceId || undefined,
    });
    return { status: 1 as const, message: removed ? 'Notifications are turned off.' : 'There was no subscription to remove.' };
  });
};

const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.pushKey, async () => ({ publicKey: app.push.publicKey }));
  await app.register(signedIn(routes));
};
export default pushRoutes;
