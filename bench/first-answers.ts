// A server's first answers after it starts, as a phone's first visit asks them one after another,
// with its warm-up before listening (WARM_UP, src/server/warm-up.ts) on and off, in turns, on
// PostgreSQL at BENCH_TITLES titles (default 10,000); each start also timed (spawn to its first
// health answer). The visit asks what the warm-up did not ask word for word (another page of a
// listing, another title), so the figures show warmed code, not cached answers. Then a student
// reads, signed in (bench/students.ts): home for their institution, a reader token, two page images.
// Usage: npm run bench:first-answers  (FIRST_ROUNDS, default 3; BENCH_TITLES;
// BENCH_PG_URL reuses a running cluster whose bench_<titles> database is seeded)
import http from 'node:http';
import { benchCluster, postgresTarget, withServer } from './catalogues';
import { median } from './support';
import { type Issue, type Student, makeStudents } from './students';

const ROUNDS = Number(process.env.FIRST_ROUNDS ?? 3);
const TITLES = Number(process.env.BENCH_TITLES ?? 10_000);
const PORT = Number(process.env.BENCH_PORT ?? 4440);

interface Answer {
  ms: number;
  status: number;
  body: string;
  cookie?: string;
}
function request(url: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .request(url, { method: opts.method ?? 'GET', headers: { 'accept-encoding': 'identity', ...opts.headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            ms: performance.now() - started,
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            cookie: res.headers['set-cookie']?.[0],
          }),
        );
      })
      .on('error', reject)
      .end(opts.body);
  });
}

/** The visit's steps, each named, in order; a title's requests use a card of the listing asked before.
 * `again` (0 or 1) makes the same visit with other pages, titles, student and issue, so that the
 * second visit after a start finds its answers uncached too. */
async function visit(base: string, student: Student, issue: Issue, again = 0): Promise<Map<string, number>> {
  const times = new Map<string, number>();
  const step = async (name: string, path: string, opts?: Parameters<typeof request>[1]) => {
    const res = await request(base + path, opts);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    times.set(name, res.ms);
    return res.body;
  };
  await step('drawn home /', '/');
  await step('home', `/content/home?age_rate=${7 + again}`);
  await step('categories', `/content/getCategories?lang=${again ? 'hi' : 'en'}`);
  const listing = JSON.parse(await step('listing page 5', `/content/magazine-filter?categoryID=NA&page=${5 + again}`)) as {
    magazineList: { mid: number; browserLinkUrl: string }[];
  };
  const card = listing.magazineList[3 + again];
  await step('title', `/content/magMeta?mid=${card.mid}`);
  await step('issues', `/content/getIssuesByMag?mid=${card.mid}`);
  await step('drawn listing', again ? '/magazines/NA' : '/magazines/TF');
  await step('drawn title', card.browserLinkUrl);

  const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec((await request(`${base}/api/health`)).cookie ?? '')?.[1] ?? '');
  const auth = { authorization: student.token };
  await step('signed-in home', `/content/home?edzLibId=${student.institution}`, { headers: auth });
  const token = JSON.parse(
    await step('reader token', '/api/reader/token', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
      body: JSON.stringify({ issue: issue.issue_id }),
    }),
  ) as { data: { code: string } };
  const code = encodeURIComponent(token.data.code);
  await step('page image', `/content/reader/${issue.issue_id}/pages/${1 + again}/small.webp?code=${code}`);
  await step('next page image', `/content/reader/${issue.issue_id}/pages/${2 + again}/small.webp?code=${code}`);
  return times;
}

const cluster = await benchCluster();
try {
  const target = postgresTarget(cluster, TITLES);
  // A student for each start and one for its second visit.
  const { students, issues } = await makeStudents(target.env.DATABASE_URL, target.env.DATA_DIR, {
    tag: 'first',
    institutions: 3 * ROUNDS,
    perInstitution: 1,
  });
  const results = { on: [] as Map<string, number>[], off: [] as Map<string, number>[], again: [] as Map<string, number>[] };
  const starts = { on: [] as number[], off: [] as number[] };
  for (let round = 0; round < ROUNDS; round++)
    for (const [k, warm] of (['on', 'off'] as const).entries()) {
      const student = students[3 * round + k];
      const spawned = performance.now();
      await withServer(
        target,
        PORT,
        async (base) => {
          starts[warm].push(performance.now() - spawned);
          results[warm].push(await visit(base, student, issues[round % issues.length]));
          // The warm figures to aim at: a second visit to the server warmed up.
          if (warm === 'on') results.again.push(await visit(base, students[3 * round + 2], issues[(round + 1) % issues.length], 1));
        },
        { WARM_UP: warm === 'on' ? '1' : '0' },
      );
    }
  console.log(`\nfirst answers after a start, PostgreSQL, ${TITLES} titles, median of ${ROUNDS} starts each (ms)`);
  console.log(`  ${'step'.padEnd(16)} ${'warm-up on'.padStart(11)} ${'off'.padStart(8)} ${'2nd visit'.padStart(10)}`);
  const row = (name: string, of: (r: Map<string, number>) => number) =>
    console.log(
      `  ${name.padEnd(16)} ${median(results.on.map(of)).toFixed(1).padStart(11)} ${median(results.off.map(of)).toFixed(1).padStart(8)} ${median(results.again.map(of)).toFixed(1).padStart(10)}`,
    );
  for (const name of results.on[0].keys()) row(name, (r) => r.get(name)!);
  row('whole visit', (r) => [...r.values()].reduce((a, b) => a + b, 0));
  console.log(
    `  ${'start to health'.padEnd(16)} ${median(starts.on).toFixed(0).padStart(11)} ${median(starts.off).toFixed(0).padStart(8)}`,
  );
} finally {
  cluster.stop();
}
