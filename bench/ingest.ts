// npm run bench:ingest: pages/s and peak RSS of one ingest, rendered on the main thread (before,
// renderPages) and in worker threads (after, page-pool.ts), for tests/fixtures/pdfs/pdkids.pdf (55
// pages) and a generated 200-page issue. Each run is its own process; its peak RSS is sampled
// every 50 ms over its whole process tree (every thread, and esbuild's service process that tsx
// and the worker bundle start). Pages are written out as ingest does, without a database.
// BENCH_ROUNDS (default 1) runs each case that many times. The machine is shared: each line gives
// the load average as it ended; compare the two in the same run, not across runs. The CPU time a
// page costs (every thread of the process) depends much less on the load: pages per CPU-second
// times the cores is what an idle machine would reach if the run kept every core busy.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateIssuePdf } from '../src/server/demo/pdf-generator';
import { createPagePool, renderPagesInPool } from '../src/server/ingest/page-pool';
import { PAGE_WIDTHS, type RenderedPage } from '../src/server/ingest/render-shared';

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
    // As ingest does: pdf.js is loaded on this thread only when it renders here.
    await (pool
      ? renderPagesInPool(pool, bytes, PAGE_WIDTHS, each)
      : (await import('../src/server/ingest/render')).renderPages(bytes, PAGE_WIDTHS, each));
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(); // every thread of this process: workers and libuv's encoders
    console.log(JSON.stringify({ pages, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6 }));
  } finally {
    await pool?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** RSS in MB of a process and its descendants, from /proc (Linux). */
function treeRssMb(root: number): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = fs.readFileSync(`/proc/${entry}/status`, 'utf8');
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
      rss.set(Number(entry), Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0) / 1024);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended while we read
    }
  }
  let total = 0;
  for (const todo = [root]; todo.length;) {
    const pid = todo.pop()!;
    total += rss.get(pid) ?? 0;
    todo.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** One case in its own process: its last line of output, and the peak RSS of its tree. */
async function measure(variant: string, file: string): Promise<{ pages: number; seconds: number; cpuSeconds: number; peakMb: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', variant, file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d));
  let peakMb = 0;
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, treeRssMb(child.pid!))), 50);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`the ${variant} run of ${file} exited with ${code}`);
  return { ...(JSON.parse(out.trim().split('\n').at(-1)!) as { pages: number; seconds: number; cpuSeconds: number }), peakMb };
}

async function main(): Promise<void> {
  const dir = path.join(ROOT, '.tmp/bench');
  fs.mkdirSync(dir, { recursive: true });
  const generated = path.join(dir, 'ingest-200-pages.pdf');
  if (!fs.existsSync(generated)) {
    const spec = { titleName: 'Bench Weekly', issueName: '200 pages', pubDate: '2026-11-01', hindi: false, hue: 200, pages: 200, seed: 7 };
    fs.writeFileSync(generated, await generateIssuePdf({ ...spec, kind: 'magazine' }));
  }
  const files = [path.join(ROOT, 'tests/fixtures/pdfs/pdkids.pdf'), generated];
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
        const r = await measure(variant, file);
        console.log(
          `${path.basename(file).padEnd(22)} ${variant.padEnd(12)} ${r.pages} pages in ${r.seconds.toFixed(1)} s: ` +
            `${(r.pages / r.seconds).toFixed(1)} pages/s, peak RSS ${Math.round(r.peakMb)} MB (process tree), load ${os.loadavg()[0].toFixed(1)}; ` +
            `CPU ${r.cpuSeconds.toFixed(1)} s, ${(r.pages / r.cpuSeconds).toFixed(1)} pages per CPU-second`,
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
