// API load: home and magazine-filter under 50 connections (autocannon), on PGlite and on
// PostgreSQL, at 1,000 and 10,000 titles. Target with PostgreSQL at 10,000 titles:
// magazine-filter ≥ 2,000 req/s and p99 ≤ 50 ms.
// Usage: npm run bench:api   (first run seeds the catalogues: several minutes)
import autocannon from 'autocannon';
import { prepareTargets, startPostgresCluster, withServer } from './catalogues';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const ENDPOINTS = {
  home: '/content/home',
  'magazine-filter BS': '/content/magazine-filter?categoryID=BS&page=0',
  'magazine-filter cat+lang p3': '/content/magazine-filter?categoryID=3&lang=en&page=3',
};

const cluster = await startPostgresCluster();
const rows: string[] = [];
try {
  for (const target of await prepareTargets(cluster)) {
    await withServer(target, 4400, async (base) => {
      for (const [name, path] of Object.entries(ENDPOINTS)) {
        await autocannon({ url: base + path, connections: 10, duration: 2 }); // warm caches and JIT
        const r = await autocannon({ url: base + path, connections: 50, duration: DURATION_S });
        const line = `${target.engine.padEnd(8)} ${String(target.titles).padStart(6)} titles  ${name.padEnd(28)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(4)} ms  errors ${r.errors + r.non2xx}`;
        console.log(line);
        rows.push(line);
      }
    });
  }
} finally {
  cluster.stop();
}
console.log(`\nAPI load, 50 connections, ${DURATION_S} s each:\n${rows.join('\n')}`);
