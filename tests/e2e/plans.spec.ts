// Personal plans in Chromium. On the shared server (no payment keys) the plans screen says payments
// are not configured. On a server of its own, configured with Stripe test keys and pointed at the
// loopback stand-in for Stripe's session-create call (tests/support/stripe-stand-in.ts, the one
// stand-in), a reader with no institution goes from the no-access screen to the plans, checks out,
// is sent to the stand-in's checkout page and back to /paymentsuccess, which waits until the test
// posts the webhook signed by the Stripe SDK's test helper, then shows the order paid; the reader
// then opens an issue that was refused before. Screens at 360 and 1280 px, English and Hindi.
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { PGLITE_TEMPLATE, PORT, SignIn, screenshotBoth } from './pages';
import { startServer } from '../support/server-process';
import { signedCheckoutEvent, startStripeStandIn, TEST_SECRET_KEY, TEST_WEBHOOK_SECRET } from '../support/stripe-stand-in';
import { WEBHOOK_PATH } from '../../src/server/routes/payments-webhook';

const VISITOR = { email: 'visitor@example.com', password: 'read2026' };

/** axe-core's WCAG 2.2 AA rules (as a11y.spec.ts): no serious or critical violation. */
async function accessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('the plans screen says payments are not configured when no keys are set', async ({ page }) => {
  await page.goto('/plans');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plans');
  await expect(page.getByTestId('payments-not-configured')).toHaveText(
    'Payments are not configured on this server, so plans cannot be bought here yet.',
  );
  await expect(page.getByTestId('plan-magazines-month')).toContainText('Magazines, one month');
  await expect(page.getByTestId('plan-magazines-month')).toContainText('₹149.00');
  await expect(page.getByRole('button', { name: 'Buy' })).toHaveCount(0);
  await expect(page.getByText('All sales are final')).toBeVisible();
  await accessible(page);
  await screenshotBoth(page, 'plans-not-configured-en');
  await page.goto('/hi/plans');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('प्लान');
  await expect(page.getByTestId('plan-everything-year')).toContainText('सब कुछ, एक साल');
  await expect(page.getByTestId('payments-not-configured')).toContainText('भुगतान की व्यवस्था नहीं');
  await screenshotBoth(page, 'plans-not-configured-hi');
});

/** A magazine of the demo library that no country blocks. */
async function aMagazine(page: Page): Promise<number> {
  const list = await (await page.request.get('/content/magazine-filter?categoryID=BS&age_rate=5')).json();
  for (const m of list.magazineList) {
    if (m.type !== 'magazine') continue;
    const meta = await (await page.request.get(`/content/magMeta?mid=${m.mid}`)).json();
    if (!meta.blockedCountries.length) return m.mid;
  }
  throw new Error('no readable magazine in the demo');
}

