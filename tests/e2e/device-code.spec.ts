// Spec §7 gencode: a reader signed in on a phone makes a code in My Account and signs in with it
// on another device (a second browser context), in English and Hindi; the code works once.
import { expect, test, type Page } from '@playwright/test';
import { screenshotBoth, signInQuickly } from './pages';

const READER = { email: 'reader@demo.edu', password: 'read2026' };

/** The code's block of My Account at a phone's and a laptop's width. */
async function shootCodeBlock(page: Page, name: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.locator('.device-code').screenshot({ path: `test-results/screens/${name}-${width}.png` });
  }
}

test('a code made in My Account signs the reader in on another device, once', async ({ page, browser, baseURL }) => {
  await signInQuickly(page, READER.email, READER.password, { home: false });
  await page.goto('/dashboard/myAccount');
  await page.getByTestId('make-device-code').click();
  const code = (await page.getByTestId('device-code').textContent())!;
  expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await expect(page.locator('.device-code__made')).toContainText('Use it before');
  await shootCodeBlock(page, 'device-code-made-en');

  // The other device: not signed in; from the sign-in page to the code page.
  const other = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  const tablet = await other.newPage();
  await tablet.goto('/login');
  await tablet.getByTestId('device-code-link').click();
  await expect(tablet).toHaveURL(/\/login\/code$/);
  // A malformed code is refused in the page, before any request.
  await tablet.getByLabel('Code from your other device').fill('ABC');
  await tablet.getByTestId('device-code-sign-in').click();
  await expect(tablet.getByText('A code is 8 letters and digits')).toBeVisible();
  await tablet.getByLabel('Code from your other device').fill(code.toLowerCase().replace('-', ' '));
  await tablet.getByTestId('device-code-sign-in').click();
  await expect(tablet).toHaveURL(/\/$/);
  expect(await tablet.evaluate(() => localStorage.getItem('userToken'))).toBeTruthy();
  await tablet.goto('/dashboard/myAccount');
  await expect(tablet.locator('main')).toContainText(READER.email);
  await other.close();

  // Used once: a third device is turned away with the reason.
  const third = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  const laptop = await third.newPage();
  await laptop.goto('/login/code');
  await laptop.getByLabel('Code from your other device').fill(code);
  await laptop.getByTestId('device-code-sign-in').click();
  await expect(laptop.getByText('That code is not right, or it was used or has expired')).toBeVisible();
  await screenshotBoth(laptop, 'device-code-refused-en', { fullPage: false });
  await third.close();
});

test('the code screens in Hindi', async ({ page }) => {
  await signInQuickly(page, READER.email, READER.password, { home: false });
  await page.goto('/hi/dashboard/myAccount');
  await page.getByTestId('make-device-code').click();
  await expect(page.locator('.device-code__made')).toContainText('से पहले इस्तेमाल करें');
  await expect(page.getByRole('heading', { name: 'किसी दूसरे डिवाइस पर साइन इन करें' })).toBeVisible();
  await shootCodeBlock(page, 'device-code-made-hi');
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/hi/login/code');
  await expect(page.getByRole('heading', { name: 'कोड से साइन इन करें' })).toBeVisible();
  await screenshotBoth(page, 'device-code-sign-in-hi', { fullPage: false });
});
