// Stripe through its official SDK: a hosted Checkout Session per order, and webhooks verified by
// the SDK (constructEvent: the Stripe-Signature header's HMAC over the raw body and its timestamp).
// STRIPE_API_URL points the SDK at another API host: stripe-mock, or the tests' loopback stand-in.
import Stripe from 'stripe';
import { InvalidSignature, type PaymentEvent, type PaymentProvider } from './provider';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  apiUrl?: string;
}

/** Checkout events and what each means for the order. A completed session may still be unpaid
 * (a delayed method such as a bank debit): it is paid when async_payment_succeeded comes. */
const OUTCOMES: Record<string, (s: Stripe.Checkout.Session) => PaymentEvent['outcome']> = {
  'checkout.session.completed': (s) => (s.payment_status === 'paid' ? 'paid' : 'pending'),
  'checkout.session.async_payment_succeeded': () => 'paid',
  'checkout.session.async_payment_failed': () => 'failed',
  'checkout.session.expired': () => 'failed',
};

export function stripeProvider(opts: StripeOptions): PaymentProvider {
  const base = opts.apiUrl ? new URL(opts.apiUrl) : null;
  const stripe = new Stripe(opts.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'http:' ? 80 : 443),
      protocol: base.protocol === 'http:' ? 'http' : 'https',
    }),
  });
  return {
    name: 'stripe',
    async createCheckout(req) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: req.orderPublicId,
          metadata: { order: req.orderPublicId },
          ...(req.email && { customer_email: req.email }),
          line_items: [
            {
              quantity: 1,
              price_data: { currency: req.currency.toLowerCase(), unit_amount: req.amountMinor, product_data: { name: req.planName } },
            },
          ],
          success_url: req.successUrl,
          cancel_url: req.cancelUrl,
        },
        // A retried request (network trouble) must not make a second session for the order.
        { idempotencyKey: `checkout-${req.orderPublicId}` },
      );
      if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
      return { ref: session.id, url: session.url };
    },
    verifyWebhook(rawBody, headers) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, headers['stripe-signature'] ?? '', opts.webhookSecret);
      } catch (err) {
        throw new InvalidSignature((err as Error).message);
      }
      const decide = OUTCOMES[event.type];
      if (!decide) return { id: event.id, type: event.type, orderPublicId: null, outcome: 'ignored', amountMinor: null, currency: null };
      const session = event.data.object as Stripe.Checkout.Session;
      return {
        id: event.id,
        type: event.type,
        orderPublicId: session.client_reference_id ?? session.metadata?.order ?? null,
        outcome: decide(session),
        amountMinor: session.amount_total ?? null,
        currency: session.currency?.toUpperCase() ?? null,
      };
    },
  };
}
