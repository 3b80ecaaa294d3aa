// Personal plans and payments: plans, the checkout (against the loopback stand-in for Stripe's
// session-create call, the one stand-in), the webhook with signatures made by the Stripe SDK's own
// test helper (valid, bad, replayed, unknown order), the order state machine created → paid |
// failed with no way back, the entitlement a paid plan gives, and concurrent duplicate deliveries.
// On PostgreSQL too: duplicate deliveries and payments at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, signInByCode, xsrfToken, unchecked } from '../support/api-client';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { signedCheckoutEvent, startStripeStandIn, TEST_SECRET_KEY, TEST_WEBHOOK_SECRET } from '../support/stripe-stand-in';
import { WEBHOOK_PATH } from '../../src/server/routes/payments-webhook';
import * as endpoints from '../../src/shared/endpoints';

let t: TestContext;
let bare: TestContext;
let api: ReturnType<typeof apiClient>;
let bareApi: ReturnType<typeof apiClient>;
let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
const outbox = memoryOutbox();

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await testApp(loadCatalogue, {
    mailer: outbox.mailer,
    config: { stripeSecretKey: TEST_SECRET_KEY, stripeWebhookSecret: TEST_WEBHOOK_SECRET, stripeApiUrl: standIn.base },
  });
  api = apiClient(t.app, await xsrfToken(t.app));
  bare = await testApp(loadCatalogue, { mailer: outbox.mailer });
  bareApi = apiClient(bare.app, await xsrfToken(bare.app));
});
afterAll(async () => {
  await t?.close();
  await bare?.close();
  await standIn?.close();
});

const signIn = (email: string) => signInByCode(t.db, api, outbox, email);
const firstIssue = async (mid: number) =>
  (await t.db.query<{ issue_id: number }>('SELECT issue_id FROM issues WHERE mid = $1 ORDER BY issue_id LIMIT 1', [mid])).rows[0].issue_id;
const planId = async (code: string) => (await t.db.query<{ id: number }>('SELECT id FROM plans WHERE code = $1', [code])).rows[0].id;
const readToken = async (token: string, mid: number) => api.call(endpoints.readerToken, { body: { issue: await firstIssue(mid) } }, token);
const checkout = async (token: string, code = 'magazines-month') =>
  api.call(endpoints.lecternCheckout, { body: { page: 'basicPlan', planId: await planId(code) } }, token);
const order = (token: string, id: string) => api.call(endpoints.order, { body: { type: 3, order: id } }, token);
const deliver = (ctx: TestContext, e: { payload: string; header: string }) =>
  ctx.app.inject({
    method: 'POST',
    url: WEBHOOK_PATH,
    payload: e.payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': e.header },
  });
const paidEvent = (id: string, opts: { id?: string; secret?: string } = {}) =>
  signedCheckoutEvent('checkout.session.completed', { order: id, amount: 14900, currency: 'INR' }, opts);
const counts = async (ctx: TestContext) =>
  (
    await ctx.db.query<{ orders: number; events: number; paid: number }>(
      `SELECT (SELECT count(*)::int FROM orders) AS orders, (SELECT count(*)::int FROM payment_events) AS events,
              (SELECT count(*)::int FROM orders WHERE state = 'paid') AS paid`,
    )
  ).rows[0];

describe('payments not configured', () => {
  it('lists the plans, says payments are not configured, and refuses checkout and webhooks with nothing changed', async () => {
    const plans = await bareApi.call(endpoints.plans);
    expect(plans.status).toBe(200);
    expect(plans.body.configured).toBe(false);
    expect(plans.body.plans.map((p: { code: string }) => p.code)).toEqual(['magazines-month', 'everything-month', 'everything-year']);
    expect(plans.body.plans[0]).toMatchObject({ priceMinor: 14900, currency: 'INR', periodDays: 30, opens: { sections: ['magazines'] } });
    const r = await signInByCode(bare.db, bareApi, outbox, 'nokeys@example.com');
    const res = await bareApi.call(endpoints.lecternCheckout, { body: { page: 'basicPlan', planId: plans.body.plans[0].id } }, r.token);
    expect(res.status).toBe(409);
    expect(res.error).toEqual({ code: 'payments_not_configured', message: 'Payments are not configured on this server.' });
    const hook = await deliver(bare, paidEvent('00000000-0000-4000-8000-000000000000'));
    expect(hook.statusCode).toBe(409);
    expect(await counts(bare)).toEqual({ orders: 0, events: 0, paid: 0 });
  });
});

