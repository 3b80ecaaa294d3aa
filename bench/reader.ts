// The reader in Chromium against a demo library of 40 titles (kept in .tmp/bench/reader-demo;
// the first run loads it, ~25 s). Needs the built app (npm run build). Prints:
//  - next page, over 20 turns with the next pages prefetched (on a phone the first turn of each
//    issue also hides the bars): from the key to the next paint, the new page on the screen
//    (Chromium's Event Timing, as INP counts it; 16 ms or less is within the frame), beside a key
//    the reader ignores (the floor); to the new page decoded and painted (the reader's own
//    'page-turn' measure, which waits for `decode()` and a frame after it, so a frame more);
//    the turn's frame: from the key to the end of the main thread's work on the next frame (its
//    style, layout and paint); and the turn's script: from the key to the end of its task
//    (React's render, commit and effects);
//  - first page of a new issue on Chromium's "Slow 4G" profile (562.5 ms RTT, 1.44 Mbit/s down)
//    and on Lighthouse's slow 4G (150 ms RTT, 1.6 Mbit/s): from navigation to the first page
//    shown (reader.html's own, before the reader's code has run), and to the reader drawn around
//    it, on a device that never loaded Lectern, from the
//    app before the reader's code was ever loaded, and with that code in the browser cache from
//    an earlier issue (the usual case; the installed app's service worker serves reader.html and
//    the code with no request at all, which the page-level throttling here cannot measure);
//  - page image bytes per page at 360 px width for device pixel ratios 1, 2 and 3.
// Usage: npm run build && npm run bench:reader (BENCH_APP_DIR=<dist> for another build of the app;
// BENCH_PORT moves the server off 4411; BENCH_READER=turns measures the next page only)
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/support/chromium';
import { startServer } from '../tests/support/server-process';
import { percentile } from './support';
import { PROFILES, codeFor, firstPageShown, readableIssues, signIn } from './reader-support';

const PORT = Number(process.env.BENCH_PORT) || 4411;
const turnsOnly = process.env.BENCH_READER === 'turns';
const base = `http://127.0.0.1:${PORT}`;
const server = await startServer(
  PORT,
  {
    DATA_DIR: path.resolve('.tmp/bench/reader-demo'),
    DEMO_TITLES: '40',
    DOWNLOAD_LIMIT: '100',
    // Another build of the app (an older one, to compare in the same sitting).
    ...(process.env.BENCH_APP_DIR ? { APP_DIR: path.resolve(process.env.BENCH_APP_DIR) } : {}),
  },
  300_000,
);
const load = () => `load average ${os.loadavg()[0].toFixed(1)}`;

