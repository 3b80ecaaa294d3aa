// Search latency: p50/p95 of title search (magazine-search) and page-text search (mag-search)
// for a mix of whole words, prefixes and Hindi, one request at a time, at 1,000 and 10,000
// titles on PGlite and PostgreSQL, with the response cache off. Target p95 ≤ 50 ms at 10,000 titles.
// Usage: npm run bench:search
import { percentile } from './support';
import { benchCluster, prepareTargets, withServer } from './catalogues';

const QUERIES = [
  'market',
  'tech',
  'science weekly',
  'monsoon',
  'camp',
  'the future of cities',
  'भारत',
  'राजनीति',
  'cricket',
  'digest',
  'stu',
  'health',
];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);

async function measure(url: (q: string) => string): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const q of QUERIES) {
      const t = performance.now();
      const res = await fetch(url(encodeURIComponent(q)));
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${res.status} for ${q}`);
      times.push(performance.now() - t);
    }
  }
  return times.sort((a, b) => a - b);
}

const cluster = await benchCluster();
const rows: string[] = [];
try {
  for (const target of await prepareTargets(cluster)) {
    await withServer(
      target,
      Number(process.env.BENCH_PORT ?? 4401),
      async (base) => {
        for (const [name, url] of [
          ['magazine-search', (q: string) => `${base}/content/magazine-search?query=${q}&page=${Math.floor(Math.random() * 2)}`],
          ['mag-search (pages)', (q: string) => `${base}/content/mag-search?q=${q}&p=0`],
        ] as const) {
          await measure(url); // warm-up round set
          const t = await measure(url);
          const line = `${target.engine.padEnd(8)} ${String(target.titles).padStart(6)} titles  ${name.padEnd(20)} p50 ${percentile(t, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(t, 95).toFixed(1).padStart(6)} ms  (${t.length} requests)`;
          console.log(line);
          rows.push(line);
        }
      },
      { CONTENT_CACHE_MS: '0' },
    ); // measure the database, not the response cache
  }
} finally {
  cluster.stop();
}
console.log(`\nSearch latency:\n${rows.join('\n')}`);
