// COUNTER reports and SUSHI harvesting with 1,000,000 usage events on a throwaway PostgreSQL
// cluster: each report (PR, PR_P1, TR, TR_J1..TR_J4) for one institution over the last 12 complete
// months as the service builds it, then the SUSHI API under 10 concurrent harvesters (autocannon,
// 10 connections, each harvester its own institution and requestor) against the real server in
// its own process, beside bare Fastify in its own process measured in the same run.
// Usage: npm run bench:counter   (BENCH_EVENTS to change the million, BENCH_SECONDS per load)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openPostgres } from '../src/server/db/index';
import { migrate } from '../src/server/db/migrate';
import { REPORT_IDS } from '../src/shared/counter/reports';
import { createSushiRequestor } from '../src/server/repositories/sushi-credentials';
import { isRefusal } from '../src/server/repositories/refusal';
import { startPostgresCluster } from '../tests/support/postgres-cluster';
import { withServer } from './catalogues';
import { SEED, seedUsage, timeReport } from './counter-seed';
import { percentile, waitForHttp } from './support';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 4460);
const RUNS = 20;
const HARVESTERS = 10;

const out: string[] = [];
const say = (line: string) => (console.log(line), out.push(line));

const now = new Date();
const month = (back: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
const [begin, end] = [month(12), month(1)];

// A Title Report of 1,000 titles takes a while under load: a harvester waits for it, as CELUS would.
const TIMEOUT_S = 120;
async function harvest(base: string, requests: { path: string }[]) {
  await autocannon({ url: base, requests, connections: HARVESTERS, duration: 2, timeout: TIMEOUT_S }); // warm caches and JIT
  return autocannon({ url: base, requests, connections: HARVESTERS, duration: DURATION_S, timeout: TIMEOUT_S });
}
const loadLine = (label: string, r: autocannon.Result, bare?: number) =>
  `  ${label.padEnd(44)} ${r.requests.average.toFixed(1).padStart(8)} req/s  p50 ${String(r.latency.p50).padStart(5)} ms  p99 ${String(r.latency.p99).padStart(5)} ms  errors ${r.errors + r.non2xx}${bare ? `  (${((100 * r.requests.average) / bare).toFixed(2)} % of bare)` : ''}`;

const cluster = await startPostgresCluster();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-bench-counter-'));
try {
  cluster.createDatabase('bench_counter');
  const url = cluster.url('bench_counter');
  const db = await openPostgres(url, 4);
  const creds: Record<string, string>[] = [];
  try {
    await migrate(db);
    const seeded = await seedUsage(db, EVENTS);
    say(
      `${seeded.loaded} usage events loaded in ${seeded.loadS.toFixed(1)} s, counted (rebuildCounterUsage) in ${seeded.countS.toFixed(1)} s`,
    );
    say(
      `${SEED.institutions} institutions, ${SEED.titles} titles, ${SEED.users} readers; reports of institution 1, ${begin}..${end}, ${RUNS} runs each:`,
    );
    for (const id of REPORT_IDS) {
      const { items, ms } = await timeReport(db, id, begin, end, RUNS);
      say(
        `  ${id.padEnd(6)} ${String(items).padStart(5)} items  p50 ${percentile(ms, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(ms, 95).toFixed(1).padStart(6)} ms  max ${ms.at(-1)!.toFixed(1).padStart(6)} ms`,
      );
    }
    for (let i = 1; i <= HARVESTERS; i++) {
      const issued = await createSushiRequestor(db, 1 + ((i - 1) % SEED.institutions), `Harvester ${i}`, null);
      if (isRefusal(issued)) throw new Error(issued.message);
      creds.push({
        customer_id: String(1 + ((i - 1) % SEED.institutions)),
        requestor_id: issued.requestor.requestorId,
        api_key: issued.apiKey,
      });
    }
  } finally {
    await db.close();
  }

  // Bare Fastify first, in its own process like the server.
  say(`\nSUSHI, ${HARVESTERS} concurrent harvesters (one connection each), ${DURATION_S} s per load:`);
  const bareServer = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-fastify.ts', String(PORT + 1)], { stdio: 'inherit' });
  let bare: number;
  try {
    await waitForHttp(`http://127.0.0.1:${PORT + 1}/api/health`, 60_000);
    const r = await harvest(`http://127.0.0.1:${PORT + 1}`, [{ path: '/bare' }]);
    bare = r.requests.average;
    say(loadLine('bare Fastify (a small JSON)', r));
  } finally {
    bareServer.kill('SIGTERM');
  }
  const target = {
    engine: 'postgres' as const,
    titles: SEED.titles,
    env: { DATABASE_URL: url, DATA_DIR: dataDir, SUSHI_REQUESTS_PER_HOUR: '0' },
  };
  await withServer(target, PORT, async (base) => {
    const paths = (report: string, extra: Record<string, string> = {}) =>
      creds.map((c) => ({ path: `/sushi/r51/${report}?${new URLSearchParams({ ...c, ...extra })}` }));
    for (const [label, requests] of [
      ['SUSHI /status', [{ path: '/sushi/r51/status' }]],
      ['SUSHI /members', paths('members')],
      ['SUSHI PR, 12 months', paths('reports/pr', { begin_date: begin, end_date: end })],
      ['SUSHI TR, 12 months', paths('reports/tr', { begin_date: begin, end_date: end })],
      ['SUSHI TR_J4, 12 months', paths('reports/tr_j4', { begin_date: begin, end_date: end })],
    ] as const) {
      const r = await harvest(base, [...requests]);
      say(loadLine(label, r, bare));
    }
  });
} finally {
  cluster.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\n${out.join('\n')}`);
