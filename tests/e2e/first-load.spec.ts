// The first load of a new visitor (no token, no cookies) on the addresses people arrive at: the
// shell's stylesheet is inline, the screen's data requests go out from index.html's boot script
// and the app takes their answers instead of asking again (or, on a screen the server drew, the
// answers are in the page and nothing is asked), and the screen shows its data.
import { expect, test, type Page } from '@playwright/test';

declare global {
  interface Window {
    modulePreloadsAddedAt: number[];
  }
}

// The service worker would answer some requests itself and hide them from the page.
test.use({ serviceWorkers: 'block', viewport: { width: 360, height: 800 } });

/** Every /content request the page makes, by URL. */
function contentRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/content/')) urls.push(url.pathname + url.search);
  });
  return urls;
}

async function aTitle(page: Page): Promise<{ mid: string; path: string }> {
  const home = (await (await page.request.get('/content/home?edzLibId=0&age_rate=5')).json()) as {
    mostPopular: { mid: number; browserLinkUrl: string }[];
  };
  return { mid: String(home.mostPopular[0].mid), path: home.mostPopular[0].browserLinkUrl };
}

test('home, a listing and a title page each ask for their data once, the boot script first', async ({ page }) => {
  const { mid } = await aTitle(page);
  const stylesheets: string[] = [];
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'stylesheet') stylesheets.push(new URL(r.url()).pathname);
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  const asked = contentRequests(page);
  // When each modulepreload link goes into the page.
  await page.addInitScript(() => {
    window.modulePreloadsAddedAt = [];
    new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.addedNodes)
          if (node instanceof HTMLLinkElement && node.rel === 'modulepreload') window.modulePreloadsAddedAt.push(performance.now());
    }).observe(document, { childList: true, subtree: true });
  });
  const screens = [
    // Drawn by the server, its answer in the page: not asked for at all.
    {
      path: '/',
      shown: page.getByTestId('magazine-card').first(),
      wanted: [] as string[],
      unasked: ['/content/home?edzLibId=0&age_rate=5'],
    },
    {
      path: '/hi/magazines/BS',
      unasked: [],
      shown: page.getByTestId('magazine-card').first(),
      wanted: [
        '/content/magazine-filter?categoryID=BS&edzLibId=0&page=0&age_rate=5&gold=1&storeID=1',
        '/content/getCategories?edzLibId=0',
        '/content/getLanguages?categoryID=BS&edzLibId=0&age_rate=5',
      ],
    },
    {
      path: `/magazine/${mid}`,
      unasked: [],
      shown: page.getByTestId('current-issue'),
      wanted: [
        `/content/magMeta?mid=${mid}`,
        '/content/getStores',
        `/content/getIssuesByMag?mid=${mid}`,
        `/content/getIssuesByMag?mid=${mid}&isSpecialIssue=1`,
        `/content/magazine-related?mid=${mid}&page=0`,
      ],
    },
  ];
  for (const screen of screens) {
    asked.length = 0;
    stylesheets.length = 0;
    scripts.length = 0;
    await page.goto(screen.path);
    await expect(screen.shown).toBeVisible();
    await page.waitForLoadState('networkidle');
    for (const url of screen.wanted) expect(asked.filter((u) => u === url).length, `${screen.path}: ${url}`).toBe(1);
    for (const url of screen.unasked ?? []) expect(asked, screen.path).not.toContain(url);
    // The boot script's requests went out first, before any the app's code made.
    expect(asked.slice(0, screen.wanted.length).sort(), screen.path).toEqual([...screen.wanted].sort());
    // The shell's stylesheets are in the page: no request for them, and the header is styled.
    const inlined = await page
      .locator('link[type="text/x-inlined"]')
      .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
    expect(inlined.length, screen.path).toBeGreaterThan(0);
    expect(
      stylesheets.filter((s) => inlined.includes(s)),
      screen.path,
    ).toEqual([]);
    expect(await page.locator('.site-header').evaluate((e) => getComputedStyle(e).position)).not.toBe('static');
    // The screen's code was preloaded, and only once the first contentful paint was done.
    const { paint, preloads, takenOver, beforeTakeOver } = await page.evaluate(() => {
      const over = performance.getEntriesByName('lectern:taken-over')[0]?.startTime ?? null;
      return {
        paint: performance.getEntriesByName('first-contentful-paint')[0].startTime,
        preloads: window.modulePreloadsAddedAt,
        takenOver: over,
        beforeTakeOver: performance
          .getEntriesByType('resource')
          .filter((e) => /\/assets\/[^/]+\.js$/.test(e.name) && e.startTime <= (over ?? Infinity))
          .map((e) => new URL(e.name).pathname),
      };
    });
    expect(preloads.length, screen.path).toBeGreaterThan(2);
    // Few files until the app has taken the screen over (main.tsx marks it; what it defers comes
    // later, lib/after-start.ts): in a tab opened offline each is a main-thread task of its own
    // (chunkGraph in vite.config.ts). Before the chunk groups a title page loaded about 70; now 7-10.
    expect(takenOver, screen.path).not.toBeNull();
    expect(beforeTakeOver.length, `${screen.path}: ${beforeTakeOver.join(' ')}`).toBeLessThanOrEqual(12);
    expect(beforeTakeOver.length, screen.path).toBeGreaterThan(0);
    expect(scripts, screen.path).toEqual(expect.arrayContaining(beforeTakeOver));
    for (const added of preloads) expect(added, screen.path).toBeGreaterThanOrEqual(paint);
  }
});

