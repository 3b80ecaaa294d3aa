// A zone's on-site poster in Chromium against the real server: the librarian opens it from the
// console's Zones section (a desk screen's QR code with the time left and the desk's code; a paper
// one dated, one A4 page in print), a signed-out visitor opens the QR code's link (taken out of the
// address at once), reads as a guest and the pass starts with its banner; a signed-in reader's pass
// starts at once; a forged token is explained on the zone screen, in English and Hindi.
import fs from 'node:fs';
import { expect, test, type Browser } from '@playwright/test';
import { SignIn, ZoneScreen, librarianAuth, screenshotBoth, signInQuickly } from './pages';

const PASSWORD = 'read2026';

/** A page in a browser of its own (nobody signed in), 360 px wide. */
async function visitor(browser: Browser) {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 360, height: 740 } });
  return context.newPage();
}

/** The QR code's link as the server made it, on this test server (path and query). */
const local = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

test.describe('the poster of a zone', () => {
  test.use({ serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });

  test('console → poster (screen and paper) → a visitor scans it, reads as a guest: pass and banner; a signed-in reader at once', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const auth = await librarianAuth(page, PASSWORD);
    const [inst] = (await (await page.request.get('/api/console/me', { headers: auth })).json()).institutions;
    const zones = `/api/console/institutions/${inst.id}/zones`;
    const hall = await (
      await page.request.post(zones, {
        data: {
          name: 'Poster Reading Room',
          description: 'The reading room on the first floor.',
          place: { lat: 19.2, lng: 72.9, radiusM: 100 },
          proof: 'any',
        },
        headers: auth,
      })
    ).json();
    expect(hall.proof).toBe('any');

    // The console, signed in as the librarian: the zone's proof and its Poster action.
    await signInQuickly(page, 'librarian@demo.edu', PASSWORD, { home: false });
    await page.goto(`/library/${inst.id}/zones`);
    const card = page.getByTestId(`zone-${hall.id}`);
    await expect(card.getByTestId('zone-proof')).toHaveText('Any');
    await card.getByTestId('zone-poster').click();
    await expect(page).toHaveURL(new RegExp(`/library/${inst.id}/zones/${hall.id}/poster$`));

    // The desk screen: the zone, a QR code carrying the zone screen's link, the time left, the desk's code.
    const poster = page.getByTestId('poster');
    await expect(poster.getByRole('heading', { level: 1 })).toHaveText('Poster Reading Room');
    await expect(poster).toContainText('Smart Reading Zone');
    const qr = page.getByTestId('poster-qr');
    await expect(qr.locator('svg')).toBeVisible();
    const screenUrl = (await qr.getAttribute('data-url'))!;
    expect(screenUrl).toMatch(new RegExp(`/reading-zone\\?z=${hall.id}&t=${hall.id}\\.\\d+\\.[A-Za-z0-9_-]{22}$`));
    await expect(page.getByTestId('poster-left')).toHaveText(/^New QR code in \d+:\d\d$/);
    const desk = await (await page.request.get(`${zones}/${hall.id}/code`, { headers: auth })).json();
    await expect(page.getByTestId('poster-code')).toContainText(`${desk.code.slice(0, 3)} ${desk.code.slice(3)}`);
    await screenshotBoth(page, 'zone-poster-screen');
    await page.goto(`/hi/library/${inst.id}/zones/${hall.id}/poster`);
    await expect(page.getByTestId('poster-left')).toContainText('नया QR कोड');
    await screenshotBoth(page, 'zone-poster-screen-hi');

    // Paper: dated, valid until the day's hours end; printed alone, on one A4 page.
    await page.goto(`/library/${inst.id}/zones/${hall.id}/poster`);
    await page.getByTestId('poster-print').click();
    // Always open: good the whole day (until midnight in the zone's time zone).
    await expect(page.getByTestId('poster-valid')).toHaveText(/^Valid all day on \w+day, \d{1,2} \w+ \d{4}$/);
    await expect(page.getByTestId('poster-code')).toHaveCount(0);
    const paperUrl = (await page.getByTestId('poster-qr').getAttribute('data-url'))!;
    expect(paperUrl).not.toBe(screenUrl);
    await screenshotBoth(page, 'zone-poster-paper');
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('header').first()).toBeHidden();
    await expect(page.getByTestId('poster-print-now')).toBeHidden();
    await page.screenshot({ path: 'test-results/screens/zone-poster-print.png', fullPage: true });
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    fs.writeFileSync('test-results/screens/zone-poster.pdf', pdf);
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
    await page.goto(`/hi/library/${inst.id}/zones/${hall.id}/poster?print=1`);
    await expect(page.getByTestId('poster-valid')).toContainText('पूरे दिन मान्य');
    const pdfHi = await page.pdf({ format: 'A4', printBackground: true });
    fs.writeFileSync('test-results/screens/zone-poster-hi.pdf', pdfHi);
    expect(pdfHi.toString('latin1').match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
    await page.screenshot({ path: 'test-results/screens/zone-poster-print-hi.png', fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    // A visitor scans the desk screen's code: the link leaves the address at once; Read as a guest starts the pass.
    const guest = await visitor(browser);
    const zone = new ZoneScreen(guest);
    await zone.open(local(screenUrl));
    await expect(guest).toHaveURL(/\/reading-zone$/);
    expect(await guest.evaluate(() => window.location.search)).toBe('');
    await expect(guest.getByTestId('zone-signed-out')).toContainText("You scanned a zone's poster. Read as a guest, or sign in");
    await screenshotBoth(guest, 'zone-poster-scanned');
    const arrived = guest.waitForResponse((r) => r.url().endsWith('/api/zones/here') && r.request().postDataJSON()?.token);
    await guest.getByRole('button', { name: 'Read as a guest' }).click();
    const answer = await arrived;
    expect(answer.status()).toBe(200);
    expect((await answer.json()).arrived).toEqual([hall.id]);
    await expect(zone.pass()).toContainText('Free reading in Poster Reading Room');
    await expect(zone.banner()).toContainText(/^Read free here until .* · Poster Reading Room$/);
    await screenshotBoth(guest, 'zone-poster-guest-pass');
    // Back in the history: the link (and its token) is not there.
    expect(await guest.evaluate(() => window.history.length)).toBeLessThanOrEqual(2);
    await guest.context().close();

    // A signed-in reader scans the paper poster: the pass starts at once.
    const reader = await visitor(browser);
    await new SignIn(reader).withPassword('reader@demo.edu', PASSWORD);
    await expect(reader).toHaveURL(/\/$/);
    const at = reader.waitForResponse((r) => r.url().endsWith('/api/zones/here') && r.request().postDataJSON()?.token);
    await reader.goto(local(paperUrl));
    expect((await (await at).json()).arrived).toEqual([hall.id]);
    await expect(new ZoneScreen(reader).pass()).toContainText('Free reading in Poster Reading Room');
    await expect(reader).toHaveURL(/\/reading-zone$/);
    await reader.context().close();

    // The Reports section carries the zone reading breakdown (what counts for whom is tested in the API suite).
    await page.goto(`/library/${inst.id}/reports`);
    await expect(page.getByTestId('zone-usage')).toContainText('Reading in Smart Reading Zones');
    await screenshotBoth(page, 'console-zone-usage');
    await page.goto(`/hi/library/${inst.id}/reports`);
    await expect(page.getByTestId('zone-usage')).toContainText('स्मार्ट रीडिंग ज़ोन में पढ़ाई');
    await screenshotBoth(page, 'console-zone-usage-hi');
    await page.request.post(`${zones}/${hall.id}/remove`, { headers: auth });
  });

  test('a forged or expired token is explained on the zone screen (English and Hindi) and opens nothing', async ({ page }) => {
    const auth = await librarianAuth(page, PASSWORD);
    const [inst] = (await (await page.request.get('/api/console/me', { headers: auth })).json()).institutions;
    const zones = `/api/console/institutions/${inst.id}/zones`;
    const hall = await (
      await page.request.post(zones, {
        data: { name: 'Forged Poster Hall', place: { lat: 19.3, lng: 72.9, radiusM: 100 }, proof: 'any' },
        headers: auth,
      })
    ).json();
    const poster = await (await page.request.get(`${zones}/${hall.id}/poster`, { headers: auth })).json();
    const [zoneId, expires, mac] = new URL(poster.url).searchParams.get('t')!.split('.');
    const forged = `${zoneId}.${Number(expires) + 3600}.${mac}`;

    await new SignIn(page).withPassword('reader@demo.edu', PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    const zone = new ZoneScreen(page);
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/zones/here') && r.status() === 400);
    await zone.open(`/reading-zone?z=${hall.id}&t=${forged}`);
    expect((await (await refused).json()).error.code).toBe('zone_token_invalid');
    await expect(page.getByTestId('zone-refusal')).toContainText('This QR code is not a valid Lectern zone code.');
    await expect(page).toHaveURL(/\/reading-zone$/);
    await expect(page.getByTestId('zone-no-pass')).toBeVisible();
    await screenshotBoth(page, 'zone-poster-forged');

    const expired = page.waitForResponse((r) => r.url().endsWith('/api/zones/here') && r.status() === 400);
    await zone.open(`/hi/reading-zone?z=${hall.id + 1}&t=${poster.url.split('t=')[1]}`);
    expect((await (await expired).json()).error.code).toBe('zone_token_other_zone');
    await expect(page.getByTestId('zone-refusal')).toContainText('यह QR कोड किसी दूसरे ज़ोन का है।');
    await screenshotBoth(page, 'zone-poster-forged-hi');
    await page.request.post(`${zones}/${hall.id}/remove`, { headers: auth });
  });
});
