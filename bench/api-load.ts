// API load: home and magazine-filter under 50 connections (autocannon), on PGlite and on
// PostgreSQL, at 1,000 and 10,000 titles. Target with PostgreSQL at 10,000 titles:
// magazine-filter ≥ 2,000 req/s and p99 ≤ 50 ms.
// Usage: npm run bench:api   (first run seeds the catalogues: several minutes)
import autocannon from 'autocannon';
import { prepareTargets, startPostgresCluster, withServer } from './catalogues';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
/** BENCH_WORKERS=1,2: each PostgreSQL run once per server process count (WORKERS). */
const WORKERS = (process.env.BENCH_WORKERS ?? '1').split(',');
const pages = (path: string) => Array.from({ length: 10 }, (_, p) => ({ method: 'GET' as const, path: `${path}&page=${p}` }));
const ENDPOINTS: Record<string, { path: string }[]> = {
  home: [{ path: '/content/home' }],
  'magazine-filter BS p0-9': pages('/content/magazine-filter?categoryID=BS'),
  'magazine-filter cat+lang p0-9': pages('/content/magazine-filter?categoryID=3&lang=en'),
};

async function load(base: string, requests: { path: string }[]) {
  await autocannon({ url: base, requests, connections: 10, duration: 2 }); // warm caches and JIT
  return autocannon({ url: base, requests, connections: 50, duration: DURATION_S });
}

const cluster = await startPostgresCluster();
const rows: string[] = [];
try {
  for (const target of await prepareTargets(cluster)) {
    // With the response cache (the default) and without it (every request reaches the database),
    // on PostgreSQL once per process count.
    const workerCounts = target.engine === 'postgres' ? WORKERS : ['1'];
    for (const [cacheMs, workers] of ['30000', '0'].flatMap((c) => workerCounts.map((w) => [c, w]))) {
      await withServer(
        target,
        4400,
        async (base) => {
          for (const [name, requests] of Object.entries(ENDPOINTS)) {
            if (cacheMs === '0' && name === 'home') continue;
            const r = await load(base, requests);
            const line = `${target.engine.padEnd(8)} ${String(target.titles).padStart(6)} titles  ${workers}×  cache ${cacheMs === '0' ? 'off' : 'on '}  ${name.padEnd(30)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(4)} ms  errors ${r.errors + r.non2xx}`;
            console.log(line);
            rows.push(line);
          }
        },
        { CONTENT_CACHE_MS: cacheMs, WORKERS: workers },
      );
    }
  }
} finally {
  cluster.stop();
}
console.log(`\nAPI load, 50 connections, ${DURATION_S} s each:\n${rows.join('\n')}`);
