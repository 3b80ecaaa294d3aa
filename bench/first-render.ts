// The browser's own first render of home as the server draws it, before any of the app's code: the
// drawn page with its scripts taken out, loaded as a first visit on a phone's screen with the CPU
// slowed 4x (Chromium over its DevTools pipe), in variants that each take one thing away, to see
// what the first style, layout and paint cost. Prints per variant the median over its loads of the
// tasks over 50 ms (their total and the longest, the first 3 s); with FIRST_RENDER_TRACE=1 also the
// traced time of style, layout, text shaping and paint (tracing lengthens what it records).
//
// Variants: drawn (as served, scripts out); no-images; no-css; no-devanagari-text (its letters
// made Latin: the Devanagari font is never fetched); no-devanagari-font (Noto Sans Devanagari out
// of the font stacks: the Devanagari text drawn with no font of its own, boxes on this machine).
//
// Usage: npm run build && npm run bench:first-render   (FIRST_RENDER_RUNS=9 loads a variant, taken
//   in turns; FIRST_RENDER_DATA_DIR=dir a data directory that already holds the 200-title demo;
//   FIRST_RENDER_PATH=/magazines/BS another drawn page than home)
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { launchOverPipe, phonePage } from './devtools-pipe';
import { median } from './support';
import { freePort, startServer } from '../tests/support/server-process';

const RUNS = Number(process.env.FIRST_RENDER_RUNS ?? 9);
const TRACE = !!process.env.FIRST_RENDER_TRACE;
const PAGE = process.env.FIRST_RENDER_PATH ?? '/';
const WAIT_MS = 5000;
const LONG_MS = 50;

const withoutScripts = (html: string) =>
  html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').replace(/<link rel="modulepreload"[^>]*>/g, '');
const withoutImages = (html: string) => html.replace(/<img\b[^>]*>/g, '').replace(/<link rel="preload" as="image"[^>]*>/g, '');
const withoutCss = (html: string) => html.replace(/<style>[\s\S]*?<\/style>/g, '');
const DEVANAGARI = /[\u0900-\u097F]/g;
function withoutDevanagariText(html: string) {
  const start = html.indexOf('<div id="root"');
  return html.slice(0, start) + html.slice(start).replace(DEVANAGARI, 'k');
}
const withoutDevanagariFont = (html: string) => html.replace(/(--deva-(?:sans|serif):)"Noto Sans Devanagari", ?/g, '$1');

/** Runs in the page before anything else: keeps the long tasks. */
const RECORDER = `(() => {
  const kept = (window.__tasks = []);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) kept.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
})()`;
const TRACED = { style: 'UpdateLayoutTree', layout: 'Layout', shaping: 'InlineNode::ShapeTextIncludingFirstLine', paint: 'Paint' };
type Traced = Record<keyof typeof TRACED, number>;
interface Load {
  total: number;
  longest: number;
  traced?: Traced;
}

const port = await freePort();
const dataDir = process.env.FIRST_RENDER_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-first-render-'));
const server = await startServer(port, { DATA_DIR: dataDir, DEMO_TITLES: '200' }, 600_000);
const chromium = launchOverPipe();
const send = chromium.send;
let traceEvents: { name: string; ph: string; pid: number; tid: number; dur?: number; args?: { name?: string } }[] = [];
let traceDone = () => {};
chromium.on('Tracing.dataCollected', (p) => traceEvents.push(...(p.value as typeof traceEvents)));
chromium.on('Tracing.tracingComplete', () => traceDone());

// The variants are served from a port of their own; everything else the page asks for (styles'
// fonts, covers) comes from the real server.
const variants = new Map<string, string>();
const pages = http.createServer((req, res) => {
  const html = variants.get(req.url!.slice(1));
  if (html !== undefined) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html);
    return;
  }
  const upstream = http.request(`${server.base}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode!, answer.headers);
    answer.pipe(res);
  });
  req.pipe(upstream);
});
const pagesPort = await freePort();
await new Promise<void>((resolve) => pages.listen(pagesPort, '127.0.0.1', resolve));

/** The traced time of each kind of work on the pages' main threads. */
function tracedTimes(): Traced {
  const mains = new Set(
    traceEvents.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const on = traceEvents.filter((e) => e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`));
  const sum = (name: string) => on.filter((e) => e.name === name).reduce((total, e) => total + (e.dur ?? 0) / 1000, 0);
  return Object.fromEntries(Object.entries(TRACED).map(([key, name]) => [key, sum(name)])) as Traced;
}

async function load(variant: string): Promise<Load> {
  const { sessionId, dispose } = await phonePage(send);
  try {
    await send('Page.addScriptToEvaluateOnNewDocument', { source: RECORDER }, sessionId);
    if (TRACE) {
      traceEvents = [];
      await send('Tracing.start', { categories: 'devtools.timeline,blink', transferMode: 'ReportEvents' }, sessionId);
    }
    await send('Page.navigate', { url: `http://127.0.0.1:${pagesPort}/${variant}` }, sessionId);
    await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
    let traced: Traced | undefined;
    if (TRACE) {
      const complete = new Promise<void>((resolve) => (traceDone = resolve));
      await send('Tracing.end', {}, sessionId);
      await complete;
      traced = tracedTimes();
    }
    const { result } = await send<{ result: { value: string } }>(
      'Runtime.evaluate',
      { expression: 'JSON.stringify(window.__tasks)', returnByValue: true },
      sessionId,
    );
    const tasks = (JSON.parse(result.value) as { start: number; duration: number }[]).filter((t) => t.start < 3000 && t.duration > LONG_MS);
    return {
      total: tasks.reduce((sum, t) => sum + t.duration, 0),
      longest: tasks.reduce((max, t) => Math.max(max, t.duration), 0),
      traced,
    };
  } finally {
    await dispose();
  }
}

const roundedMedian = (xs: number[]) => Math.round(median(xs));

try {
  const drawn = withoutScripts(await (await fetch(`${server.base}${PAGE}`)).text());
  variants.set('drawn', drawn);
  variants.set('no-images', withoutImages(drawn));
  variants.set('no-css', withoutCss(drawn));
  variants.set('no-devanagari-text', withoutDevanagariText(drawn));
  variants.set('no-devanagari-font', withoutDevanagariFont(drawn));
  const loads = new Map<string, Load[]>([...variants.keys()].map((v) => [v, []]));
  // In turns, so that the host's slower minutes fall on every variant alike.
  for (let i = 0; i < RUNS; i++) for (const [variant, kept] of loads) kept.push(await load(variant));
  console.log(`${PAGE} as drawn, before the app's code, at 4x CPU: tasks over ${LONG_MS} ms in the first 3 s, medians of ${RUNS} loads`);
  for (const [variant, kept] of loads) {
    const traced = TRACE
      ? '  traced: ' +
        (Object.keys(TRACED) as (keyof Traced)[]).map((key) => `${key} ${roundedMedian(kept.map((l) => l.traced![key]))}`).join(', ')
      : '';
    console.log(
      `  ${variant.padEnd(20)} total ${roundedMedian(kept.map((l) => l.total))} ms, longest ${roundedMedian(kept.map((l) => l.longest))} ms${traced}`,
    );
  }
} finally {
  await chromium.close();
  pages.close();
  await server.stop();
  if (!process.env.FIRST_RENDER_DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
}