try {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, serviceWorkers: 'block' });
  const home = await signIn(context, base);
  const list = await readableIssues(home, base);

  // Next page, prefetched. A capture listener runs before the reader's own; a message posted from
  // it is handled once the key's task (with React's work) is over, one posted from the next
  // frame's callback once that frame's main-thread work is done.
  // Each key's time to the next paint, as the browser's Event Timing gives it (rounded to 8 ms;
  // a key under its 16 ms threshold is not reported: it showed on the next frame).
  await context.addInitScript(() => {
    // (no named functions in here: tsx would wrap them in a helper the page does not have)
    addEventListener(
      'keydown',
      (e) => {
        performance.mark('key', { startTime: e.timeStamp });
        const start = performance.now();
        const channel = new MessageChannel();
        channel.port1.onmessage = (m: MessageEvent<string>) => performance.measure(m.data, { start, end: performance.now() });
        channel.port2.postMessage('turn-script');
        requestAnimationFrame(() => channel.port2.postMessage('turn-frame'));
      },
      true,
    );
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        if (e.name === 'keydown') performance.mark('key-paint', { startTime: e.startTime, detail: e.duration });
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  });
  const reader = await context.newPage();
  await reader.goto(`${base}/reader/${list[0]}?edz=1&code=${await codeFor(home, list[0])}#page/1`);
  await firstPageShown(reader, true);
  const turns: number[] = [];
  const firstTurns: number[] = [];
  const frames: number[] = [];
  const scripts: number[] = [];
  const paints: number[] = [];
  const firstPaints: number[] = [];
  const floor: number[] = [];
  for (let i = 0; turns.length < 20 && i < list.length; i++) {
    await reader.goto(`${base}/reader/${list[i]}?edz=1&code=${await codeFor(home, list[i])}#page/1`);
    await firstPageShown(reader, true);
    await reader.waitForTimeout(600); // the neighbours load
    const count = await reader.locator('img.reader__page').count();
    for (let k = 1; k < Math.min(count, 3); k++) {
      await reader.keyboard.press('ArrowRight');
      await reader.waitForFunction((n) => performance.getEntriesByName('page-turn').length >= n, k, { timeout: 10_000 });
      await reader.waitForTimeout(300);
    }
    // The floor: a key the reader ignores, to the next paint.
    await reader.keyboard.press('x');
    await reader.waitForTimeout(300);
    const [these, frame, script, keys] = await reader.evaluate(() => {
      // (no named functions in here either)
      const painted = new Map(performance.getEntriesByName('key-paint').map((m) => [m.startTime, (m as PerformanceMark).detail as number]));
      return [
        ...['page-turn', 'turn-frame', 'turn-script'].map((name) => performance.getEntriesByName(name).map((e) => e.duration)),
        performance.getEntriesByName('key').map((k) => painted.get(k.startTime) ?? 16),
      ];
    });
    const turnKeys = keys.slice(0, -1);
    paints.push(...turnKeys);
    if (turnKeys.length) firstPaints.push(turnKeys[0]);
    floor.push(...keys.slice(-1));
    turns.push(...these);
    if (these.length) firstTurns.push(these[0]);
    // (the ignored key's frame and script left out)
    frames.push(...frame.slice(0, turnKeys.length));
    scripts.push(...script.slice(0, turnKeys.length));
  }
  const line = (label: string, ms: number[], frameLate = '') => {
    ms.sort((a, b) => a - b);
    return `${label.padEnd(24)} ${ms.length} turns  p50 ${percentile(ms, 50).toFixed(1)} ms  p95 ${percentile(ms, 95).toFixed(1)} ms  max ${ms.at(-1)!.toFixed(1)} ms${frameLate}  (${load()})`;
  };
  // Event Timing's 8 ms steps: 24 ms or more is a frame later than the key's next one.
  const late = (ms: number[]) => `, ${ms.filter((m) => m > 16).length} a frame late`;
  console.log(line('next page: key to paint', paints, late(paints)));
  console.log(line('  first turn (bars hide)', firstPaints, late(firstPaints)));
  console.log(line('  a key it ignores', floor, late(floor)));
  console.log(line('  to the page decoded', turns));
  console.log(line("  the turn's frame", frames));
  console.log(line("  the turn's script", scripts));

  // First page of a new issue on Slow 4G: on a device that has never loaded Lectern (the code
  // from a signed-in context elsewhere), from the app with the reader's own code not yet loaded,
  // and with the reader's code in the browser cache from an earlier issue. A new device opens five
  // issues, each on a device of its own (the median).
  const modes = [
    ['new device, nothing cached', 'new'],
    ['from the app, reader code not cached', 'app'],
    ['from the app, reader code cached', 'warm'],
  ] as const;
  for (const profile of turnsOnly ? [] : Object.values(PROFILES))
    for (const [label, mode] of modes) {
      const phone = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, serviceWorkers: 'block' } as const;
      const ctx = await browser.newContext(phone);
      const opener = mode === 'new' ? home : await signIn(ctx, base);
      if (mode === 'warm') {
        const first = await ctx.newPage();
        await first.goto(`${base}/reader/${list[1]}?edz=1&code=${await codeFor(opener, list[1])}#page/1`);
        await firstPageShown(first, true);
        await first.close();
      }
      const shown: number[] = [];
      const drawn: number[] = [];
      for (const issueId of list.slice(2, 7)) {
        // (a new device for each issue: one open each is noisy)
        const device = mode === 'new' ? await browser.newContext(phone) : ctx;
        const page = await device.newPage();
        const cdp = await device.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', profile.conditions);
        const url = `${base}/reader/${issueId}?edz=1&code=${await codeFor(opener, issueId)}#page/1`;
        const started = Date.now();
        // (the app opens the reader in a tab of its own: the tab's referrer is the app's page)
        await page.goto(url, { waitUntil: 'commit', ...(mode === 'new' ? {} : { referer: `${base}/` }) });
        await firstPageShown(page);
        shown.push(Date.now() - started);
        await firstPageShown(page, true);
        drawn.push(Date.now() - started);
        await page.close();
        if (device !== ctx) await device.close();
        if (mode === 'app') break; // the first time from the app happens once
      }
      shown.sort((a, b) => a - b);
      drawn.sort((a, b) => a - b);
      console.log(
        `first page, ${profile.label}, ${label.padEnd(38)} ${shown.length} issues  shown: median ${percentile(shown, 50).toFixed(0)} ms, max ${shown.at(-1)} ms; reader drawn: median ${percentile(drawn, 50).toFixed(0)} ms  (${load()})`,
      );
      await ctx.close();
    }

  // Bytes per page at 360 px for each pixel ratio.
  for (const dpr of turnsOnly ? [] : [1, 2, 3]) {
    const ctx = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: dpr, serviceWorkers: 'block' });
    const opener = await signIn(ctx, base);
    const page = await ctx.newPage();
    const bytes: number[] = [];
    page.on('response', async (r) => {
      if (/\/pages\/\d+\/(small|large)\.webp/.test(r.url()) && r.status() === 200) bytes.push((await r.body()).length);
    });
    await page.goto(`${base}/reader/${list[0]}?edz=1&code=${await codeFor(opener, list[0])}#page/1`);
    await firstPageShown(page, true);
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
