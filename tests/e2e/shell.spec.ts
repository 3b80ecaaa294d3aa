import { expect, test } from '@playwright/test';
import { HomePage, SideMenu, screenshot, BASE } from './pages';

test('header links and the active page name', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await new HomePage(page).open();
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [name, href] of [
    ['Home', '/'],
    ['Magazines', '/magazines/BS/en'],
    ['Journals', '/journals'],
    ['Newspapers', '/magazines/154'],
    ['Stories', '/stories/category/Cover-Stories/sec_60'],
  ]) {
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('active-page')).toHaveText('Home Page');
});

test('journals and newspapers links hide when the cookies say 0', async ({ page, context }) => {
  await context.addCookies([
    { name: 'isJournal', value: '0', url: BASE },
    { name: 'isNewspaper', value: '0', url: BASE },
  ]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await new HomePage(page).open();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Journals' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Newspapers' })).toHaveCount(0);
  await expect(page.getByTestId('section-popularJournals')).toHaveCount(0);
});

test('profile and search lead a signed-out reader to sign in', async ({ page }) => {
  await new HomePage(page).open();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('side menu: Escape, outside click, focus trap, and the language panel', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await new HomePage(page).open();
  const menu = new SideMenu(page);

  await menu.open();
  const box = await menu.dialog().boundingBox();
  expect(box!.width).toBeLessThanOrEqual(0.9 * 360 + 1);
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
  await screenshot(page, 'side-menu-en-360');
  await page.keyboard.press('Escape');
  await expect(menu.dialog()).toHaveCount(0);

  await menu.open();
  await page.mouse.click(350, 400); // the backdrop, right of the panel
  await expect(menu.dialog()).toHaveCount(0);

  await menu.open();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role=dialog]'))).toBe(true);
  }

  await page.getByRole('button', { name: 'Language' }).click();
  await expect(page.getByRole('button', { name: /हिन्दी/ })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('button', { name: /हिन्दी/ }).click();
  await expect(page).toHaveURL(/\/hi\/$/);
  await expect(page.getByRole('heading', { level: 2, name: 'सबसे लोकप्रिय' })).toBeVisible();

  await menu.open();
  await page.getByRole('button', { name: 'भाषा' }).click();
  await page.getByRole('button', { name: /English/ }).click();
  await expect(page).toHaveURL(`${BASE}/`);
  await expect(page.getByRole('heading', { level: 2, name: 'Most Popular' })).toBeVisible();
});

test('an unknown route shows Page not found, in each language', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.goto('/hi/no/such/page');
  await expect(page.getByRole('heading', { name: 'पेज नहीं मिला' })).toBeVisible();
  await page.getByRole('link', { name: 'न्यूज़स्टैंड पर वापस जाएँ' }).click();
  await expect(page).toHaveURL(/\/hi\/$/);
});

test('API paths never get the app shell', async ({ request }) => {
  const res = await request.get('/api/no-such-thing');
  expect(res.status()).toBe(404);
  expect(res.headers()['content-type']).toContain('application/json');
});
