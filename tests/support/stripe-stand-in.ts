// The one stand-in of the payment tests: a loopback server that answers the Stripe SDK's
// "create a Checkout Session" call (STRIPE_API_URL points the SDK here) and serves a page for
// the hosted checkout with a Pay and a Cancel link back to the shop. Everything after that, the
// signed webhook, is the real path: events signed by the SDK's own test helper.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const TEST_SECRET_KEY = 'sk_test_lectern_stand_in';
export const TEST_WEBHOOK_SECRET = 'whsec_lectern_test_secret';

export interface StandInSession {
  id: string;
  params: URLSearchParams;
  url: string;
}

export async function startStripeStandIn(port = 0) {
  const sessions: StandInSession[] = [];
  const state = { failNext: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', base);
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        if (state.failNext > 0) {
          state.failNext--;
          res.writeHead(500, { 'content-type': 'application/json' });
          return res.end(JSON.stringify({ error: { type: 'api_error', message: 'stand-in failure' } }));
        }
        const params = new URLSearchParams(Buffer.concat(chunks).toString());
        const id = `cs_test_${crypto.randomBytes(8).toString('hex')}`;
        const session = { id, params, url: `${base}/pay/${id}` };
        sessions.push(session);
        res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${id}` });
        return res.end(JSON.stringify({ id, object: 'checkout.session', url: session.url, status: 'open', payment_status: 'unpaid' }));
      }
      const pay = /^\/pay\/(cs_test_[0-9a-f]+)$/.exec(url.pathname);
      const session = pay && sessions.find((s) => s.id === pay[1]);
      if (req.method === 'GET' && session) {
        const amount = session.params.get('line_items[0][price_data][unit_amount]');
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(
          `<!doctype html><title>Checkout stand-in</title><h1>Checkout stand-in</h1><p data-testid="amount">${amount}</p>` +
            `<a id="pay" href="${session.params.get('success_url')}">Pay</a> <a id="cancel" href="${session.params.get('cancel_url')}">Cancel</a>`,
        );
      }
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'not in the stand-in' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    sessions,
    /** The next n session-create calls answer 500. */
    failNext: (n: number) => (state.failNext = n),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const sdk = new Stripe(TEST_SECRET_KEY);

/** A Checkout Session event for an order, its body and the Stripe-Signature header the SDK's test
 * helper makes for it (with `secret`: a wrong one makes a bad signature). */
export function signedCheckoutEvent(
  type: string,
  session: { order: string; amount: number; currency: string; paymentStatus?: 'paid' | 'unpaid' },
  opts: { id?: string; secret?: string } = {},
) {
  const payload = JSON.stringify({
    id: opts.id ?? `evt_${crypto.randomBytes(10).toString('hex')}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `cs_test_${crypto.randomBytes(6).toString('hex')}`,
        object: 'checkout.session',
        client_reference_id: session.order,
        metadata: { order: session.order },
        amount_total: session.amount,
        currency: session.currency.toLowerCase(),
        payment_status: session.paymentStatus ?? 'paid',
      },
    },
  });
  const header = sdk.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? TEST_WEBHOOK_SECRET });
  return { payload, header };
}
