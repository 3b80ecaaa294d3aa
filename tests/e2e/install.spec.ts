// Installing Lectern: the install card where the browser offers a prompt (a synthetic
// `beforeinstallprompt`), the iOS Add to Home Screen sheet, Not now remembered, nothing in
// standalone display mode, and /appdownload using the same captured offer.
import { expect, test, type Page } from '@playwright/test';
import { screenshot } from './pages';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Fires a fake install offer once the page has loaded, as Chromium does; counts prompt() calls. */
async function offerInstall(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { prompted: number };
    w.prompted = 0;
    addEventListener('load', () => {
      const e = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => void w.prompted++,
        userChoice: Promise.resolve({ outcome: 'accepted' }),
      });
      dispatchEvent(e);
    });
  });
}
/** This device was here in an earlier session: home may ask to install (a first visit is not asked). */
async function returningVisitor(page: Page) {
  await page.addInitScript(() => localStorage.getItem('lectern.visited') ?? localStorage.setItem('lectern.visited', '1'));
}
const prompted = (page: Page) => page.evaluate(() => (window as unknown as { prompted: number }).prompted);

test.describe('install card', () => {
  test.use({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });

  test('not on the first visit; on home in a later session after the offer; Install prompts; Not now hides it, also after a reload', async ({
    page: first,
    context,
  }) => {
    await offerInstall(first);
    await first.goto('/');
    await expect(first.getByTestId('magazine-card').first()).toBeVisible();
    await first.reload(); // the same session: still the first visit
    await expect(first.getByTestId('magazine-card').first()).toBeVisible();
    await first.waitForTimeout(500);
    await expect(first.getByTestId('install-card')).toBeHidden();
    await first.close();

    // A second session (a new tab) on this device: now home asks.
    const page = await context.newPage();
    await offerInstall(page);
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Install Lectern' });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Read your downloaded issues offline');
    await expect(page.locator('body')).toBeFocused(); // a card, not a dialog: focus stays put
    await screenshot(page, 'install-card-360');

    await card.getByRole('button', { name: 'Install' }).click();
    expect(await prompted(page)).toBe(1);
    await expect(card).toBeHidden();

    await page.reload();
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Not now' }).click();
    await expect(card).toBeHidden();
    expect(Number(await page.evaluate(() => localStorage.getItem('lectern.installDismissed')))).toBeGreaterThan(0);
    await page.reload();
    await expect(page.getByTestId('magazine-card').first()).toBeVisible();
    await page.waitForTimeout(500);
    await expect(card).toBeHidden();
  });

  test('in Hindi; not on a sign-in screen', async ({ page }) => {
    await returningVisitor(page);
    await offerInstall(page);
    await page.goto('/hi');
    const card = page.getByRole('region', { name: 'Lectern इंस्टॉल करें' });
    await expect(card).toBeVisible();
    await expect(card.getByRole('button', { name: 'अभी नहीं' })).toBeVisible();
    await screenshot(page, 'install-card-hi-360');
    await page.goto('/login');
    await expect(page.getByLabel('Institution e-mail address')).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.getByTestId('install-card')).toBeHidden();
  });

  test('nothing in standalone display mode', async ({ page }) => {
    await page.addInitScript(() => {
      const real = window.matchMedia.bind(window);
      window.matchMedia = (q: string) =>
        q.includes('display-mode: standalone') ? ({ ...real(q), matches: true } as MediaQueryList) : real(q);
    });
    await offerInstall(page);
    await page.goto('/');
    await expect(page.getByTestId('magazine-card').first()).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.getByTestId('install-card')).toBeHidden();
  });

  test('/appdownload installs with the offer caught at start', async ({ page }) => {
    await offerInstall(page);
    await page.goto('/appdownload');
    await page.getByRole('button', { name: 'Install Lectern' }).click();
    expect(await prompted(page)).toBe(1);
  });
});

test.describe('iOS sheet', () => {
  test('an iPhone gets the Add to Home Screen steps, dismissible and remembered', async ({ browser }) => {
    const context = await browser.newContext({
      userAgent: IPHONE_UA,
      viewport: { width: 360, height: 740 },
      hasTouch: true,
      isMobile: true,
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await returningVisitor(page);
    await page.goto('/hi');
    const sheet = page.getByRole('region', { name: 'Lectern इंस्टॉल करें' });
    await expect(sheet).toContainText('होम स्क्रीन में जोड़ें');
    await screenshot(page, 'install-ios-hi-360');

    await page.goto('/');
    const en = page.getByRole('region', { name: 'Install Lectern' });
    await expect(en.getByRole('listitem')).toHaveText([
      'Tap the Share button',
      'Choose Add to Home Screen',
      'Open Lectern from your Home Screen',
    ]);
    await expect(en.getByRole('button', { name: 'Install' })).toHaveCount(0);
    await screenshot(page, 'install-ios-360');
    await en.getByRole('button', { name: 'Not now' }).click();
    await expect(en).toBeHidden();
    await page.reload();
    await expect(page.getByTestId('magazine-card').first()).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.getByTestId('install-ios')).toBeHidden();
    await context.close();
  });
});
