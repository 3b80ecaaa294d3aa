import { expect, test } from '@playwright/test';
import { HomePage } from './pages';

test('the manifest is served with installable icons', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel=manifest]').getAttribute('href');
  const manifest = await (await request.get(href!)).json();
  expect(manifest).toMatchObject({ name: 'Lectern', start_url: '/', display: 'standalone' });
  const sizes = manifest.icons.map((i: { sizes: string; purpose?: string }) => `${i.sizes}:${i.purpose ?? 'any'}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']));
  for (const icon of manifest.icons) {
    const res = await request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
  }
});

test('after one visit, a reload with no network shows the shell and the last seen home', async ({ page, context }) => {
  const home = new HomePage(page);
  await home.open();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
  const firstTitle = await home.cards('mostPopular').first().textContent();
  // The home data is saved on the device shortly after it arrives.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('lectern-query-cache')?.includes('mostPopular') ?? false)).toBe(true);

  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Today's newsstand");
  await expect(home.cards('mostPopular').first()).toHaveText(firstTitle!);
  await context.setOffline(false);
});

test('a chunk that fails to load reloads the page once when online (a new deploy), never offline', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByTestId('magazine-card').first()).toBeVisible();
  const failChunk = () =>
    page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
      window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    });
  const marked = () => page.evaluate(() => (window as unknown as { marker?: boolean }).marker === true);

  // Offline: nothing to gain from a reload, and the page is kept.
  await context.setOffline(true);
  await failChunk();
  await page.waitForTimeout(500);
  expect(await marked()).toBe(true);

  // Online: one reload, then no more in this session.
  await context.setOffline(false);
  await Promise.all([page.waitForEvent('load'), failChunk()]);
  expect(await marked()).toBe(false);
  await expect(page.getByTestId('magazine-card').first()).toBeVisible();
  await failChunk();
  await page.waitForTimeout(500);
  expect(await marked()).toBe(true);
});