test("a Hindi page asks for the Devanagari font's files with its code, once each; an English page does not", async ({ page }) => {
  const fonts: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('.woff2')) fonts.push(new URL(r.url()).pathname);
  });
  const asked = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('mark')
        .filter((m) => m.name.startsWith('lectern:font-asked:'))
        .map((m) => m.name.split(':').pop()),
    );
  await page.goto('/hi');
  await expect.poll(asked).toEqual(['400', '700']);
  await expect(page.getByTestId('magazine-card').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The boot script's ask and the text's own use of the font are one request each file.
  expect(fonts.sort()).toEqual([
    expect.stringMatching(/^\/assets\/noto-sans-devanagari-devanagari-400-normal-[\w-]+\.woff2$/),
    expect.stringMatching(/^\/assets\/noto-sans-devanagari-devanagari-700-normal-[\w-]+\.woff2$/),
  ]);
  await page.goto('/');
  await expect(page.getByTestId('magazine-card').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await asked()).toEqual([]);
});

test('a signed-in reader, or one with a library or age rating cookie, gets no boot requests', async ({ page, context, baseURL }) => {
  const booted = () => page.evaluate(() => window.bootRequests !== undefined);
  // (a Hindi listing: the screens the server draws have their answers in the page, and ask nothing)
  await page.goto('/hi/magazines/BS');
  expect(await booted()).toBe(true);
  await page.evaluate(() => localStorage.setItem('userToken', 'a-token'));
  await page.reload();
  expect(await booted()).toBe(false);
  await page.evaluate(() => localStorage.removeItem('userToken'));
  for (const name of ['libraryId', 'ageRating']) {
    await context.addCookies([{ name, value: '7', url: baseURL! }]);
    await page.reload();
    expect(await booted(), name).toBe(false);
    await context.clearCookies({ name });
  }
  await page.reload();
  expect(await booted()).toBe(true);
});

