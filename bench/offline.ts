// Offline start on a phone: Chromium with a mobile profile (360 × 740, DPR 3, touch, the CPU
// slowed 4×, as Lighthouse's mobile profile does), against the built app and a 40-title demo
// library (kept in .tmp/bench/reader-demo, shared with bench:reader). A signed-in reader opens
// home, a listing and a title page online; then the network goes (offline, every request
// aborted) and the bench prints, over 7 repeats each:
//  - the first contentful paint of home on a repeat start, from the service worker's cache;
//  - a screen seen before, opened offline: from navigation to the frame that draws its data (the
//    title's heading, at the title's own address and at a bare /magazine/<mid> that moves there,
//    and the listing's first card), noted in the page by a DOM observer.
// Targets: home FCP ≤ 1 s; a seen screen with its data ≤ 1 s.
// Usage: npm run build && npm run bench:offline
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/support/chromium';
import { startServer } from '../tests/support/server-process';
import { percentile } from './support';

const PORT = 4412;
const base = `http://127.0.0.1:${PORT}`;
const REPEATS = Number(process.env.REPEATS ?? 7);
const LISTING_CARD = '[data-testid="listing-grid"] [data-testid="magazine-card"]';
type ShownWindow = { shownAt: Record<string, Promise<number>> };
const server = await startServer(PORT, { DATA_DIR: path.resolve('.tmp/bench/reader-demo'), DEMO_TITLES: '40' }, 300_000);

const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  // Each page notes when the title's heading and the listing's first card are first drawn: a DOM
  // observer sees them inserted, and the next frame's time is when they are drawn.
  await context.addInitScript(
    (selectors: string[]) => {
      const pending = new Map<string, (t: number) => void>();
      const shownAt: Record<string, Promise<number>> = {};
      for (const s of selectors) shownAt[s] = new Promise((resolve) => pending.set(s, resolve));
      const observer = new MutationObserver(() => {
        for (const [s, resolve] of pending)
          if (document.querySelector(s)) {
            pending.delete(s);
            requestAnimationFrame(() => resolve(performance.now()));
          }
        if (!pending.size) observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
      (window as unknown as ShownWindow).shownAt = shownAt;
    },
    ['h1', LISTING_CARD],
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(`${base}/login/verify/password`);
  await page.getByLabel('Institution e-mail address').fill('reader@demo.edu');
  await page.getByLabel('Password', { exact: true }).fill('read2026');
  await page.locator('main').getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${base}/`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });
  await page.getByTestId('magazine-card').first().waitFor();
  await page.goto(`${base}/magazines/BS`);
  const first = page.getByTestId('listing-grid').getByTestId('magazine-card').first();
  await first.waitFor();
  // the title's own address, as its card links to it and the reader finds it again
  const href = (await first.getAttribute('href'))!;
  const titleUrl = base + href;
  const mid = Number(/\/magazine\/(\d+)/.exec(href)![1]);
  await page.goto(titleUrl);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForTimeout(1500); // the query cache is saved about a second after a change

  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

  const line = (name: string, values: number[]) => {
    if (process.env.RAW) console.log(values.map((v) => v.toFixed(0)).join(' '));
    const sorted = [...values].sort((a, b) => a - b);
    console.log(
      `${name.padEnd(44)} p50 ${percentile(sorted, 50).toFixed(0).padStart(5)} ms   max ${sorted.at(-1)!.toFixed(0).padStart(5)} ms`,
    );
  };
  const fcp: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    await page.goto(`${base}/`);
    await page.getByTestId('magazine-card').first().waitFor();
    fcp.push(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN));
  }
  /** From the navigation's start to the frame that first draws `selector`, read in the page by a
   *  DOM observer (init script above). Polling for it at every frame, as Playwright's
   *  `waitForFunction` does, made the page draw a frame each time and added 50–100 ms. With
   *  `newTab`, each time in a new tab: a start with no page of the app open before (its renderer,
   *  the app's code and the service worker's answers all start cold). */
  const shown = async (url: string, selector: string, newTab = false) => {
    const times: number[] = [];
    for (let i = 0; i < REPEATS; i++) {
      const tab = newTab ? await context.newPage() : page;
      if (newTab) await (await context.newCDPSession(tab)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await tab.goto(url, { waitUntil: 'commit' });
      times.push(await tab.evaluate((s) => (window as unknown as ShownWindow).shownAt[s], selector));
      await tab.waitForLoadState('load');
      if (newTab) await tab.close();
    }
    return times;
  };
  const title = await shown(titleUrl, 'h1');
  const bareTitle = await shown(`${base}/magazine/${mid}`, 'h1');
  const listing = await shown(`${base}/magazines/BS`, LISTING_CARD);
  await page.goto('about:blank'); // (its timers and prefetching would take the CPU from the new tabs)
  const titleNewTab = await shown(titleUrl, 'h1', true);
  const listingNewTab = await shown(`${base}/magazines/BS`, LISTING_CARD, true);

  console.log(`\nOffline, mobile profile (CPU 4× slower), ${REPEATS} repeats each (target ≤ 1000 ms):`);
  line('home, first contentful paint', fcp);
  line('title page seen before, heading shown', title);
  line('  the same by /magazine/<mid> (then moved)', bareTitle);
  line('listing seen before, first card shown', listing);
  line('title page, in a new tab', titleNewTab);
  line('listing, in a new tab', listingNewTab);
} finally {
  await browser.close();
  await server.stop();
}
