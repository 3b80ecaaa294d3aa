// Offline start on a phone: Chromium with a mobile profile (360 × 740, DPR 3, touch, the CPU
// slowed 4×, as Lighthouse's mobile profile does), against the built app and a 40-title demo
// library (kept in .tmp/bench/reader-demo, shared with bench:reader). A signed-in reader opens
// home, a listing and a title page online; then the network goes (offline, every request
// aborted) and the bench prints, over 7 repeats each:
//  - the first contentful paint of home on a repeat start, from the service worker's cache;
//  - a screen seen before, opened offline: from navigation to its data on screen (the title's
//    heading and the listing's first card, read in the page at each frame).
// Targets: home FCP ≤ 1 s; a seen screen with its data ≤ 1 s.
// Usage: npm run build && npm run bench:offline
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/support/chromium';
import { startServer } from '../tests/support/server-process';
import { percentile } from './support';

const PORT = 4412;
const base = `http://127.0.0.1:${PORT}`;
const REPEATS = 7;
const server = await startServer(PORT, { DATA_DIR: path.resolve('.tmp/bench/reader-demo'), DEMO_TITLES: '40' }, 300_000);

const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
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
  const mid = Number(/\/magazine\/(\d+)/.exec((await first.getAttribute('href'))!)![1]);
  await page.goto(`${base}/magazine/${mid}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForTimeout(1500); // the query cache is saved about a second after a change

  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

  const fcp: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    await page.goto(`${base}/`);
    await page.getByTestId('magazine-card').first().waitFor();
    fcp.push(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN));
  }
  /** From the navigation's start to the first frame with `selector` on screen, read in the page
   *  (Playwright's wait and a read after it, themselves slowed 4×, added 50–150 ms). */
  const shown = async (url: string, selector: string) => {
    const times: number[] = [];
    for (let i = 0; i < REPEATS; i++) {
      await page.goto(url, { waitUntil: 'commit' });
      const at = await page.waitForFunction((s) => document.querySelector(s) && performance.now(), selector, { polling: 'raf' });
      times.push((await at.jsonValue()) as number);
      await page.waitForLoadState('load');
    }
    return times;
  };
  const title = await shown(`${base}/magazine/${mid}`, 'h1');
  const listing = await shown(`${base}/magazines/BS`, '[data-testid="listing-grid"] [data-testid="magazine-card"]');

  const line = (name: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    console.log(
      `${name.padEnd(44)} p50 ${percentile(sorted, 50).toFixed(0).padStart(5)} ms   max ${sorted.at(-1)!.toFixed(0).padStart(5)} ms`,
    );
  };
  console.log(`\nOffline, mobile profile (CPU 4× slower), ${REPEATS} repeats each (target ≤ 1000 ms):`);
  line('home, first contentful paint', fcp);
  line('title page seen before, heading shown', title);
  line('listing seen before, first card shown', listing);
} finally {
  await browser.close();
  await server.stop();
}
