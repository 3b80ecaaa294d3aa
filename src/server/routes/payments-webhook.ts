// The payment provider's webhook, outside /api: the provider sends no XSRF token, its signature is
// the credential. The body is kept raw (the signature covers its exact bytes) and verified by the
// provider's SDK; the event is then applied once (payments/events.ts). A replay answers 200 and
// changes nothing, so the provider stops retrying.
import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../http-error';
import { applyPaymentEvent } from '../payments/events';
import { InvalidSignature } from '../payments/provider';
import { paymentProvider } from '../payments/configured';
import { NOT_CONFIGURED } from './api/payments';

export const WEBHOOK_PATH = '/webhooks/payments';

const routes: FastifyPluginAsync = async (app) => {
  const provider = paymentProvider(app.config);
  // In this plugin only: every body is a Buffer, whatever its content type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body));

  app.post(WEBHOOK_PATH, async (req) => {
    if (!provider) throw new HttpError(409, 'payments_not_configured', NOT_CONFIGURED);
    if (!Buffer.isBuffer(req.body)) throw new HttpError(400, 'bad_signature', 'The webhook has no body to verify.');
    let event;
    try {
      event = provider.verifyWebhook(req.body, req.headers);
    } catch (err) {
      if (err instanceof InvalidSignature) throw new HttpError(400, 'bad_signature', 'The webhook signature does not verify.');
      throw err;
    }
    const outcome = await applyPaymentEvent(app.db, provider.name, event);
    req.log.info({ event: event.id, type: event.type, outcome }, 'payment event');
    return { received: true, outcome };
  });
};
export default routes;
