// API load: home and magazine-filter under 50 connections (autocannon), on PGlite and on
// PostgreSQL, at 1,000 and 10,000 titles, with the response cache on and off, beside bare
// Fastify measured in the same run (the machine is shared: ratios say more than figures).
// Targets with PostgreSQL at 10,000 titles, cache off: magazine-filter and home ≥ 2,000 req/s
// and p99 ≤ 50 ms; cached home ≥ 8,000 req/s and p99 ≤ 20 ms.
// Usage: npm run bench:api   (first run seeds the catalogues: several minutes; see catalogues.ts
// for BENCH_SIZES and BENCH_PG_URL)
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { benchCluster, prepareTargets, withServer } from './catalogues';
import { cpuMsSoFar, waitForHttp } from './support';
import { LISTING_PATHS } from './listings';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
// The real server's code takes about 30 s of this load to settle (0.70 ms of CPU a listing in
// the first 8 s, 0.49 in the fourth); BENCH_WARM_S=30 measures a server long in service.
const WARM_S = Number(process.env.BENCH_WARM_S ?? 2);
/** BENCH_WORKERS=1,2: each PostgreSQL run once per server process count (WORKERS). */
const WORKERS = (process.env.BENCH_WORKERS ?? '1').split(',');
const PORT = Number(process.env.BENCH_PORT ?? 4400);
const pages = (path: string) => Array.from({ length: 10 }, (_, p) => ({ method: 'GET' as const, path: `${path}&page=${p}` }));
const ALL_ENDPOINTS: Record<string, { path: string }[]> = {
  home: [{ path: '/content/home' }],
  'magazine-filter BS p0-9': pages('/content/magazine-filter?categoryID=BS'),
  'magazine-filter cat+lang p0-9': pages('/content/magazine-filter?categoryID=3&lang=en'),
  'magazine-filter 5 categories p0-9': LISTING_PATHS.map((path) => ({ path })),
};
// BENCH_ENDPOINTS=listings measures only the 5 categories × pages 0–9; BENCH_CACHE=off only the
// uncached path (the issue's target: ≥ 0.077 of bare Fastify, p99 ≤ 50 ms).
const ENDPOINTS =
  process.env.BENCH_ENDPOINTS === 'listings'
    ? { 'magazine-filter 5 categories p0-9': ALL_ENDPOINTS['magazine-filter 5 categories p0-9'] }
    : ALL_ENDPOINTS;
const CACHE_MS = process.env.BENCH_CACHE === 'off' ? ['0'] : process.env.BENCH_CACHE === 'on' ? ['30000'] : ['30000', '0'];

/** Also the CPU a request cost the server (its processes) and PostgreSQL, given the server's pid. */
async function load(base: string, requests: { path: string }[], serverPid?: number) {
  // Browsers ask for compressed answers; so does this load.
  const headers = { 'accept-encoding': 'gzip, deflate, br' };
  await autocannon({ url: base, requests, headers, connections: 10, duration: WARM_S }); // warm caches and JIT
  const before = serverPid && cpuMsSoFar(serverPid);
  const result = await autocannon({ url: base, requests, headers, connections: 50, duration: DURATION_S });
  const after = serverPid && cpuMsSoFar(serverPid);
  const perRequest = (ms: number) => (ms / result.requests.total).toFixed(2);
  const cpu = before &&
    after && { server: perRequest(after.server - before.server), postgres: perRequest(after.postgres - before.postgres) };
  return { ...result, cpu };
}

const rows: string[] = [];
function report(label: string, r: autocannon.Result & { cpu?: { server: string; postgres: string } | 0 }, bare?: number, engine?: string) {
  const ratio = bare ? `  ${(r.requests.average / bare).toFixed(3)} of bare` : '';
  const cpu = r.cpu ? `  CPU ms/request: server ${r.cpu.server}${engine === 'postgres' ? `, PostgreSQL ${r.cpu.postgres}` : ''}` : '';
  const line = `${label.padEnd(68)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(4)} ms  errors ${r.errors + r.non2xx}${ratio}${cpu}`;
  console.log(line);
  rows.push(line);
}

/** A bench script serving on its own port in a process of its own, like the server, measured on requests. */
async function measureAlone(script: string, env: Record<string, string>, requests: { path: string }[]) {
  const port = PORT + 2;
  const child = spawn(process.execPath, ['--import', 'tsx', script, String(port)], { env: { ...process.env, ...env }, stdio: 'inherit' });
  try {
    await waitForHttp(`http://127.0.0.1:${port}/api/health`, 60_000);
    return await load(`http://127.0.0.1:${port}`, requests, child.pid);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

// Bare Fastify first, in its own process like the server.
const bareRun = await measureAlone('bench/bare-fastify.ts', {}, [{ path: '/bare' }]);
const bare = bareRun.requests.average;
report('bare Fastify (a small JSON)', bareRun);

const cluster = await benchCluster();
try {
  for (const target of await prepareTargets(cluster)) {
    // With the response cache (the default) and without it (every request reaches the database),
    // on PostgreSQL once per process count.
    const workerCounts = target.engine === 'postgres' ? WORKERS : ['1'];
    // The uncached listing's floor: its statements, JSON and brotli in bare Fastify (listing-floor.ts).
    if (target.engine === 'postgres' && CACHE_MS.includes('0'))
      report(
        `postgres ${String(target.titles).padStart(6)} titles  floor: the listing's own work in bare Fastify`,
        await measureAlone(
          'bench/listing-floor.ts',
          target.env,
          LISTING_PATHS.map((path) => ({ path })),
        ),
        bare,
        target.engine,
      );
    for (const [cacheMs, workers] of CACHE_MS.flatMap((c) => workerCounts.map((w) => [c, w]))) {
      await withServer(
        target,
        PORT,
        async (base, serverPid) => {
          for (const [name, requests] of Object.entries(ENDPOINTS)) {
            const r = await load(base, requests, serverPid);
            report(
              `${target.engine.padEnd(8)} ${String(target.titles).padStart(6)} titles  ${workers}×  cache ${cacheMs === '0' ? 'off' : 'on '}  ${name}`,
              r,
              bare,
              target.engine,
            );
          }
        },
        { CONTENT_CACHE_MS: cacheMs, WORKERS: workers },
      );
    }
  }
} finally {
  cluster.stop();
}
console.log(`\nAPI load, 50 connections, ${DURATION_S} s each (shared machine: compare with bare Fastify):\n${rows.join('\n')}`);