test("a screen's first covers are fetched by the boot script's preload, once each, at the size the page shows them", async ({
  browser,
  baseURL,
}) => {
  const probe = await browser.newPage({ baseURL });
  const title = await aTitle(probe);
  await probe.close();
  // The screens the server draws for a visitor bring their covers in the page itself; a title's
  // address without its name (sent on by the app) is not drawn, and the boot script preloads them.
  const drawn = ['/', '/magazines/BS', title.path];
  // A first visit at each width: a new context, nothing cached.
  for (const viewport of [
    { width: 360, height: 800 },
    { width: 1280, height: 800 },
  ]) {
    for (const path of [...drawn, `/magazine/${title.mid}`]) {
      const context = await browser.newContext({ viewport, baseURL, serviceWorkers: 'block' });
      const page = await context.newPage();
      const images: string[] = [];
      page.on('request', (r) => r.resourceType() === 'image' && images.push(new URL(r.url()).pathname));
      await page.goto(path);
      await expect(page.locator('main img').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const where = `${path} at ${viewport.width}px`;
      const shown = await page.$$eval('main img', (imgs) =>
        (imgs as HTMLImageElement[]).filter((img) => img.currentSrc).map((img) => new URL(img.currentSrc).pathname),
      );
      const preloaded = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'link' && e.name.includes('/media/'))
          .map((e) => new URL(e.name).pathname),
      );
      // Some covers came from the preload (the boot script's, or the head of the page the server
      // drew), every one of them is a cover the page shows (a different srcset or sizes would
      // pick another file), and no image was fetched twice.
      expect(preloaded.length, where).toBeGreaterThan(0);
      for (const url of preloaded) expect(shown, `${where}: ${url}`).toContain(url);
      for (const url of new Set(shown)) expect(images.filter((u) => u === url).length, `${where}: ${url}`).toBe(1);
      await context.close();
    }
  }
});

/** The screen as laid out, in document order: headings, pickers, the title's cover and buttons, and
 * each card's link, cover file and box. */
/** Sums the page's layout shifts not caused by input (Lighthouse's CLS) from its start: the sum so far. */
async function countShifts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!e.hadRecentInput) (window as unknown as { shifts: number }).shifts += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { shifts: number }).shifts);
}

async function firstView(page: Page) {
  return page.$$eval('main :is(h1, h2, select, .title-hero__cover, .title-hero__actions, .cover-card)', (els) =>
    els.map((el) => {
      const box = el.getBoundingClientRect();
      const img = el.querySelector('img');
      return {
        tag: el.tagName,
        text: /^H/.test(el.tagName) ? el.textContent : null,
        value: el instanceof HTMLSelectElement ? el.value : null,
        href: el.getAttribute('href'),
        src: img?.getAttribute('src'),
        srcset: img?.getAttribute('srcset'),
        sizes: img?.getAttribute('sizes'),
        box: [box.x, box.y, box.width, box.height].map(Math.round),
      };
    }),
  );
}

test("the first screens drawn by the server are the app's own, in the same place, and the app takes over with no shift", async ({
  browser,
  baseURL,
}) => {
  const probe = await browser.newPage({ baseURL });
  const title = await aTitle(probe);
  await probe.close();
  for (const path of ['/', '/magazines/BS', title.path])
    for (const viewport of [
      { width: 360, height: 800 },
      { width: 1280, height: 800 },
    ]) {
      const where = `${path} at ${viewport.width}px`;
      // Without the app's code: what the server drew, covers loaded.
      const drawn = await browser.newContext({ viewport, baseURL, serviceWorkers: 'block', javaScriptEnabled: false });
      const before = await drawn.newPage();
      await before.goto(path);
      const firstCover = before.locator('main .cover-card img').first();
      await expect(firstCover).toBeVisible();
      await expect.poll(() => firstCover.evaluate((img: HTMLImageElement) => img.naturalWidth), where).toBeGreaterThan(0);
      const server = await firstView(before);
      await drawn.close();

      // With it: the app's screen once it has taken over.
      const context = await browser.newContext({ viewport, baseURL, serviceWorkers: 'block' });
      const page = await context.newPage();
      const notTakenOver: string[] = [];
      page.on('console', (m) => m.text().includes('was not taken over') && notTakenOver.push(m.text()));
      const shifts = await countShifts(page);
      await page.goto(path);
      await expect(page.getByTestId('magazine-card').or(page.getByTestId('issue-card')).first()).toBeVisible();
      // React has taken over the page the server drew (hydrated it), as it was: no mismatch.
      await expect
        .poll(() => page.locator('main h1').evaluate((h1) => Object.keys(h1).some((k) => k.startsWith('__reactFiber'))), where)
        .toBe(true);
      await page.waitForLoadState('networkidle');
      expect(notTakenOver, where).toEqual([]);
      // The app draws more below (home's other shelves, a title's issue filter): what the server
      // drew is the start of it, unchanged.
      const app = await firstView(page);
      expect(server.length, where).toBeGreaterThan(3);
      expect(app.slice(0, server.length), where).toEqual(server);
      expect(page.url(), where).toBe(new URL(path, baseURL).href);
      // Nothing moved when the app drew over the server's screen (Lighthouse's CLS).
      expect(await shifts(), where).toBeLessThan(0.01);
      await context.close();
    }
});