describe('checkout', () => {
  it('creates an order and the provider session, and answers the hosted checkout URL', async () => {
    expect((await api.call(endpoints.plans)).body.configured).toBe(true);
    const r = await signIn('buyer@example.com');
    const res = await checkout(r.token);
    expect(res.status).toBe(200);
    const { order: id, url } = res.body.data;
    const session = standIn.sessions.at(-1)!;
    expect(url).toBe(session.url);
    expect(session.params.get('mode')).toBe('payment');
    expect(session.params.get('client_reference_id')).toBe(id);
    expect(session.params.get('line_items[0][price_data][unit_amount]')).toBe('14900');
    expect(session.params.get('line_items[0][price_data][currency]')).toBe('inr');
    expect(session.params.get('customer_email')).toBe('buyer@example.com');
    expect(session.params.get('success_url')).toBe(`${t.app.config.publicUrl}/paymentsuccess?order=${id}`);
    expect(session.params.get('cancel_url')).toBe(`${t.app.config.publicUrl}/paymentfailed?order=${id}`);
    const o = await order(r.token, id);
    expect(o.body).toMatchObject({ order: id, state: 'created', amountMinor: 14900, currency: 'INR', endsAt: null });
    // Hindi readers come back to the Hindi pages.
    await api.call(
      endpoints.lecternCheckout,
      { body: { page: 'basicPlan', planId: await planId('everything-year'), lang: 'hi' } },
      r.token,
    );
    expect(standIn.sessions.at(-1)!.params.get('success_url')).toMatch(/\/hi\/paymentsuccess\?order=/);
  });

  it('refuses: signed out, a guest, an unknown plan, a live institution member, bad input; nothing is created', async () => {
    const before = await counts(t);
    expect((await api.call(endpoints.lecternCheckout, { body: { page: 'basicPlan', planId: 1 } })).status).toBe(401);
    const guest = await api.call(endpoints.guestLogin, { body: { uniqId: 'device-pay-0123456789', os: 'web' } });
    const g = await api.call(
      endpoints.lecternCheckout,
      { body: { page: 'basicPlan', planId: await planId('magazines-month') } },
      guest.body.jwtoken,
    );
    expect([g.status, g.error.code]).toEqual([403, 'sign_in_required']);
    const r = await signIn('picky@example.com');
    const unknown = await api.call(endpoints.lecternCheckout, { body: { page: 'basicPlan', planId: 99999 } }, r.token);
    expect(unknown.status).toBe(404);
    for (const body of [{ page: 'x', planId: 1 }, { page: 'basicPlan', planId: -1 }, { page: 'basicPlan', planId: '1\u0000' }, {}])
      expect((await api.call(endpoints.lecternCheckout, { body: unchecked(body) }, r.token)).status).toBe(400);
    const member = await signIn('member@active.edu');
    const m = await checkout(member.token);
    expect([m.status, m.error.code]).toEqual([409, 'institution_active']);
    expect(await counts(t)).toEqual(before);
  });

  it('a provider that fails leaves a failed order and answers 503 with a clear message', async () => {
    const r = await signIn('unlucky@example.com');
    standIn.failNext(2); // the first call and the SDK's one retry
    const res = await checkout(r.token);
    expect([res.status, res.error.code]).toEqual([503, 'provider_unavailable']);
    const orders = (await api.call(endpoints.orders, {}, r.token)).body.orders;
    expect(orders.map((o: { state: string }) => o.state)).toEqual(['failed']);
  });

  it("does not show another reader's order", async () => {
    const a = await signIn('owner@example.com');
    const b = await signIn('snoop@example.com');
    const id = (await checkout(a.token)).body.data.order;
    expect((await order(b.token, id)).status).toBe(404);
    expect((await order(a.token, 'not-a-uuid')).status).toBe(400);
    expect((await order(a.token, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('the webhook', () => {
  it('a signed payment marks the order paid, and the reader can then open what the plan opens', async () => {
    const r = await signIn('reader@example.com');
    expect((await readToken(r.token, FX.mid.biz)).error.code).toBe('no_access');
    const id = (await checkout(r.token)).body.data.order;
    const res = await deliver(t, paidEvent(id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'paid' });
    const o = (await order(r.token, id)).body;
    expect(o.state).toBe('paid');
    const days = (Date.parse(o.endsAt!) - Date.parse(o.startsAt!)) / 86_400_000;
    expect(days).toBe(30);
    expect((await readToken(r.token, FX.mid.biz)).status).toBe(200);
    // The magazines plan does not open newspapers.
    expect((await readToken(r.token, FX.mid.paper)).error.code).toBe('no_access');
    // A paid plan allows downloads (the subscription check passes).
    expect((await api.call(endpoints.readerDownloads, { query: { deviceId: 'device-pay-1' } }, r.token)).body.allowed).toBe(true);
  });

  it('a reader whose institution expired reads again after paying for everything', async () => {
    const r = await signIn('late@expired.edu');
    expect((await readToken(r.token, FX.mid.paper)).error.code).toBe('subscription_expired');
    const id = (await checkout(r.token, 'everything-month')).body.data.order;
    const e = signedCheckoutEvent('checkout.session.completed', { order: id, amount: 24900, currency: 'INR' });
    expect((await deliver(t, e)).json().outcome).toBe('paid');
    expect((await readToken(r.token, FX.mid.paper)).status).toBe(200);
    expect((await readToken(r.token, FX.mid.journal)).status).toBe(200);
  });

  it('a replay changes nothing; a bad signature is a 400; an unknown order changes nothing', async () => {
    const r = await signIn('replay@example.com');
    const id = (await checkout(r.token)).body.data.order;
    const e = paidEvent(id);
    expect((await deliver(t, e)).json().outcome).toBe('paid');
    const paid = (await order(r.token, id)).body;
    const before = await counts(t);
    const again = await deliver(t, e);
    expect([again.statusCode, again.json().outcome]).toEqual([200, 'duplicate']);
    expect((await order(r.token, id)).body).toEqual(paid);
    expect(await counts(t)).toEqual(before);

    const other = (await checkout(r.token)).body.data.order;
    const afterCheckout = await counts(t);
    for (const bad of [
      paidEvent(other, { secret: 'whsec_wrong' }),
      { payload: paidEvent(other).payload.replace('14900', '1'), header: paidEvent(other).header },
      { payload: paidEvent(other).payload, header: 't=1,v1=deadbeef' },
      { payload: paidEvent(other).payload, header: '' },
    ]) {
      const res = await deliver(t, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('bad_signature');
    }
    expect((await order(r.token, other)).body.state).toBe('created');
    expect(await counts(t)).toEqual(afterCheckout);

    const unknown = await deliver(t, paidEvent('11111111-1111-4111-8111-111111111111'));
    expect([unknown.statusCode, unknown.json().outcome]).toEqual([200, 'unknown_order']);
    expect((await counts(t)).paid).toBe(afterCheckout.paid);
  });

  it('the order state machine: created → paid | failed once, never back, never refunded', async () => {
    const r = await signIn('states@example.com');
    const event = (type: string, id: string, extra: Partial<{ amount: number; paymentStatus: 'paid' | 'unpaid' }> = {}) =>
      signedCheckoutEvent(type, { order: id, amount: 14900, currency: 'INR', ...extra });
    const state = async (id: string) => (await order(r.token, id)).body.state;

    // Completed but not yet paid (a delayed method): still created, until the async result.
    const slow = (await checkout(r.token)).body.data.order;
    expect((await deliver(t, event('checkout.session.completed', slow, { paymentStatus: 'unpaid' }))).json().outcome).toBe('pending');
    expect(await state(slow)).toBe('created');
    expect((await deliver(t, event('checkout.session.async_payment_succeeded', slow))).json().outcome).toBe('paid');
    // Paid is final: an expiry, a failure or a refund event afterwards changes nothing.
    expect((await deliver(t, event('checkout.session.expired', slow))).json().outcome).toBe('already_decided');
    expect((await deliver(t, event('checkout.session.async_payment_failed', slow))).json().outcome).toBe('already_decided');
    expect((await deliver(t, event('charge.refunded', slow))).json().outcome).toBe('ignored');
    expect(await state(slow)).toBe('paid');

    // Abandoned: the session expires, the order fails, and a late "paid" cannot revive it.
    const gone = (await checkout(r.token)).body.data.order;
    expect((await deliver(t, event('checkout.session.expired', gone))).json().outcome).toBe('failed');
    expect((await deliver(t, event('checkout.session.completed', gone))).json().outcome).toBe('already_decided');
    expect(await state(gone)).toBe('failed');

    // Paid less than the order's price: not paid.
    const cheap = (await checkout(r.token)).body.data.order;
    expect((await deliver(t, event('checkout.session.completed', cheap, { amount: 100 }))).json().outcome).toBe('amount_mismatch');
    expect(await state(cheap)).toBe('created');

    // Buying the same plan again extends the period from where it ends.
    const first = (await order(r.token, slow)).body;
    const second = (await checkout(r.token)).body.data.order;
    await deliver(t, event('checkout.session.completed', second));
    const extended = (await order(r.token, second)).body;
    expect(extended.startsAt).toBe(first.endsAt);

    const history = (await api.call(endpoints.orders, {}, r.token)).body.orders;
    expect(history.map((o: { state: string }) => o.state)).toEqual(['paid', 'created', 'failed', 'paid']);
    expect(history[0]).toMatchObject({ planName: 'Magazines, one month', planNameHi: 'पत्रिकाएँ, एक महीना', amountMinor: 14900 });
  });

  it('concurrent duplicate deliveries (and two events for one order) change the order once', async () => {
    const r = await signIn(`rush.${process.env.LECTERN_TEST_DB ?? 'pglite'}@example.com`);
    const id = (await checkout(r.token)).body.data.order;
    const e = paidEvent(id);
    const other = signedCheckoutEvent('checkout.session.async_payment_succeeded', { order: id, amount: 14900, currency: 'INR' });
    const replies = await Promise.all([...Array.from({ length: 8 }, () => deliver(t, e)), deliver(t, other), deliver(t, other)]);
    expect(replies.map((x) => x.statusCode)).toEqual(Array(10).fill(200));
    const outcomes = replies.map((x) => x.json().outcome as string);
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'paid').every((o) => o === 'duplicate' || o === 'already_decided')).toBe(true);
    const { rows } = await t.db.query<{ days: number; events: number }>(
      `SELECT extract(day FROM o.ends_at - o.starts_at)::int AS days,
              (SELECT count(*)::int FROM payment_events WHERE order_id = o.id) AS events
       FROM orders o WHERE o.public_id = $1`,
      [id],
    );
    expect(rows[0]).toEqual({ days: 30, events: 2 });
  });

  it("two payments of one reader's same plan at once: the second period starts where the first ends", async () => {
    for (let round = 0; round < 4; round++) {
      const r = await signIn(`twice.${round}.${process.env.LECTERN_TEST_DB ?? 'pglite'}@example.com`);
      const ids = await Promise.all([checkout(r.token), checkout(r.token)]).then((x) => x.map((c) => c.body.data.order as string));
      const replies = await Promise.all(ids.map((id) => deliver(t, paidEvent(id))));
      expect(replies.map((x) => x.json().outcome)).toEqual(['paid', 'paid']);
      const periods = (await Promise.all(ids.map(async (id) => (await order(r.token, id)).body))).sort((a, b) =>
        a.startsAt!.localeCompare(b.startsAt!),
      );
      expect(periods[1].startsAt).toBe(periods[0].endsAt);
    }
  });
});
