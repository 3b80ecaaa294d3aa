// Arrival told by the venue's network, in Chromium against the real server: a librarian gives a
// zone a RADIUS client in the console's API, a reader turns notifications on and links their Wi-Fi
// identity in My Account (the consent said first), then FreeRADIUS's radclient sends the venue's
// Accounting-Start for that identity to the server's listener (RADIUS_ACCT_PORT in
// playwright.config.ts): the server's push reaches the run's push-service stand-in, and delivered
// to the service worker (CDP ServiceWorker.deliverPushMessage) it shows the arrival notification.
// The same end to end for a controller's signed webhook and for a poster's QR link.
import crypto from 'node:crypto';
import { expect, test, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { SignIn, ZoneScreen, librarianAuth, screenshotBoth, signInQuickly } from './pages';
import { startRunPushReceiver, stubPushManager } from './push-stub';
import type { PushServiceStandIn } from '../support/push-service';
import { radclient } from '../support/radclient';

const PASSWORD = 'read2026';
/** The server's RADIUS accounting port (playwright.config.ts: the run's port + 2). */
const RADIUS_E2E_PORT = Number(process.env.E2E_PORT ?? 4173) + 2;
const IDENTITY = 's1234567@campus.ac.in';

test.describe('arrival told by the venue’s RADIUS accounting', () => {
  test.use({ viewport: { width: 1280, height: 800 }, permissions: ['notifications'] });
  let receiver: PushServiceStandIn;
  test.beforeAll(async () => {
    receiver = await startRunPushReceiver();
  });
  test.afterAll(async () => receiver.close());

  /** Signs the reader in and turns notifications on for this device (its pushes reach the receiver as `name`). */
  async function readerWithNotifications(page: Page, context: BrowserContext, email: string, name: string) {
    await stubPushManager(context, receiver.subscribe(name).json);
    await new SignIn(page).withPassword(email, PASSWORD);
    await expect(page).not.toHaveURL(/\/login/);
    const zone = new ZoneScreen(page);
    await zone.open();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller)
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    });
    await zone.notifications().getByRole('button', { name: 'Turn on notifications' }).click();
    const subscribed = page.waitForResponse((r) => r.url().endsWith('/api/push/subscriptions'));
    await zone.notifications().getByRole('button', { name: 'Continue' }).click();
    expect((await subscribed).status()).toBe(200);
    return zone;
  }

  /** The one push that reached the receiver for `name` since `before` pushes. */
  async function pushTo(name: string, before: number) {
    await expect.poll(() => receiver.received.slice(before).filter((p) => p.name === name).length).toBe(1);
    return receiver.received.slice(before).find((p) => p.name === name)!.message;
  }

  /** Hands the push to the page's service worker as a push service would (CDP), and answers the
   * arrival notification it shows; delivered again while none shows (a CDP delivery can be lost
   * under load, where a push service would retry). For expect.poll. */
  const cdpSessions = new WeakMap<Page, { cdp: CDPSession; registrations: Set<string> }>();
  async function shownAfterDelivery(page: Page, context: BrowserContext, message: { zoneId: number }) {
    const origin = new URL(page.url()).origin;
    let session = cdpSessions.get(page);
    if (!session) {
      const cdp = await context.newCDPSession(page);
      const registrations = new Set<string>();
      cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
        for (const r of e.registrations) if (r.scopeURL === `${origin}/` && !r.isDeleted) registrations.add(r.registrationId);
      });
      await cdp.send('ServiceWorker.enable');
      session = { cdp, registrations };
      cdpSessions.set(page, session);
    }
    const shown = await page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag })),
    );
    const found = shown.find((n) => n.tag === `zone-${message.zoneId}`);
    if (!found)
      for (const registrationId of session.registrations)
        await session.cdp
          .send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(message) })
          .catch(() => undefined);
    return found;
  }

  test('a linked Wi-Fi identity in an Accounting-Start from radclient becomes the arrival notification', async ({
    page,
    context,
    browser,
  }) => {
    test.setTimeout(150_000);
    // Demo University's librarian: a hall whose access point reports to Lectern (its secret shown once).
    const auth = await librarianAuth(page, PASSWORD);
    const [inst] = (await (await page.request.get('/api/console/me', { headers: auth })).json()).institutions;
    const zones = `/api/console/institutions/${inst.id}/zones`;
    const hall = await (
      await page.request.post(zones, {
        data: { name: 'Wi-Fi Reading Hall', place: { lat: 13.0827, lng: 80.2707, radiusM: 150 } },
        headers: auth,
      })
    ).json();
    // In the console's Zones section the librarian gives the hall its access point; the secret is shown once.
    const staff = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const desk = await staff.newPage();
    await signInQuickly(desk, 'librarian@demo.edu', PASSWORD, { home: false });
    await desk.goto(`/library/${inst.id}/zones`);
    const card = desk.getByTestId(`zone-${hall.id}`);
    await card.getByText('Arrivals told by your Wi-Fi (app closed)').click();
    const network = card.getByTestId('zone-network');
    await expect(network).toContainText('No RADIUS client yet.');
    await network.getByLabel('Match packets by').selectOption('nas_identifier');
    await network.getByLabel('Value').fill('Hall-AP-1');
    await network.getByRole('button', { name: 'Add RADIUS client' }).click();
    await expect(network.getByTestId('zone-secret')).toContainText('it is not shown again');
    const secret = (await network.getByTestId('zone-secret').locator('code').textContent())!;
    expect(secret).toMatch(/^[0-9a-f]{32}$/);
    await expect(network.getByTestId('zone-radius-client')).toContainText('NAS-Identifier: hall-ap-1');
    await screenshotBoth(desk, 'console-zone-network');
    await desk.goto(`/hi/library/${inst.id}/zones`);
    await desk.getByTestId(`zone-${hall.id}`).getByText('आपके वाई-फ़ाई से बताए गए आगमन (ऐप बंद होने पर)').click();
    await expect(desk.getByTestId(`zone-${hall.id}`).getByTestId('zone-radius-client')).toContainText('hall-ap-1');
    await desk.evaluate(() => document.fonts.ready);
    await screenshotBoth(desk, 'console-zone-network-hi');
    await staff.close();

    // The reader: notifications on for this device.
    const zone = await readerWithNotifications(page, context, 'rohan.das@demo.edu', 'wifi-reader');

    // My Account: the consent in plain words, the box ticked, the identity linked.
    await page.goto('/dashboard/myAccount');
    const link = page.getByTestId('wifi-link');
    await expect(link).toContainText('What is stored: only the Wi-Fi name you type here');
    await expect(link).toContainText('How to remove it: press Unlink');
    await link.getByLabel('Wi-Fi user name').fill(`  S1234567@Campus.AC.IN `);
    await expect(link.getByRole('button', { name: 'Link' })).toBeDisabled();
    await link.getByLabel(/I agree that my venue/).check();
    const linked = page.waitForResponse((r) => r.url().endsWith('/api/user/network-identities') && r.request().method() === 'POST');
    await link.getByRole('button', { name: 'Link' }).click();
    expect((await linked).status()).toBe(200);
    await expect(link.getByTestId('wifi-identity')).toContainText(IDENTITY);
    await screenshotBoth(page, 'account-wifi-link');

    // The hall's access point tells Lectern the phone joined: radclient, as a real NAS would send it.
    const before = receiver.received.length;
    const res = await radclient(RADIUS_E2E_PORT, secret, {
      'User-Name': IDENTITY,
      'Acct-Status-Type': 'Start',
      'NAS-Identifier': 'hall-ap-1',
      'Acct-Session-Id': `e2e-${Date.now()}`,
    });
    expect(res.code, res.out).toBe(0);
    const message = await pushTo('wifi-reader', before);
    expect(message).toMatchObject({ type: 'zone-arrival', zoneId: hall.id, lang: 'en' });
    expect(message.body).toMatch(/^Wi-Fi Reading Hall: reading is free here until/);

    // Delivered to the service worker as a push service would: the notification shows.
    await expect
      .poll(() => shownAfterDelivery(page, context, message))
      .toEqual({
        title: "You're in a Smart Reading Zone",
        body: message.body,
        tag: `zone-${hall.id}`,
      });

    // The pass is there when the app opens.
    await zone.open();
    await expect(zone.pass()).toContainText('Free reading in Wi-Fi Reading Hall');

    // In Hindi (after the push: the app tells the server the new language, and later arrivals come in Hindi).
    await page.goto('/hi/dashboard/myAccount');
    await expect(page.getByTestId('wifi-link')).toContainText('क्या रखा जाता है');
    await page.evaluate(() => document.fonts.ready);
    await screenshotBoth(page, 'account-wifi-link-hi');

    // Unlink: gone from the list.
    await page.goto('/dashboard/myAccount');
    await page
      .getByTestId('wifi-link')
      .getByRole('button', { name: `Unlink ${IDENTITY}` })
      .click();
    await expect(page.getByTestId('wifi-identity')).toHaveCount(0);
    await page.request.post(`${zones}/${hall.id}/remove`, { headers: auth });
  });

  test("a controller's signed webhook and a poster's QR link each become the arrival notification", async ({ page, context }) => {
    test.setTimeout(150_000);
    const auth = await librarianAuth(page, PASSWORD);
    const [inst] = (await (await page.request.get('/api/console/me', { headers: auth })).json()).institutions;
    const zones = `/api/console/institutions/${inst.id}/zones`;
    const newZone = async (name: string, lat: number) =>
      (await (
        await page.request.post(zones, { data: { name, place: { lat, lng: 80.2, radiusM: 150 }, proof: 'any' }, headers: auth })
      ).json()) as {
        id: number;
      };
    const portal = await newZone('Captive Portal Hall', 13.05);
    const posterRoom = await newZone('Poster Hall', 13.06);
    const { secret } = await (await page.request.post(`${zones}/${portal.id}/webhook-secret`, { headers: auth })).json();
    const { url } = await (await page.request.get(`${zones}/${posterRoom.id}/poster`, { headers: auth })).json();

    const zone = await readerWithNotifications(page, context, 'priya.nair@demo.edu', 'portal-reader');

    // The hall's captive portal signs the arrival with the zone's secret and posts it.
    let before = receiver.received.length;
    const body = JSON.stringify({ user: 'Priya.Nair@demo.edu', event: 'start' });
    const at = String(Math.floor(Date.now() / 1000));
    const signature = `sha256=${crypto.createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`;
    const posted = await page.request.post(`/api/zones/${portal.id}/arrivals`, {
      data: body,
      headers: { 'content-type': 'application/json', 'x-lectern-timestamp': at, 'x-lectern-signature': signature },
    });
    expect(posted.status()).toBe(200);
    const byWebhook = await pushTo('portal-reader', before);
    expect(byWebhook).toMatchObject({ type: 'zone-arrival', zoneId: portal.id });
    await expect.poll(() => shownAfterDelivery(page, context, byWebhook)).toMatchObject({ tag: `zone-${portal.id}` });

    // The reader scans the poster at the other hall: the zone screen opens with its token.
    before = receiver.received.length;
    const qr = new URL(url);
    await page.goto(`${qr.pathname}${qr.search}`);
    // Both passes run now: the portal's and the poster's.
    await expect(zone.pass().filter({ hasText: 'Free reading in Poster Hall' })).toBeVisible();
    const byPoster = await pushTo('portal-reader', before);
    expect(byPoster).toMatchObject({ type: 'zone-arrival', zoneId: posterRoom.id });
    await expect
      .poll(() => shownAfterDelivery(page, context, byPoster))
      .toEqual({
        title: "You're in a Smart Reading Zone",
        body: byPoster.body,
        tag: `zone-${posterRoom.id}`,
      });
    for (const z of [portal, posterRoom]) await page.request.post(`${zones}/${z.id}/remove`, { headers: auth });
  });
});