test('Hindi home drawn by the server keeps the font of its first paint: with no Devanagari font on the device, hidden until ours is in, and nothing moves', async ({
  page,
}) => {
  // The font comes late, as on a slow network, and the app's code later still: the page is shown
  // when the font is in, not when the code has come and run (DOMContentLoaded waits for it).
  const late = (pattern: RegExp, ms: number) =>
    page.route(pattern, async (route) => {
      await new Promise((done) => setTimeout(done, ms));
      await route.continue();
    });
  // (the code before the boot script's 3 s cap on the wait, which would show the page anyway)
  await late(/\.woff2$/, 1000);
  await late(/\/assets\/main-[\w-]+\.js$/, 2200);
  await page.addInitScript(() => {
    const times: Record<string, number> = {};
    (window as unknown as { times: Record<string, number> }).times = times;
    document.addEventListener('DOMContentLoaded', () => (times.parsedAndRun = performance.now()));
    new MutationObserver(() => {
      const pending = document.documentElement?.hasAttribute('data-font-pending');
      if (pending) times.hidden = performance.now();
      else if (times.hidden && !times.shown) times.shown = performance.now();
    }).observe(document, { attributes: true, subtree: true });
  });
  const notTakenOver: string[] = [];
  page.on('console', (m) => m.text().includes('was not taken over') && notTakenOver.push(m.text()));
  const shifts = await countShifts(page);
  // (not to the load event, which waits for the font)
  await page.goto('/hi', { waitUntil: 'commit' });
  await expect(page.locator('html[lang="hi"][data-drawn]')).toHaveCount(1);
  const heading = page.locator('main h1');
  // (as the boot script asks: a Devanagari word no wider than characters no font has)
  const ownFont = await page.evaluate(() => {
    const canvas = document.createElement('canvas').getContext('2d')!;
    canvas.font = '20px sans-serif';
    return canvas.measureText('\u0915\u0916\u0917').width !== canvas.measureText('\uE000\uE001\uE002').width;
  });
  if (ownFont) await expect(page.locator('html[data-font-pending]')).toHaveCount(0);
  else {
    await expect(page.locator('html[data-font-pending]')).toHaveCount(1);
    await expect(heading).toBeAttached();
    await expect(heading).toBeHidden();
  }
  await expect(heading).toHaveText('आज का न्यूज़स्टैंड');
  await expect(heading).toBeVisible();
  await expect(page.locator('html[data-font-pending]')).toHaveCount(0);
  if (!ownFont) expect(await page.evaluate(() => document.fonts.check('700 1em "Noto Sans Devanagari"', '\u0915'))).toBe(true);
  await expect.poll(() => heading.evaluate((h1) => Object.keys(h1).some((k) => k.startsWith('__reactFiber')))).toBe(true);
  await page.waitForLoadState('networkidle');
  expect(notTakenOver).toEqual([]);
  expect(await shifts()).toBeLessThan(0.01);
  if (!ownFont) {
    const times = await page.evaluate(() => (window as unknown as { times: Record<string, number> }).times);
    expect(times.shown, JSON.stringify(times)).toBeLessThan(times.parsedAndRun);
  }
});