test('checkout through the stand-in, the signed webhook, the paid order, then reading', async ({ browser }) => {
  test.setTimeout(600_000);
  const standIn = await startStripeStandIn(PORT + 101);
  const port = PORT + 100;
  // A fresh library each run: the visitor has bought nothing yet.
  const dataDir = `${process.env.LECTERN_E2E_DATA_DIR}-plans`;
  fs.rmSync(dataDir, { recursive: true, force: true });
  // Its 3-title demo loads first: minutes on a busy machine.
  const server = await startServer(
    port,
    {
      DATA_DIR: dataDir,
      DEMO_TITLES: '3',
      RATE_LIMIT_PER_MINUTE: '0',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      STRIPE_SECRET_KEY: TEST_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      STRIPE_API_URL: standIn.base,
    },
    300_000,
    { pgliteTemplate: PGLITE_TEMPLATE },
  );
  const context = await browser.newContext({ baseURL: server.base, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const mid = await aMagazine(page);
    await new SignIn(page).withPassword(VISITOR.email, VISITOR.password);
    // No institution: the no-access screen, which offers the plans.
    await expect(page).toHaveURL(/\/validate-user\?type=1$/);
    await page.getByTestId('plans-offer').getByRole('link', { name: 'See the plans' }).click();
    await expect(page).toHaveURL(/\/plans$/);

    // Not readable yet.
    await page.goto(`/magazine/${mid}`);
    await page.getByTestId('read-now').click();
    await expect(page.getByTestId('reading-refused')).toContainText('you do not have access');

    await page.goto('/plans');
    await expect(page.getByTestId('payments-not-configured')).toHaveCount(0);
    await accessible(page);
    await screenshotBoth(page, 'plans-en');
    await page.getByTestId('plan-magazines-month').getByRole('button', { name: 'Buy' }).click();
    // The provider's hosted checkout (the stand-in), then back to the shop as Stripe does.
    await expect(page).toHaveURL(new RegExp(`^${standIn.base}/pay/cs_test_`));
    await expect(page.getByTestId('amount')).toHaveText('14900');
    await page.locator('#pay').click();
    await expect(page).toHaveURL(/\/paymentsuccess\?order=[0-9a-f-]{36}$/);
    const order = new URL(page.url()).searchParams.get('order')!;
    // Back from the checkout is not paid: the page waits for the provider's word.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirming your payment…');

    const event = signedCheckoutEvent('checkout.session.completed', { order, amount: 14900, currency: 'INR' });
    const hook = await fetch(`${server.base}${WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.header },
      body: event.payload,
    });
    expect(await hook.json()).toEqual({ received: true, outcome: 'paid' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment received');
    await expect(page.getByText(/Magazines, one month is yours until/)).toBeVisible();
    await accessible(page);
    await screenshotBoth(page, 'payment-paid-en');

    // Now the issue opens in the reader.
    await page.goto(`/magazine/${mid}`);
    const [reader] = await Promise.all([context.waitForEvent('page'), page.getByTestId('read-now').click()]);
    await expect(reader.locator('img.reader__page--shown').first()).toBeVisible();
    await reader.close();
    // The no-access screen (the account area still counts the reader as having no library) says
    // where the plan stands instead of offering one.
    await page.goto('/validate-user?type=1');
    await expect(page.getByTestId('plans-offer')).toContainText('Your plan is active');
    await expect(page.getByTestId('plans-offer')).toContainText('Magazines, one month lets you read until');

    // The order history, reached from the plans screen.
    await page.goto('/plans');
    await page.getByRole('link', { name: 'My orders' }).click();
    await expect(page.getByTestId('order')).toHaveCount(1);
    await expect(page.getByTestId('order')).toContainText('Paid');
    await expect(page.getByTestId('order')).toContainText('₹149.00');
    await accessible(page);
    await screenshotBoth(page, 'orders-en');

    // A checkout left without paying: the failed page says nothing was charged.
    await page.goto('/plans');
    await page.getByTestId('plan-everything-month').getByRole('button', { name: 'Buy' }).click();
    await expect(page).toHaveURL(new RegExp(`^${standIn.base}/pay/`));
    await page.locator('#cancel').click();
    await expect(page).toHaveURL(/\/paymentfailed\?order=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment not completed');
    await screenshotBoth(page, 'payment-cancelled-en');

    // Hindi.
    await page.goto(`/hi/paymentsuccess?order=${order}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('भुगतान मिल गया');
    await screenshotBoth(page, 'payment-paid-hi');
    await page.goto('/hi/plans/orders');
    await expect(page.getByTestId('order').first()).toContainText('भुगतान बाकी है');
    await expect(page.getByTestId('order').last()).toContainText('भुगतान हो गया');
    await screenshotBoth(page, 'orders-hi');
    await page.goto('/hi/plans');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('प्लान');
    await screenshotBoth(page, 'plans-hi');
  } finally {
    await context.close();
    await server.stop();
    await standIn.close();
  }
});
