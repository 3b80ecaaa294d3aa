// Where a page's long tasks go on a first load: the page loaded on a phone's screen at 4x CPU with
// Chromium's sampling profiler on, and for each task over 50 ms (PerformanceObserver 'longtask')
// the functions its samples were in, by their own time and with their callers. Function names say
// most from a build that is not minified:
//   npm run build && npx vite build --minify false --outDir .tmp/dist-readable && cp -r dist/ssr .tmp/dist-readable/
//   BENCH_APP_DIR=.tmp/dist-readable npx tsx bench/app-profile.ts /hi 3
// (the page's path, default /; the number of loads, default 3). A 40-title demo library is made in
// .tmp/bench/app-profile on the first run and kept. BENCH_PORT moves it off port 4415.
// BENCH_WITHIN=createAppRouter,hydrateRoot also prints, for each load, the time its samples spent
// inside each named function, long task or not (for a change that takes a task under 50 ms).
// Playwright enables DevTools' Runtime domain, which makes the app's first task 90-130 ms longer
// than on a phone (bench/start-tasks.ts says why): count the start's long tasks with bench:start.
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/support/chromium';
import { startServer } from '../tests/support/server-process';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const port = Number(process.env.BENCH_PORT ?? 4415);
const pagePath = process.argv[2] ?? '/';
const loads = Number(process.argv[3] ?? 3);
const appDir = process.env.BENCH_APP_DIR;
const within = process.env.BENCH_WITHIN?.split(',').filter(Boolean) ?? [];
const server = await startServer(
  port,
  { DATA_DIR: path.resolve('.tmp/bench/app-profile'), DEMO_TITLES: '40', ...(appDir ? { APP_DIR: path.resolve(appDir) } : {}) },
  300_000,
);
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  for (let load = 1; load <= loads; load++) {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await page.addInitScript(() => {
      const page = window as unknown as { longTasks: [number, number][] };
      page.longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) page.longTasks.push([e.startTime, e.duration]);
      }).observe({ type: 'longtask', buffered: true });
    });
    await cdp.send('Profiler.start');
    await page.goto(`http://127.0.0.1:${port}${pagePath}`);
    await page.waitForTimeout(8000);
    const stoppedAt = await page.evaluate(() => performance.now());
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    const tasks = await page.evaluate(() => (window as unknown as { longTasks: [number, number][] }).longTasks);
    console.log(`load ${load} of ${pagePath}: ${tasks.length} long tasks`);
    const samples = samplesOf(profile, stoppedAt);
    for (const [start, duration] of tasks) console.log(taskReport(samples, start, duration));
    for (const name of within) console.log(`  within ${name}: ${Math.round(timeWithin(samples, name))} ms`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}

/** Each sample of the profile: when it was taken on the page's clock, and the functions it was in,
 * the innermost first (each once). */
function samplesOf(profile: Profile, stoppedAt: number): { at: number; ms: number; stack: string[] }[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const caller = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) caller.set(c, n.id);
  const label = (n: ProfileNode) =>
    `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber + 1}`;
  // The profile's clock and the page's: both stopped at the same moment (within a millisecond or two).
  const offset = profile.endTime / 1000 - stoppedAt;
  let time = profile.startTime;
  return profile.samples.map((id, i) => {
    time += profile.timeDeltas[i];
    const stack = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = caller.get(n)) {
      const node = byId.get(n)!;
      if (node.callFrame.functionName !== '(root)') stack.add(label(node));
    }
    // (a sample stands for the time since the one before it)
    return { at: time / 1000 - offset, ms: profile.timeDeltas[i] / 1000, stack: [...stack] };
  });
}

/** The time of the samples taken inside a function of this name (the build's own, not minified). */
function timeWithin(samples: { ms: number; stack: string[] }[], name: string): number {
  const inside = samples.filter(({ stack }) => stack.some((fn) => fn.startsWith(`${name} `)));
  return inside.reduce((sum, { ms }) => sum + ms, 0);
}

/** The samples within one task: the functions they were in, and those with their callers. */
function taskReport(samples: { at: number; stack: string[] }[], start: number, duration: number): string {
  const own = new Map<string, number>();
  const within = new Map<string, number>();
  const bump = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  const inTask = samples.filter(({ at }) => at >= start && at <= start + duration);
  for (const { stack } of inTask) {
    if (stack.length) bump(own, stack[0]);
    for (const fn of stack) bump(within, fn);
  }
  const top = (counts: Map<string, number>, n: number) =>
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, count]) => `${key} (${count})`)
      .join(', ');
  return [
    `  at ${Math.round(start)} ms, ${Math.round(duration)} ms, ${inTask.length} samples`,
    `    own time: ${top(own, 6)}`,
    `    within:   ${top(within, 14)}`,
  ].join('\n');
}
