// npm run bench:ingest: pages/s and peak RSS of one ingest, rendered on the main thread (before,
// renderPages) and in worker threads (after, page-pool.ts), for ../shared/pdfs/pdkids.pdf (55
// pages) and a generated 200-page issue. Each run is its own process, so its peak RSS (which
// counts every thread) is its own; pages are written out as ingest does, without a database. BENCH_ROUNDS (default 1) runs each case
// that many times. The machine is shared: compare the two in the same run, not across runs.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateIssuePdf } from '../src/server/demo/pdf-generator';
import { createPagePool, renderPagesInPool } from '../src/server/ingest/page-pool';
import { PAGE_WIDTHS, renderPages, type RenderedPage } from '../src/server/ingest/render';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function child(variant: string, file: string): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-bench-ingest-'));
  const started = performance.now();
  const pool = variant === 'workers' ? createPagePool() : undefined;
  try {
    // What ingest does with each page (written out as it comes), without the database: PGlite's
    // own memory (400-800 MB at start) would hide the render's.
    let pages = 0;
    const each = (p: RenderedPage) => {
      fs.writeFileSync(path.join(dir, `${p.pageNo}-large.webp`), p.large);
      fs.writeFileSync(path.join(dir, `${p.pageNo}-small.webp`), p.small);
      pages++;
    };
    const bytes = fs.readFileSync(file);
    await (pool ? renderPagesInPool(pool, bytes, PAGE_WIDTHS, each) : renderPages(bytes, PAGE_WIDTHS, each));
    const seconds = (performance.now() - started) / 1000;
    console.log(JSON.stringify({ pages, seconds, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
  } finally {
    await pool?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const dir = path.join(ROOT, '.tmp/bench');
  fs.mkdirSync(dir, { recursive: true });
  const generated = path.join(dir, 'ingest-200-pages.pdf');
  if (!fs.existsSync(generated)) {
    const spec = { titleName: 'Bench Weekly', issueName: '200 pages', pubDate: '2026-11-01', hindi: false, hue: 200, pages: 200, seed: 7 };
    fs.writeFileSync(generated, await generateIssuePdf({ ...spec, kind: 'magazine' }));
  }
  const files = [path.join(ROOT, '../shared/pdfs/pdkids.pdf'), generated];
  const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
  console.log(
    `ingest benchmark on ${os.availableParallelism()} cores (load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
  );
  for (const file of files)
    for (let round = 0; round < rounds; round++)
      for (const variant of ['main-thread', 'workers']) {
        const out = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', variant, file], {
          encoding: 'utf8',
        });
        const r = JSON.parse(out.trim().split('\n').at(-1)!) as { pages: number; seconds: number; maxRssMb: number };
        console.log(
          `${path.basename(file).padEnd(22)} ${variant.padEnd(12)} ${r.pages} pages in ${r.seconds.toFixed(1)} s: ` +
            `${(r.pages / r.seconds).toFixed(1)} pages/s, peak RSS ${Math.round(r.maxRssMb)} MB`,
        );
      }
  console.log(
    `load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (other work on the machine makes these noisy)`,
  );
}

const i = process.argv.indexOf('--child');
await (i > 0 ? child(process.argv[i + 1], process.argv[i + 2]) : main());
