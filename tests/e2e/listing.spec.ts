// Listing pages against the demo library: 20 per page with infinite scroll, the pickers, the
// newspaper and journal sections with their flags, the hidden category.
import { expect, test } from '@playwright/test';
import { screenshot, tookOver, BASE } from './pages';

test.use({ serviceWorkers: 'block' });

// The app asks with the spec's default age rating for listings (5).
const cards = (page: import('@playwright/test').Page) => page.getByTestId('listing-grid').getByTestId('magazine-card');

test('a category lists 20 titles, then the rest as the reader scrolls to the end', async ({ page, request }) => {
  const first = await (await request.get('/content/magazine-filter?categoryID=BS&page=0&age_rate=5')).json();
  expect(first.nbHits).toBeGreaterThan(20);
  await page.goto('/magazines/BS');
  await expect(cards(page)).toHaveCount(20);
  await expect(page.getByTestId('listing-count')).toHaveText(`${first.nbHits} titles`);
  await expect(cards(page).first()).toContainText(first.magazineList[0].name);
  await page.getByTestId('listing-grid').getByTestId('magazine-card').last().scrollIntoViewIfNeeded();
  await expect(cards(page)).toHaveCount(Math.min(first.nbHits, 40));
  await screenshot(page, 'listing-1280');
});

test('the pickers change category and language through the route', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/magazines/BS/en');
  await expect(page.getByTestId('listing-title')).toHaveText('Most Popular · English');
  await page.getByTestId('language-picker').selectOption('hi');
  await expect(page).toHaveURL(/\/magazines\/BS\/hi$/);
  const hindi = await (await request.get('/content/magazine-filter?categoryID=BS&lang=hi&age_rate=5')).json();
  await expect(cards(page)).toHaveCount(hindi.magazineList.length);
  await page.getByTestId('category-picker').selectOption('NA');
  await expect(page).toHaveURL(/\/magazines\/NA\/hi$/);
  await expect(page.getByTestId('listing-title')).toContainText('New Arrivals');
  await screenshot(page, 'listing-360');
});

test('newspapers (154) in every language and journals (52), each named in the header', async ({ page, request }) => {
  const papers = await (await request.get('/content/magazine-filter?categoryID=154&age_rate=5')).json();
  await page.goto('/magazines/154');
  await expect(cards(page)).toHaveCount(papers.magazineList.length);
  await expect(page.getByTestId('active-page')).toHaveText('Newspaper Listing Page');
  const journals = await (await request.get('/content/magazine-filter?categoryID=52&age_rate=5')).json();
  await page.goto('/journals');
  await expect(page.getByTestId('listing-title')).toHaveText('Journals');
  await expect(cards(page)).toHaveCount(journals.magazineList.length);
  await expect(page.getByTestId('active-page')).toHaveText('Journal Listing Page');
});

test('the hidden category never lists, and newspapers stay hidden when the institution lacks them', async ({ page, context }) => {
  await page.goto('/magazines/127');
  await expect(page.getByTestId('no-results')).toHaveText('Oops! Sorry No results found.');
  await expect(cards(page)).toHaveCount(0);

  await context.addCookies([{ name: 'isNewspaper', value: '0', url: BASE }]);
  let asked = false;
  await page.route('**/content/magazine-filter*', (route) => {
    asked = route.request().url().includes('categoryID=154') || asked;
    return route.continue();
  });
  await page.goto('/magazines/154');
  await expect(page.getByTestId('no-results')).toBeVisible();
  expect(asked).toBe(false);
});

test('skeletons hold the grid while a listing loads, and it reads in Hindi', async ({ page }) => {
  // The answer is held until the skeletons have been seen (a loaded machine may take longer to
  // start the app than any fixed delay).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/content/magazine-filter*', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/hi/magazines/BS');
  await expect(page.locator('.listing-grid .skeleton').first()).toBeVisible();
  release();
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByTestId('listing-title')).toHaveText('सबसे लोकप्रिय');
});

test('the scroll position is kept in cookies on a click and restored on coming back', async ({ page, context }) => {
  await page.setViewportSize({ width: 360, height: 700 });
  await page.goto('/magazines/BS');
  await expect(cards(page)).toHaveCount(20);
  // (the server draws the listing: a click before the app has taken it over is a plain link's)
  await tookOver(page);
  await page.evaluate(() => window.scrollTo(0, 1500));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1500);
  const card = cards(page).nth(12);
  await card.scrollIntoViewIfNeeded();
  const y = await page.evaluate(() => Math.round(window.scrollY));
  await card.click();
  await expect(page).toHaveURL(/\/magazine\/\d+-[^/]+$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'scrollPath')?.value).toBe('/magazines/BS');
  expect(Number(cookies.find((c) => c.name === 'scrollPosition')?.value)).toBe(y);
  await page.goBack();
  await expect(page).toHaveURL(/\/magazines\/BS$/);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(y);
});
