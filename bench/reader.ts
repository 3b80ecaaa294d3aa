// The reader in Chromium against a demo library of 40 titles (kept in .tmp/bench/reader-demo;
// the first run loads it, ~25 s). Needs the built app (npm run build). Prints:
//  - next page: from the key press to the new page decoded and painted (the reader's own
//    'page-turn' Performance measure), over 20 turns with the next pages prefetched;
//  - first page of a new issue on Chromium's "Slow 4G" profile (562.5 ms RTT, 1.44 Mbit/s down):
//    from navigation to the first page shown, on a device that never loaded Lectern, from the
//    app before the reader's code was ever loaded, and with that code in the browser cache from
//    an earlier issue (the usual case; the installed app's service worker serves reader.html and
//    the code with no request at all, which the page-level throttling here cannot measure);
//  - page image bytes per page at 360 px width for device pixel ratios 1, 2 and 3.
// Usage: npm run build && npm run bench:reader
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/support/chromium';
import { startServer } from '../tests/support/server-process';
import { percentile } from './support';

const PORT = 4411;
const base = `http://127.0.0.1:${PORT}`;
const server = await startServer(
  PORT,
  { DATA_DIR: path.resolve('.tmp/bench/reader-demo'), DEMO_TITLES: '40', DOWNLOAD_LIMIT: '100' },
  300_000,
);
const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.44 * 1024 * 1024) / 8,
  uploadThroughput: (0.675 * 1024 * 1024) / 8,
};

async function signIn(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${base}/login/verify/password`);
  await page.getByLabel('Institution e-mail address').fill('reader@demo.edu');
  await page.getByLabel('Password', { exact: true }).fill('read2026');
  await page.locator('main').getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${base}/`);
  return page;
}

/** Latest issues of readable magazines (not blocked), newest titles first. */
async function issues(page: Page): Promise<number[]> {
  const list = await (await page.request.get(`${base}/content/magazine-filter?categoryID=BS&age_rate=5`)).json();
  const out: number[] = [];
  for (const m of list.magazineList) {
    const meta = await (await page.request.get(`${base}/content/magMeta?mid=${m.mid}`)).json();
    if (m.type === 'magazine' && !meta.blockedCountries.length) out.push(m.issueId);
  }
  return out;
}

async function codeFor(page: Page, issueId: number): Promise<string> {
  return page.evaluate(async (issue) => {
    const xsrf = document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '';
    const res = await fetch('/api/reader/token', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: localStorage.getItem('userToken') ?? '',
        'X-XSRF-TOKEN': decodeURIComponent(xsrf),
      },
      body: JSON.stringify({ issue }),
    });
    return (await res.json()).data.code as string;
  }, issueId);
}

const firstPageShown = (reader: Page) =>
  reader.waitForFunction(
    () => {
      const img = document.querySelector<HTMLImageElement>('img.reader__page--shown');
      return img?.complete && img.naturalWidth > 0;
    },
    undefined,
    { timeout: 60_000 },
  );

try {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, serviceWorkers: 'block' });
  const home = await signIn(context);
  const list = await issues(home);

  // Next page, prefetched.
  const reader = await context.newPage();
  await reader.goto(`${base}/reader/${list[0]}?edz=1&code=${await codeFor(home, list[0])}#page/1`);
  await firstPageShown(reader);
  const turns: number[] = [];
  for (let i = 0; turns.length < 20 && i < list.length; i++) {
    await reader.goto(`${base}/reader/${list[i]}?edz=1&code=${await codeFor(home, list[i])}#page/1`);
    await firstPageShown(reader);
    await reader.waitForTimeout(600); // the neighbours load
    const count = await reader.locator('img.reader__page').count();
    for (let k = 1; k < Math.min(count, 3); k++) {
      await reader.keyboard.press('ArrowRight');
      await reader.waitForFunction((n) => performance.getEntriesByName('page-turn').length >= n, k, { timeout: 10_000 });
      await reader.waitForTimeout(300);
    }
    turns.push(...(await reader.evaluate(() => performance.getEntriesByName('page-turn').map((e) => e.duration))));
  }
  turns.sort((a, b) => a - b);
  console.log(
    `next page (prefetched)   ${turns.length} turns  p50 ${percentile(turns, 50).toFixed(1)} ms  p95 ${percentile(turns, 95).toFixed(1)} ms  max ${turns.at(-1)!.toFixed(1)} ms`,
  );

  // First page of a new issue on Slow 4G: on a device that has never loaded Lectern (the code
  // from a signed-in context elsewhere), from the app with the reader's own code not yet loaded,
  // and with the reader's code in the browser cache from an earlier issue.
  const modes = [
    ['new device, nothing cached', 'new'],
    ['from the app, reader code not cached', 'app'],
    ['from the app, reader code cached', 'warm'],
  ] as const;
  for (const [label, mode] of modes) {
    const ctx = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, serviceWorkers: 'block' });
    const opener = mode === 'new' ? home : await signIn(ctx);
    if (mode === 'warm') {
      const first = await ctx.newPage();
      await first.goto(`${base}/reader/${list[1]}?edz=1&code=${await codeFor(opener, list[1])}#page/1`);
      await firstPageShown(first);
      await first.close();
    }
    const times: number[] = [];
    for (const issueId of list.slice(2, 7)) {
      const page = await ctx.newPage();
      const cdp = await ctx.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      const url = `${base}/reader/${issueId}?edz=1&code=${await codeFor(opener, issueId)}#page/1`;
      const started = Date.now();
      await page.goto(url, { waitUntil: 'commit' });
      await firstPageShown(page);
      times.push(Date.now() - started);
      await page.close();
      if (mode !== 'warm') break; // the first time happens once
    }
    times.sort((a, b) => a - b);
    console.log(
      `first page, Slow 4G, ${label.padEnd(38)} ${times.length} issues  median ${percentile(times, 50).toFixed(0)} ms  max ${times.at(-1)} ms`,
    );
    await ctx.close();
  }

  // Bytes per page at 360 px for each pixel ratio.
  for (const dpr of [1, 2, 3]) {
    const ctx = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: dpr, serviceWorkers: 'block' });
    const opener = await signIn(ctx);
    const page = await ctx.newPage();
    const bytes: number[] = [];
    page.on('response', async (r) => {
      if (/\/pages\/\d+\/(small|large)\.webp/.test(r.url()) && r.status() === 200) bytes.push((await r.body()).length);
    });
    await page.goto(`${base}/reader/${list[0]}?edz=1&code=${await codeFor(opener, list[0])}#page/1`);
    await firstPageShown(page);
    await page.waitForTimeout(1000);
    const chosen = await page
      .locator('img.reader__page--shown')
      .evaluate((i: HTMLImageElement) => /(small|large)\.webp/.exec(i.currentSrc)?.[1]);
    const avg = bytes.reduce((a, b) => a + b, 0) / Math.max(1, bytes.length);
    console.log(`page image at 360 px, DPR ${dpr}: ${chosen} image, ${(avg / 1024).toFixed(1)} KB per page (${bytes.length} pages loaded)`);
    await ctx.close();
  }
  await browser.close();
} finally {
  await server.stop();
}
