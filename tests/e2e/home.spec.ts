import { expect, test } from '@playwright/test';
import { HomePage, screenshot } from './pages';

// These tests stub /content answers with page.route, which the service worker would bypass.
test.use({ serviceWorkers: 'block' });

const SECTIONS = [
  'mostPopular',
  'featured',
  'international',
  'topFree',
  'newArrivals',
  'popularCategories',
  'popularLanguages',
  'popularMagazines',
  'popularJournals',
  'coverStories',
];

for (const viewport of [
  { width: 360, height: 800 },
  { width: 1280, height: 800 },
]) {
  test(`home shows every section with the server's titles and real covers at ${viewport.width}px`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const home = new HomePage(page);
    await home.open();
    for (const id of SECTIONS) await expect(home.section(id), id).toBeVisible();

    const data = await (await request.get('/content/home')).json();
    await expect(home.cards('mostPopular').first()).toContainText(data.mostPopular[0].name);
    await expect(home.cards('mostPopular')).toHaveCount(data.mostPopular.length);
    const cover = home.cards('mostPopular').first().locator('img');
    // Offered by width with the layout's sizes (shelf.spec checks which file the browser takes).
    await expect(cover).toHaveAttribute('srcset', /150w, .* 300w, .* 450w/);
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(100);
    await expect(page.getByRole('heading', { level: 2, name: 'Most Popular' })).toBeVisible();
    await screenshot(page, `home-en-${viewport.width}`);
  });

  test(`home in Hindi at ${viewport.width}px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const home = new HomePage(page);
    await home.open('/hi/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('heading', { level: 2, name: 'सबसे लोकप्रिय' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('आज का न्यूज़स्टैंड');
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, `home-hi-${viewport.width}`);
  });
}

test('skeletons show while the home data loads; a visitor on / sees the covers the server drew instead', async ({ page, baseURL }) => {
  // The answer is held until the skeletons have been seen (a loaded machine may take longer to
  // start the app than any fixed delay), and always comes 1.5 s late.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/content/home*', async (route) => {
    await Promise.all([held, new Promise((r) => setTimeout(r, 1500))]);
    await route.continue();
  });
  // A reader with an age rating has no server-drawn first screen (src/server/first-screen): the
  // app's skeletons, which stay until the shelves are drawn (they are drawn in a transition): never
  // neither.
  await page.context().addCookies([{ name: 'ageRating', value: '18', url: baseURL! }]);
  await page.addInitScript(() => {
    const w = window as unknown as { sawSkeletonGo?: boolean; shown: boolean };
    w.shown = false;
    new MutationObserver(() => {
      const skeleton = !!document.querySelector('[data-testid="skeleton"]');
      const shelves = !!document.querySelector('[data-testid="magazine-card"]');
      if (skeleton) w.shown = true;
      else if (w.shown && !shelves) w.sawSkeletonGo = true;
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/hi');
  await expect(page.getByTestId('skeleton').first()).toBeVisible();
  release();
  await expect(page.getByTestId('magazine-card').first()).toBeVisible();
  await expect(page.getByTestId('skeleton')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { sawSkeletonGo?: boolean }).sawSkeletonGo ?? false)).toBe(false);
  await page.context().clearCookies({ name: 'ageRating' });
  // On / the server drew the covers with the app's own components, and the app takes them over as
  // they are (hydrates them, its answer in the page): never a skeleton in between.
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="skeleton"]')) (window as unknown as { sawSkeleton: boolean }).sawSkeleton = true;
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/');
  await expect(page.locator('html[data-drawn]')).toHaveCount(1);
  await expect(page.getByTestId('magazine-card').first().locator('img')).toBeVisible();
  await expect.poll(() => page.locator('main h1').evaluate((h1) => Object.keys(h1).some((k) => k.startsWith('__reactFiber')))).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { sawSkeleton?: boolean }).sawSkeleton ?? false)).toBe(false);
});

test('a failed load offers a retry that recovers', async ({ page, baseURL }) => {
  let fail = true;
  await page.route('**/content/home*', (route) => (fail ? route.fulfill({ status: 503, body: '{}' }) : route.continue()));
  // A reader with an age rating: a visitor's home is drawn by the server from its own answer, which
  // the route cannot fail.
  await page.context().addCookies([{ name: 'ageRating', value: '18', url: baseURL! }]);
  await page.goto('/hi');
  const retry = page.getByRole('button', { name: 'फिर से प्रयास करें' });
  await expect(retry).toBeVisible();
  fail = false;
  await retry.click();
  await expect(page.getByTestId('magazine-card').first()).toBeVisible();
});

test('scroller arrows appear only with more than 7 items', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const home = new HomePage(page);
  await home.open();
  expect(await home.cards('mostPopular').count()).toBeGreaterThan(7);
  await expect(home.section('mostPopular').getByTestId('scroll-next')).toBeVisible();
  const journals = await home.cards('popularJournals').count();
  expect(journals).toBeLessThanOrEqual(7);
  await expect(home.section('popularJournals').getByTestId('scroll-next')).toHaveCount(0);

  const track = home.section('mostPopular').locator('.shelf__track');
  await home.section('mostPopular').getByTestId('scroll-next').click();
  await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
});

test('story tiles show read time or news age labels', async ({ page }) => {
  const home = new HomePage(page);
  await home.open();
  const labels = await home.section('coverStories').locator('.story-card__meta').allTextContents();
  expect(labels.length).toBeGreaterThan(0);
  for (const l of labels) expect(l).toMatch(/^(\d+ mins?|10\+ mins|1 (min|hour|day) ago|\d+ (mins|hours|days) ago)$/);
});
