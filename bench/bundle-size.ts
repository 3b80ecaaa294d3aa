// First load of the first screens, as a new visitor's phone meets them: home, a listing, a title
// page and Hindi home, each in a fresh browser profile (no service worker yet, no cookies).
// 1. Bytes: the JavaScript each page fetched, gzip-compressed, before the app took the first screen
//    over (main.tsx marks it, `lectern:taken-over`) and in all by the time the page settled, file
//    by file. Home's target: ≤ 150 KB gzip before it is taken over.
// 2. Long tasks at 4x CPU (Chromium's throttling through CDP, as Lighthouse's mobile profile): every
//    task over 50 ms from the navigation until the page settled, with the scripts that ran in it
//    (Long Animation Frames), and their blocking time (each task's time over 50 ms, summed).
// 3. The tap: long tasks at 4x from the moment a settled home goes to sign-in or search (as a tap on
//    the header's link does) until that screen has settled: the screen's code and its schemas run then.
// Timings on a shared machine are noisy: compare bytes and the list of long tasks, not milliseconds.
// Playwright enables DevTools' Runtime domain, which makes the app's first task 90-130 ms longer
// than on a phone (bench/start-tasks.ts says why): bench:start counts the start's tasks without it.
// Usage: npm run build && npm run bench:bundle   (BUNDLE_RUNS=3 loads each page three times at 4x;
// BUNDLE_PAGES=home,title only those; BUNDLE_PORT=4391 the port; BUNDLE_DATA_DIR=dir serves a data directory that already
// holds the demo library, whose making on a first start takes minutes on a busy machine)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/support/chromium';
import { startServer } from '../tests/support/server-process';

const port = Number(process.env.BUNDLE_PORT ?? 4391);
const RUNS = Number(process.env.BUNDLE_RUNS ?? 1);
const ONLY = process.env.BUNDLE_PAGES?.split(',');
const TAKEN_OVER = 'lectern:taken-over';
const HOME_BUDGET_KB = 150;

type Script = { url: string; raw: number; gzip: number; at: number };
/** A script of a long animation frame (the DOM's types here do not have it yet). */
type FrameScript = { sourceURL: string; sourceFunctionName: string; invoker: string; duration: number };
type LongTask = { start: number; duration: number; scripts: { src: string; fn: string; invoker: string; duration: number }[] };

declare global {
  interface Window {
    benchLongTasks: { start: number; duration: number }[];
    benchFrames: { start: number; duration: number; scripts: LongTask['scripts'] }[];
  }
}

const kb = (n: number) => (n / 1024).toFixed(1);
const file = (url: string) => url.replace(/^\/assets\//, '');

/** The page is settled when no request has started or ended for this long. */
async function settled(page: Page, quietMs = 2500, maxMs = 30_000) {
  let last = Date.now();
  const touch = () => (last = Date.now());
  page.on('request', touch);
  page.on('requestfinished', touch);
  page.on('requestfailed', touch);
  const end = Date.now() + maxMs;
  while (Date.now() - last < quietMs && Date.now() < end) await new Promise((r) => setTimeout(r, 250));
}

/** When the app took the drawn screen over, in ms from the navigation (null before main.tsx marked it). */
const takenOverAt = (page: Page) => page.evaluate((name) => performance.getEntriesByName(name)[0]?.startTime ?? null, TAKEN_OVER);

async function bytes(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  const scripts: Script[] = [];
  const started = Date.now();
  const reading: Promise<void>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    const at = Date.now() - started;
    reading.push(
      res
        .body()
        .then(
          (body) =>
            void scripts.push({ url: new URL(res.url()).pathname, raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length, at }),
        )
        .catch(() => undefined),
    );
  });
  await page.goto(url, { waitUntil: 'load' });
  await settled(page);
  await Promise.all(reading);
  const over = await takenOverAt(page);
  // Each file's arrival on the page's clock, as the mark's (from the navigation): its first, as
  // the service worker's first install asks for the page's files once more (register.ts).
  const arrived = new Map<string, number>();
  const entries = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => [new URL(e.name).pathname, (e as PerformanceResourceTiming).responseEnd] as const),
  );
  for (const [pathname, end] of entries) if (!arrived.has(pathname)) arrived.set(pathname, end);
  await context.close();
  for (const s of scripts) s.at = Math.round(arrived.get(s.url) ?? s.at);
  return { scripts: scripts.sort((a, b) => a.at - b.at), over };
}

/** Long tasks at 4x from the navigation until the page settled; with `tapTo`, from the moment the
 * settled page went on to that path (the router's own navigation, as a tapped link's) until it settled again. */
