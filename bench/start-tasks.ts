// The start's long tasks on a phone 4x slower than this machine: each page loaded as a first visit
// (a browser context of its own) on a phone's screen with the CPU slowed 4x, the main thread's tasks
// over 50 ms (PerformanceObserver 'longtask') until and after the take-over (lib/after-start.ts),
// and for each the time of the page's own scripts in it (Long Animation Frames' script entries):
// a task with little script time is the browser's own work (the navigation, parsing, style,
// layout, paint). A blank page is measured first: the browser's floor for a new page.
//
// Chromium is driven over a bare DevTools pipe, not Playwright or Lighthouse: both enable the
// Runtime domain, and with it V8 records a detailed stack trace for every Error made. An Error made
// while a large function is running then costs a second parse of that function: React DOM makes
// three when it loads, inside its module's one function (190 KB), 90-130 ms more at 4x that
// no phone without DevTools spends (the app's first task: 55-80 ms here, 146-274 ms in Playwright).
//
// Usage: npm run build && npm run bench:start
//   START_RUNS=5 loads per page; START_PAGES=home,listing only those (blank, home, listing, title,
//   hindi); START_DATA_DIR=dir a data directory that already holds the 200-title demo, kept;
//   APP_DIR=dir another build; START_VERBOSE=1 prints every load's tasks. A task that ran one of
//   the start's steps (main.tsx marks each) is named by it: "step router-made".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchOverPipe, phonePage } from './devtools-pipe';
import { median } from './support';
import { freePort, startServer } from '../tests/support/server-process';
import { START_STEP, TAKEN_OVER } from '../src/app/lib/after-start';

const RUNS = Number(process.env.START_RUNS ?? 5);
const ONLY = process.env.START_PAGES?.split(',');
const VERBOSE = !!process.env.START_VERBOSE;
const WAIT_MS = 8000;
const LONG_MS = 50;

/** Runs in the page before its own code: keeps the long tasks and the scripts of long frames. */
const RECORDER = `(() => {
  const kept = (window.__startTasks = { tasks: [], scripts: [] });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) kept.tasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const frame of list.getEntries())
      for (const s of frame.scripts)
        kept.scripts.push({ start: s.startTime, duration: s.duration, what: s.invokerType + ' ' + (s.sourceURL.split('/').pop() || s.invoker) });
  }).observe({ type: 'long-animation-frame', buffered: true });
})()`;

interface Task {
  start: number;
  duration: number;
  script: number;
  what: string[];
}
interface Load {
  tasks: Task[];
  takenOver: number | null;
}

const port = await freePort();
const dataDir = process.env.START_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-start-'));
const appDir = process.env.APP_DIR;
const server = await startServer(
  port,
  { DATA_DIR: dataDir, DEMO_TITLES: '200', ...(appDir ? { APP_DIR: path.resolve(appDir) } : {}) },
  600_000,
);
const chromium = launchOverPipe();
const send = chromium.send;

async function load(url: string): Promise<Load> {
  const { sessionId, dispose } = await phonePage(send);
  try {
    await send('Page.addScriptToEvaluateOnNewDocument', { source: RECORDER }, sessionId);
    await send('Page.navigate', { url }, sessionId);
    await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
    // (the measurement is over: Runtime may be used now)
    const { result } = await send<{ result: { value: string } }>(
      'Runtime.evaluate',
      {
        expression: `JSON.stringify({
          ...window.__startTasks,
          takenOver: performance.getEntriesByName(${JSON.stringify(TAKEN_OVER)})[0]?.startTime ?? null,
          steps: performance.getEntriesByType('mark').filter((m) => m.name.startsWith(${JSON.stringify(START_STEP)}))
            .map((m) => ({ start: m.startTime, name: m.name.slice(${START_STEP.length}) })),
        })`,
        returnByValue: true,
      },
      sessionId,
    );
    const kept = JSON.parse(result.value) as {
      tasks: { start: number; duration: number }[];
      scripts: { start: number; duration: number; what: string }[];
      takenOver: number | null;
      steps: { start: number; name: string }[];
    };
    const tasks = kept.tasks.map(({ start, duration }) => {
      const inside = kept.scripts.filter((s) => s.start >= start - 1 && s.start < start + duration);
      const script = inside.reduce((sum, s) => sum + s.duration, 0);
      // The start's step a task ran (main.tsx marks each as it begins).
      const steps = kept.steps.filter((m) => m.start >= start && m.start < start + duration).map((m) => `step ${m.name}`);
      const what = [...steps, ...new Set(inside.filter((s) => s.duration >= 5).map((s) => s.what))];
      return { start, duration, script, what };
    });
    return { tasks, takenOver: kept.takenOver };
  } finally {
    await dispose();
  }
}

const round = (n: number) => Math.round(n);

try {
  const home = (await (await fetch(`${server.base}/content/home`)).json()) as { mostPopular: { browserLinkUrl: string }[] };
  const pages = [
    { name: 'blank', url: 'data:text/html,<!doctype html><meta name=viewport content="width=device-width"><p>Hello</p>' },
    { name: 'home', url: `${server.base}/` },
    { name: 'listing', url: `${server.base}/magazines/BS` },
    { name: 'title', url: `${server.base}${home.mostPopular[0].browserLinkUrl}` },
    { name: 'hindi', url: `${server.base}/hi` },
  ].filter((p) => !ONLY || ONLY.includes(p.name));
  console.log(
    `The start's tasks over ${LONG_MS} ms at 4x CPU, ${RUNS} first visits a page (medians; "script" is the page's own code in the task)`,
  );
  for (const page of pages) {
    const loads: Load[] = [];
    for (let i = 0; i < RUNS; i++) loads.push(await load(page.url));
    // The start: until the take-over, or the whole wait on a page that has none (blank).
    const inStart = (l: Load) => l.tasks.filter((t) => t.duration > LONG_MS && (l.takenOver === null || t.start < l.takenOver));
    const byScript = (l: Load) => inStart(l).filter((t) => t.script >= t.duration / 2);
    const longest = (ts: Task[]) => ts.reduce((max, t) => Math.max(max, t.duration), 0);
    console.log(`\n${page.name} ${page.name === 'blank' ? '(data: URL)' : new URL(page.url).pathname}`);
    console.log(
      `  in the start: ${median(loads.map((l) => inStart(l).length))} long tasks, the longest ${round(median(loads.map((l) => longest(inStart(l)))))} ms; ` +
        `mostly script: ${median(loads.map((l) => byScript(l).length))}, the longest ${round(median(loads.map((l) => longest(byScript(l)))))} ms` +
        (page.name === 'blank' ? '' : `; taken over at ${round(median(loads.map((l) => l.takenOver ?? NaN)))} ms`),
    );
    console.log(
      `  after it: ${median(loads.map((l) => l.tasks.filter((t) => t.duration > LONG_MS).length - inStart(l).length))} long tasks`,
    );
    loads.forEach((l, i) => {
      const shown = VERBOSE ? l.tasks : byScript(l);
      if (!shown.length) return;
      const line = shown
        .map(
          (t) => `${round(t.duration)} ms at ${round(t.start)} (script ${round(t.script)}${t.what.length ? `: ${t.what.join(', ')}` : ''})`,
        )
        .join('; ');
      console.log(`  load ${i + 1}${VERBOSE ? '' : ', mostly script'}: ${line}`);
    });
  }
} finally {
  await chromium.close();
  await server.stop();
  if (!process.env.START_DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
}
