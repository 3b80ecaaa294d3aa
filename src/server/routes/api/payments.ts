// Personal plans: the plans on sale, the checkout (spec §7 `{product}Checkout` with
// page=basicPlan) that creates an order and the provider's hosted checkout to send the reader to,
// one order's state (`order` with type 3; the payment pages poll it) and the reader's orders.
// Only the provider's signed webhook (routes/payments-webhook.ts) marks an order paid.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OrderView } from '../../../shared/schemas/payments';
import { HttpError, notFound } from '../../http-error';
import { signedIn } from '../../plugins/auth';
import { paymentProvider } from '../../payments/configured';
import { institutionSubscriptionRefusal } from '../../repositories/entitlement';
import {
  activePlan,
  buyerEmail,
  createOrder,
  decideOrder,
  listPlans,
  orderByPublicId,
  setProviderRef,
  userOrders,
  type Order,
} from '../../repositories/payments';
import { route } from '../endpoint';
import * as endpoints from '../../../shared/endpoints';
/** Checkouts one address may start per hour: each one is a call to the provider. */
export const CHECKOUT_CAP = { max: 20, timeWindow: 60 * 60_000 };
export const NOT_CONFIGURED = 'Payments are not configured on this server.';

const view = (o: Order): OrderView => ({
  order: o.publicId,
  planName: o.planName,
  planNameHi: o.planNameHi,
  amountMinor: o.amountMinor,
  currency: o.currency,
  state: o.state,
  createdAt: o.createdAt.toISOString(),
  startsAt: o.startsAt?.toISOString() ?? null,
  endsAt: o.endsAt?.toISOString() ?? null,
});

const routes: FastifyPluginAsyncZod = async (app) => {
  const provider = paymentProvider(app.config);

  route(app, endpoints.lecternCheckout, { config: { rateLimit: CHECKOUT_CAP } }, async (req) => {
    const user = req.signedInUser;
    if (!provider) throw new HttpError(409, 'payments_not_configured', NOT_CONFIGURED);
    if (user.type === 'guest')
      throw new HttpError(403, 'sign_in_required', 'Sign in with your e-mail address or mobile number to buy a plan.');
    const plan = await activePlan(app.db, req.body.planId);
    if (!plan) throw notFound(`Plan ${req.body.planId}`);
    if ((await institutionSubscriptionRefusal(app.db, user.id)) === null)
      throw new HttpError(409, 'institution_active', "Your institution's subscription is active: you need no plan of your own.");
    const order = await createOrder(app.db, user.id, plan, provider.name);
    const back = `${app.config.publicUrl}${req.body.lang === 'hi' ? '/hi' : ''}`;
    try {
      const { ref, url } = await provider.createCheckout({
        orderPublicId: order.publicId,
        amountMinor: order.amountMinor,
        currency: order.currency,
        planName: plan.name,
        email: await buyerEmail(app.db, user.id),
        successUrl: `${back}/paymentsuccess?order=${order.publicId}`,
        cancelUrl: `${back}/paymentfailed?order=${order.publicId}`,
      });
      await setProviderRef(app.db, order.id, ref);
      return { status: 'success' as const, data: { order: order.publicId, url } };
    } catch (err) {
      // No checkout exists for it: the order can never be paid.
      await decideOrder(app.db, order.id, 'failed');
      req.log.error({ err, order: order.publicId }, 'the payment provider refused or did not answer a checkout');
      throw new HttpError(503, 'provider_unavailable', 'The payment service is not answering. Please try again in a few minutes.');
    }
  });

  route(app, endpoints.order, async (req) => {
    const order = await orderByPublicId(app.db, req.body.order);
    // Another reader's order is as unknown as one that does not exist.
    if (!order || order.userId !== req.signedInUser.id) throw notFound('Order');
    return view(order);
  });

  route(app, endpoints.orders, async (req) => ({
    orders: (await userOrders(app.db, req.signedInUser.id)).map(view),
  }));
};

const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.plans, async () => ({
    configured: paymentProvider(app.config) !== null,
    plans: await listPlans(app.db),
  }));
  await app.register(signedIn(routes));
};
export default paymentRoutes;
