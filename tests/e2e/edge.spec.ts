// The HTTP edge in a real browser: the app, a title, the reader and the service worker live with
// the Content-Security-Policy (no violation anywhere), and Devanagari titles on English pages are
// drawn with the shipped Noto Sans Devanagari (on a machine without a Devanagari font they were
// empty boxes).
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { HomePage, SignIn, screenshot, signInQuickly } from './pages';

/** Records every CSP violation the pages of this context report (an init script runs outside the
 * page's CSP, in every tab the context opens, from its first script on). */
async function watchCsp(context: BrowserContext) {
  await context.addInitScript(() => {
    (window as any).__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as any).__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  const logged: string[] = [];
  const listen = (p: Page) =>
    p.on('console', (m) => {
      if (/Content.Security.Policy|Refused to/i.test(m.text())) logged.push(m.text());
    });
  context.pages().forEach(listen);
  context.on('page', listen);
  return async (page: Page) => [...((await page.evaluate(() => (window as any).__csp as string[]).catch(() => [])) ?? []), ...logged];
}

test('no CSP violation on home, a title and the reader; the reader boot script runs', async ({ page, context }) => {
  const watch = await watchCsp(context);
  const violations = () => watch(page);
  await new SignIn(page).withPassword('reader@demo.edu', 'read2026');
  await expect(page).not.toHaveURL(/\/login/);
  const home = new HomePage(page);
  await home.open();
  expect(await violations()).toEqual([]);
  for (const url of ['/hi/', '/journals', '/search?q=india', '/faq', '/contact-us', '/dashboard', '/dashboard/downloads', '/accesscode']) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    expect([url, await violations()]).toEqual([url, []]);
  }

  // A title that can be read (the demo blocks one title in India).
  await home.open();
  const links = await page.locator('a[href^="/magazine/"]').evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute('href')!))]);
  let opened = false;
  for (const link of links) {
    await page.goto(link);
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
    if (await page.getByTestId('read-now').count()) {
      opened = true;
      break;
    }
  }
  expect(opened).toBe(true);

  const [reader] = await Promise.all([context.waitForEvent('page'), page.getByTestId('read-now').click()]);
  await expect(reader.locator('img.reader__page--shown').first()).toBeVisible();
  await reader.waitForLoadState('networkidle');
  expect(await watch(reader)).toEqual([]);
  expect(await violations()).toEqual([]);
});

test('the inline boot script of the reader runs under the CSP (allowed by its hash)', async ({ page, context }) => {
  const watch = await watchCsp(context);
  // Only the boot script: the reader's own code is held back.
  await page.route('**/assets/reader-*.js', (r) => r.abort());
  await page.goto('/reader/1?code=not-a-token#page/1');
  await expect.poll(() => page.evaluate(() => typeof (window as any).readerBoot)).toBe('object');
  expect(await watch(page)).toEqual([]);
});

test('a Devanagari title on an English page is drawn with Noto Sans Devanagari', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const home = new HomePage(page);
  await home.open('/');
  const name = page
    .locator('[data-testid="magazine-card"] .cover-card__name')
    .filter({ hasText: /[\u0900-\u097F]/ })
    .first();
  await expect(name).toBeVisible();
  await name.scrollIntoViewIfNeeded();
  const text = (await name.textContent())!.match(/[\u0900-\u097F][\u0900-\u097F\s]*/)![0];
  await expect
    .poll(() =>
      page.evaluate(() => [...document.fonts].some((f) => f.family.replace(/"/g, '') === 'Noto Sans Devanagari' && f.status === 'loaded')),
    )
    .toBe(true);
  // The fonts the text needs are loaded, and the card's font stack reaches it before any system font.
  expect(await page.evaluate((t) => document.fonts.check('16px "Noto Sans Devanagari"', t), text)).toBe(true);
  expect(await name.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^"?Noto Sans Devanagari/);
  // Only the text in a Devanagari language has it first: the page's English words are laid out
  // without it (src/shared/devanagari-font.ts says why), and no text without its language said made
  // the whole page take it.
  expect(await name.getAttribute('lang')).toBe('hi');
  expect(await page.locator('.home__title').evaluate((el) => getComputedStyle(el).fontFamily)).not.toContain('Devanagari');
  expect(await page.locator('html').getAttribute('data-devanagari')).toBeNull();
  await screenshot(page, 'home-en-devanagari-1280');
});

test("a Hindi issue read in English: its title and its pages' text are drawn with Noto Sans Devanagari", async ({ page, context }) => {
  await signInQuickly(page, 'reader@demo.edu', 'read2026', { home: false });
  const list = await (await page.request.get('/content/magazine-filter?categoryID=BS&lang=hi')).json();
  const title = list.magazineList.find((m: { type: string }) => m.type === 'magazine');
  await page.goto(`/magazine/${title.mid}`);
  const [reader] = await Promise.all([context.waitForEvent('page'), page.getByTestId('read-now').click()]);
  await expect(reader.locator('img.reader__page--shown').first()).toBeVisible();
  await reader.getByRole('button', { name: 'Text', exact: true }).click();
  const paragraph = reader.getByTestId('page-text').first().locator('p:not(.reader__text-page)').first();
  await expect(paragraph).toContainText(/[\u0900-\u097F]/);
  // The reader gives its page no font as a whole: the words that are Devanagari have it themselves
  // (no answer says a page's language). Without it a device with no Devanagari font drew boxes.
  for (const words of [reader.locator('.reader__title strong'), paragraph]) {
    expect(await words.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^"?Noto Sans Devanagari/);
    const text = (await words.textContent())!.match(/[\u0900-\u097F]+/)![0];
    await expect.poll(() => reader.evaluate((t) => document.fonts.check('16px "Noto Sans Devanagari"', t), text)).toBe(true);
  }
  expect(
    await reader
      .locator('.reader__bar button')
      .first()
      .evaluate((el) => getComputedStyle(el).fontFamily),
  ).not.toContain('Devanagari');
  await screenshot(reader, 'reader-hindi-issue-text-en-1280');
});

test('an English page without Devanagari text fetches no Devanagari font', async ({ page }) => {
  const fonts: string[] = [];
  page.on('request', (r) => {
    if (/devanagari.*\.woff2?$/.test(r.url())) fonts.push(r.url());
  });
  await page.goto('/login');
  await expect(page.getByLabel('Institution e-mail address')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(fonts).toEqual([]);
});
