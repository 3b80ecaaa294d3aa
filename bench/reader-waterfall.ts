// The network waterfall of one cold open of the reader (a device that never loaded Lectern) on a
// throttled profile: every request with its size, start and end from navigation, and when the
// first page was shown. Uses bench/reader.ts's demo library (run that once first).
// Usage: npm run build && npx tsx bench/reader-waterfall.ts [slow4g|lighthouse]
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/support/chromium';
import { startServer } from '../tests/support/server-process';
import { PROFILES, codeFor, firstPageShown, readableIssues, signIn } from './reader-support';

const PORT = 4412;
const base = `http://127.0.0.1:${PORT}`;
const profile = PROFILES[(process.argv[2] ?? 'slow4g') as keyof typeof PROFILES];
if (!profile) throw new Error(`profile: one of ${Object.keys(PROFILES).join(', ')}`);
const server = await startServer(
  PORT,
  { DATA_DIR: path.resolve('.tmp/bench/reader-demo'), DEMO_TITLES: '40', DOWNLOAD_LIMIT: '100' },
  300_000,
);

interface Row {
  url: string;
  start: number;
  headers?: number;
  end?: number;
  bytes?: number;
  priority?: string;
  initiator?: string;
}

try {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, serviceWorkers: 'block' });
  const home = await signIn(context, base);
  const list = await readableIssues(home, base);
  const issueId = list[Number(process.env.BENCH_ISSUE ?? 3)];
  const ctx = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, serviceWorkers: 'block' });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', profile.conditions);
  const rows = new Map<string, Row>();
  let t0 = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!t0) t0 = e.timestamp;
    rows.set(e.requestId, {
      url: e.request.url.replace(base, '').replace(/code=[^&#]+/, 'code=…'),
      start: e.timestamp,
      priority: e.request.initialPriority,
      initiator: e.initiator.type,
    });
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = rows.get(e.requestId);
    if (r) r.headers = e.timestamp;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = rows.get(e.requestId);
    if (r) Object.assign(r, { end: e.timestamp, bytes: e.encodedDataLength });
  });
  const url = `${base}/reader/${issueId}?edz=1&code=${await codeFor(home, issueId)}#page/1`;
  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  await firstPageShown(page);
  const shown = Date.now() - started;
  await firstPageShown(page, true);
  const drawn = Date.now() - started;
  const marks = await page.evaluate(() =>
    performance
      .getEntriesByType('mark')
      .concat(performance.getEntriesByType('paint'))
      .map((m) => `${m.name} ${m.startTime.toFixed(0)}`),
  );
  const ms = (t?: number) => (t === undefined ? '   -' : ((t - t0) * 1000).toFixed(0).padStart(5));
  console.log(
    `${profile.label}: first page shown ${shown} ms after navigation, the reader drawn around it at ${drawn} ms (load average ${(await import('node:os')).loadavg()[0].toFixed(1)})`,
  );
  console.log('start  headers  end   bytes  priority  request');
  for (const r of [...rows.values()].sort((a, b) => a.start - b.start))
    console.log(
      `${ms(r.start)}  ${ms(r.headers)}  ${ms(r.end)}  ${String(r.bytes ?? '-').padStart(6)}  ${(r.priority ?? '').padEnd(8)}  ${r.url.slice(0, 90)}`,
    );
  console.log(`marks and paints (ms from the document's time origin): ${marks.join(', ')}`);
  await browser.close();
} finally {
  await server.stop();
}
