// A server's first answers after it starts, as a phone's first visit asks them one after another,
// with its warm-up before listening (WARM_UP, src/server/warm-up.ts) on and off, in turns, on
// PostgreSQL at BENCH_TITLES titles (default 10,000); each start also timed (spawn to its first
// health answer). The visit asks what the warm-up did not ask word for word (another page of a
// listing, another title), so the figures show warmed code, not cached answers.
// Usage: npm run bench:first-answers  (FIRST_ROUNDS, default 3; BENCH_TITLES;
// BENCH_PG_URL reuses a running cluster whose bench_<titles> database is seeded)
import http from 'node:http';
import { benchCluster, postgresTarget, withServer } from './catalogues';
import { median } from './support';

const ROUNDS = Number(process.env.FIRST_ROUNDS ?? 3);
const TITLES = Number(process.env.BENCH_TITLES ?? 10_000);
const PORT = Number(process.env.BENCH_PORT ?? 4440);

function get(url: string): Promise<{ ms: number; status: number; body: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'identity' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ ms: performance.now() - started, status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
      })
      .on('error', reject);
  });
}

/** The visit's steps, each named, in order; a title's requests use a card of the listing asked before. */
async function visit(base: string): Promise<Map<string, number>> {
  const times = new Map<string, number>();
  const step = async (name: string, path: string) => {
    const res = await get(base + path);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    times.set(name, res.ms);
    return res.body;
  };
  await step('drawn home /', '/');
  await step('home', '/content/home?age_rate=7');
  await step('categories', '/content/getCategories?lang=en');
  const listing = JSON.parse(await step('listing page 5', '/content/magazine-filter?categoryID=NA&page=5')) as {
    magazineList: { mid: number; browserLinkUrl: string }[];
  };
  const card = listing.magazineList[3];
  await step('title', `/content/magMeta?mid=${card.mid}`);
  await step('issues', `/content/getIssuesByMag?mid=${card.mid}`);
  await step('drawn listing', '/magazines/TF');
  await step('drawn title', card.browserLinkUrl);
  return times;
}

const cluster = await benchCluster();
try {
  const target = postgresTarget(cluster, TITLES);
  const results = { on: [] as Map<string, number>[], off: [] as Map<string, number>[] };
  const starts = { on: [] as number[], off: [] as number[] };
  for (let round = 0; round < ROUNDS; round++)
    for (const warm of ['on', 'off'] as const) {
      const spawned = performance.now();
      await withServer(
        target,
        PORT,
        async (base) => {
          starts[warm].push(performance.now() - spawned);
          results[warm].push(await visit(base));
        },
        { WARM_UP: warm === 'on' ? '1' : '0' },
      );
    }
  console.log(`\nfirst answers after a start, PostgreSQL, ${TITLES} titles, median of ${ROUNDS} starts each (ms)`);
  console.log(`  ${'step'.padEnd(16)} ${'warm-up on'.padStart(11)} ${'off'.padStart(8)}`);
  for (const name of results.on[0].keys()) {
    const on = median(results.on.map((r) => r.get(name)!));
    const off = median(results.off.map((r) => r.get(name)!));
    console.log(`  ${name.padEnd(16)} ${on.toFixed(1).padStart(11)} ${off.toFixed(1).padStart(8)}`);
  }
  const sum = (r: Map<string, number>) => [...r.values()].reduce((a, b) => a + b, 0);
  console.log(
    `  ${'whole visit'.padEnd(16)} ${median(results.on.map(sum)).toFixed(1).padStart(11)} ${median(results.off.map(sum)).toFixed(1).padStart(8)}`,
  );
  console.log(
    `  ${'start to health'.padEnd(16)} ${median(starts.on).toFixed(0).padStart(11)} ${median(starts.off).toFixed(0).padStart(8)}`,
  );
} finally {
  cluster.stop();
}
