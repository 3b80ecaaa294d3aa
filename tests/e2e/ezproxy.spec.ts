// Lectern behind an EZproxy-style rewriting proxy (proxy by hostname, docs/ezproxy.md): the
// browser only ever talks to http://lectern.localhost:<port>, which forwards to the server with
// its own Host and rewrites absolute URLs and cookie domains in the answers. Home, a title page,
// password sign-in (the XSRF cookie read by the app and echoed back), a reload that keeps the
// session, and the reader in its own tab all work, and no request leaves the proxy's host.
import { expect, test } from '@playwright/test';
import { startRewritingProxy, type RewritingProxy } from '../support/rewriting-proxy';

const ORIGIN = `http://127.0.0.1:${process.env.E2E_PORT ?? 4173}`;
let proxy: RewritingProxy;
test.beforeAll(async () => {
  proxy = await startRewritingProxy(ORIGIN);
});
test.afterAll(() => proxy?.close());

test('through the proxy: home, a title, sign-in, a reload and the reader stay on the proxy', async ({ browser }) => {
  // One journey of six pages through a second HTTP hop: more than the default on a busy machine.
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: proxy.url });
  const elsewhere: string[] = [];
  context.on('request', (r) => {
    const url = new URL(r.url());
    if (url.protocol.startsWith('http') && url.host !== proxy.host) elsewhere.push(r.url());
  });
  const page = await context.newPage();

  await page.goto('/');
  await expect(page.locator('main')).toBeVisible();
  // Every link of home stays on the proxy.
  const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  expect(hrefs.length).toBeGreaterThan(5);
  expect(hrefs.filter((h) => h.startsWith('http') && new URL(h).host !== proxy.host)).toEqual([]);

  // A magazine Demo University's readers may read, found through the proxy.
  // (Fetched by the page: *.localhost resolves to loopback in Chromium, not in Node.)
  const list = await page.evaluate(() => fetch('/content/magazine-filter?categoryID=BS&age_rate=5').then((r) => r.json()));
  const title = list.magazineList.find((m: { type: string }) => m.type === 'magazine') as { mid: number };

  // Sign in with a password: a POST that must echo the XSRF cookie the proxy passed through.
  await page.goto('/login/verify/password');
  await page.getByLabel('Institution e-mail address').fill('reader@demo.edu');
  await page.getByLabel('Password', { exact: true }).fill('read2026');
  await page.locator('main').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${proxy.url}/`);
  const cookies = await context.cookies(proxy.url);
  expect(cookies.map((c) => c.name)).toContain('XSRF-TOKEN');

  await page.goto(`/magazine/${title.mid}`);
  await page.reload();
  await expect(page.getByTestId('read-now')).toBeVisible({ timeout: 30_000 });
  const [reader] = await Promise.all([context.waitForEvent('page'), page.getByTestId('read-now').click()]);
  await expect(reader.locator('img.reader__page--shown').first()).toBeVisible({ timeout: 30_000 });
  expect(new URL(reader.url()).host).toBe(proxy.host);
  const image = await reader.locator('img.reader__page--shown').first().getAttribute('src');
  expect(new URL(image!, reader.url()).host).toBe(proxy.host);

  expect(elsewhere).toEqual([]);
  // The reader's token call and its page images went through the proxy.
  expect(proxy.forwarded.some((r) => r.startsWith('POST /api/reader/token'))).toBe(true);
  expect(proxy.forwarded.some((r) => /^GET \/content\/reader\/\d+\/pages\//.test(r))).toBe(true);
  await context.close();
});