async function longTasks(browser: Browser, url: string, tapTo?: string) {
  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.benchLongTasks = [];
    window.benchFrames = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.benchLongTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { scripts: FrameScript[] })[])
        window.benchFrames.push({
          start: e.startTime,
          duration: e.duration,
          scripts: e.scripts.map((s) => ({ src: s.sourceURL, fn: s.sourceFunctionName, invoker: s.invoker, duration: s.duration })),
        });
    }).observe({ type: 'long-animation-frame', buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(url, { waitUntil: 'load' });
  await settled(page);
  let since = 0;
  if (tapTo) {
    since = await page.evaluate((to) => {
      const now = performance.now();
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
      return now;
    }, tapTo);
    await settled(page);
  }
  const { tasks, frames, over, fcp } = await page.evaluate(
    ({ name, since }) => ({
      tasks: window.benchLongTasks.filter((t) => t.start >= since),
      frames: window.benchFrames,
      over: performance.getEntriesByName(name)[0]?.startTime ?? null,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    }),
    { name: TAKEN_OVER, since },
  );
  await context.close();
  // A long task's scripts: those of the long animation frames it falls in.
  const withScripts: LongTask[] = tasks.map((t) => ({
    ...t,
    scripts: frames
      .filter((f) => f.start <= t.start + t.duration && t.start <= f.start + f.duration)
      .flatMap((f) => f.scripts)
      .filter((s, i, all) => all.findIndex((o) => o.src === s.src && o.fn === s.fn && o.invoker === s.invoker) === i),
  }));
  return { tasks: withScripts, over, fcp };
}

const dataDir = process.env.BUNDLE_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-bundle-'));
const server = await startServer(port, { DATA_DIR: dataDir, DEMO_TITLES: '40' }, 600_000);
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  const home = (await (await fetch(`${server.base}/content/home?edzLibId=0&age_rate=5`)).json()) as {
    mostPopular: { browserLinkUrl: string }[];
  };
  const pages = [
    { name: 'home', path: '/' },
    { name: 'listing', path: '/magazines/BS' },
    { name: 'title', path: home.mostPopular[0].browserLinkUrl },
    { name: 'hindi', path: '/hi' },
  ].filter((p) => !ONLY || ONLY.includes(p.name));

  const summary: string[] = [];
  const printTasks = (tasks: LongTask[]) => {
    for (const t of tasks) {
      console.log(`  ${String(Math.round(t.start)).padStart(6)} ms  ${String(Math.round(t.duration)).padStart(4)} ms`);
      for (const s of t.scripts)
        console.log(
          `      ${String(Math.round(s.duration)).padStart(4)} ms  ${file(new URL(s.src || 'x:/', server.base).pathname)} ${s.invoker}${s.fn ? ` (${s.fn})` : ''}`,
        );
    }
  };
  for (const p of pages) {
    const { scripts, over } = await bytes(browser, server.base + p.path);
    const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
    const before = over === null ? [] : scripts.filter((s) => s.at <= over);
    const beforeTotal = before.reduce((sum, s) => sum + s.gzip, 0);
    console.log(`\n${p.name} ${p.path}: JavaScript fetched (gzip, raw, ms after the navigation)`);
    for (const s of scripts) {
      console.log(`${kb(s.gzip).padStart(7)} KB ${kb(s.raw).padStart(7)} KB raw ${String(s.at).padStart(6)} ms  ${file(s.url)}`);
      if (over !== null && s === before.at(-1)) console.log(`        (taken over at ${Math.round(over)} ms)`);
    }
    summary.push(
      `${p.name.padEnd(8)} ${over === null ? '' : `${kb(beforeTotal).padStart(6)} KB gzip in ${before.length} files before the take-over, `}` +
        `${kb(total).padStart(6)} KB gzip in ${scripts.length} files in all`,
    );
  }

  console.log('\nLong tasks at 4x CPU (ms from the navigation; scripts of the frames they fall in, ≥ 5 ms)');
  for (const p of pages) {
    for (let run = 1; run <= RUNS; run++) {
      const { tasks, over, fcp } = await longTasks(browser, server.base + p.path);
      const blocking = tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
      console.log(
        `\n${p.name}${RUNS > 1 ? ` run ${run}` : ''}: FCP ${fcp === null ? '-' : Math.round(fcp)} ms, taken over ${over === null ? '-' : Math.round(over)} ms, ` +
          `${tasks.length} long tasks, longest ${Math.round(Math.max(0, ...tasks.map((t) => t.duration)))} ms, blocking ${Math.round(blocking)} ms`,
      );
      printTasks(tasks);
      if (run === 1)
        summary.push(
          `${p.name.padEnd(8)} 4x: ${tasks.length} long tasks, longest ${Math.round(Math.max(0, ...tasks.map((t) => t.duration)))} ms, blocking ${Math.round(blocking)} ms`,
        );
    }
  }
  if (!ONLY || ONLY.includes('tap'))
    for (const to of ['/login', '/search']) {
      const { tasks } = await longTasks(browser, server.base + '/', to);
      const blocking = tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
      const line = `tap home → ${to}: ${tasks.length} long tasks, longest ${Math.round(Math.max(0, ...tasks.map((t) => t.duration)))} ms, blocking ${Math.round(blocking)} ms`;
      console.log(`\n${line}`);
      printTasks(tasks);
      summary.push(line);
    }
  console.log(`\nFirst load (home's target: ≤ ${HOME_BUDGET_KB} KB gzip before the take-over)\n${summary.join('\n')}`);
} finally {
  await browser.close();
  await server.stop();
  if (!process.env.BUNDLE_DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
}
