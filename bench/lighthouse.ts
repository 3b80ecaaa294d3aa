// Lighthouse (mobile profile: Moto G Power screen, simulated slow 4G and 4x CPU slowdown) on home,
// a listing, a title page and Hindi home, in the machine's Chromium, against the built app served by the real
// server on a throwaway data directory with the demo library (200 titles, as a first start makes it;
// LH_TITLES=40 for the tests' smaller one). Prints per page the
// performance and accessibility scores, FCP, LCP, TBT, CLS, Speed Index and the top failing audits,
// and Lighthouse's own CPU benchmark (its environment's benchmarkIndex, measured in each run): the
// 4x slowdown is simulated from the tasks this machine ran, so the scores follow the host's speed
// and compare only between runs whose index is alike.
// Usage: npm run build && npm run bench:lighthouse   (LH_RUNS=3 keeps the median run per page;
// LH_SAVE=dir writes each kept report there as <page>.json, to look into; LH_PAGES=home,listing
// runs only those)
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result } from 'lighthouse';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/support/chromium';
import { startServer } from '../tests/support/server-process';

const RUNS = Number(process.env.LH_RUNS ?? 1);
const SAVE = process.env.LH_SAVE;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const ms = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? NaN;
const score = (lhr: Result, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);

/** Failing audits of a category, the ones that cost the most first. */
function failing(lhr: Result, category: string): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(
      ({ ref, audit }) => ref.group !== 'metrics' && audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative',
    )
    .sort(
      (a, b) =>
        (b.audit.metricSavings?.LCP ?? 0) +
        (b.audit.metricSavings?.FCP ?? 0) +
        b.ref.weight -
        ((a.audit.metricSavings?.LCP ?? 0) + (a.audit.metricSavings?.FCP ?? 0) + a.ref.weight),
    )
    .slice(0, 8)
    .map(({ audit }) => `${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
}

const port = await freePort();
// LH_DATA_DIR: a data directory that already holds the demo library (its making on a first start
// takes minutes on a busy machine), served as it is and kept.
const dataDir = process.env.LH_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-lighthouse-'));
const server = await startServer(port, { DATA_DIR: dataDir, DEMO_TITLES: process.env.LH_TITLES ?? '200' }, 600_000);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? chromiumPath(),
  chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
});
try {
  // The title page of the first Most Popular title, as a reader reaches it from home.
  const home = (await (await fetch(`${server.base}/content/home`)).json()) as { mostPopular: { browserLinkUrl: string }[] };
  const pages = [
    { name: 'home', url: `${server.base}/` },
    { name: 'listing', url: `${server.base}/magazines/BS` },
    { name: 'title', url: `${server.base}${home.mostPopular[0].browserLinkUrl}` },
    { name: 'hindi', url: `${server.base}/hi` },
  ];
  // LH_PAGES=home,title runs only those pages.
  const only = process.env.LH_PAGES?.split(',');
  for (const page of pages.filter((p) => !only || only.includes(p.name))) {
    const runs: Result[] = [];
    // A run whose trace Lighthouse could not record (NO_NAVSTART now and then) is run again, twice at most.
    for (let i = 0, failed = 0; i < RUNS;) {
      const result = await lighthouse(page.url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${page.url}`);
      if (result.lhr.runtimeError) {
        if (++failed > 2) throw new Error(`${page.url}: ${result.lhr.runtimeError.message}`);
        console.log(`  (${page.name}: ${result.lhr.runtimeError.code}, run again)`);
        continue;
      }
      runs.push(result.lhr);
      i++;
    }
    const lhr = runs.sort((a, b) => score(a, 'performance') - score(b, 'performance'))[Math.floor(runs.length / 2)];
    console.log(
      `\n${page.name} ${new URL(page.url).pathname}${RUNS > 1 ? ` (median of ${RUNS}: ${runs.map((r) => score(r, 'performance')).join(', ')})` : ''}`,
    );
    console.log(`  performance ${score(lhr, 'performance')}  accessibility ${score(lhr, 'accessibility')}`);
    console.log(`  CPU benchmark index ${runs.map((r) => Math.round(r.environment.benchmarkIndex)).join(', ')} (higher is faster)`);
    console.log(
      `  FCP ${(ms(lhr, 'first-contentful-paint') / 1000).toFixed(1)} s  LCP ${(ms(lhr, 'largest-contentful-paint') / 1000).toFixed(1)} s  ` +
        `TBT ${Math.round(ms(lhr, 'total-blocking-time'))} ms  CLS ${ms(lhr, 'cumulative-layout-shift').toFixed(3)}  ` +
        `Speed Index ${(ms(lhr, 'speed-index') / 1000).toFixed(1)} s`,
    );
    for (const line of [...failing(lhr, 'performance'), ...failing(lhr, 'accessibility')]) console.log(`  - ${line}`);
    if (SAVE) {
      fs.mkdirSync(SAVE, { recursive: true });
      fs.writeFileSync(path.join(SAVE, `${page.name}.json`), JSON.stringify(lhr));
    }
  }
} finally {
  chrome.kill();
  await server.stop();
  if (!process.env.LH_DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
}
