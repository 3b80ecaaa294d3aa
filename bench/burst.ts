// The 9 am burst: 100 institutions × 50 students arrive within a minute, and each opens home, a
// listing, a title page, asks for a reader token and loads three page images, one after another
// as the app does (the three pages at once, as the reader fetches a page and its neighbours). The
// response cache is on as in service, on PostgreSQL, beside bare Fastify measured in the same run.
// Target: every answer 2xx, p99 ≤ 100 ms.
// The students are made in the database (bench/students.ts).
// The whole load comes from one loopback address, so the server runs with its rate limit off
// (withServer), as for the other load benches.
// Usage: npm run bench:burst  (BURST_INSTITUTIONS, BURST_STUDENTS, BURST_SECONDS, BURST_TITLES, BURST_WINDOW_S,
// BURST_COLD, BURST_QUIET_S;
// BENCH_PG_URL reuses a running cluster whose bench_<titles> database is seeded)
import { spawn } from 'node:child_process';
import http from 'node:http';
import autocannon from 'autocannon';
import { benchCluster, postgresTarget, withServer } from './catalogues';
import { percentile, waitForHttp } from './support';
import { type Issue, type Student, makeStudents } from './students';

const INSTITUTIONS = Number(process.env.BURST_INSTITUTIONS ?? 100);
const STUDENTS = Number(process.env.BURST_STUDENTS ?? 50);
const SECONDS = Number(process.env.BURST_SECONDS ?? 60);
const TITLES = Number(process.env.BURST_TITLES ?? 1000);
const PORT = Number(process.env.BENCH_PORT ?? 4420);
// A server in service at 9 am has answered yesterday's readers: V8 has compiled its code, its
// listing counts are kept, its database connections are open (kept while idle:
// DATABASE_IDLE_TIMEOUT_MS 0). Yesterday here: a tenth of the students visit, ten at a time, then
// all is quiet long enough for the response cache's answers (CONTENT_CACHE_MS below) to lapse, so
// the burst meets the cache cold, as at 9 am. DATABASE_IDLE_TIMEOUT_MS=30000 closes the idle
// connections in the quiet (the server before they were kept), so the burst meets them new too.
// BURST_COLD=1: a server started just before the burst instead (a restart at 9 am): its first
// seconds run code V8 has not compiled yet, 2-3 times slower (docs/performance.md).
const COLD = process.env.BURST_COLD === '1';
const CACHE_MS = 30_000;
// BURST_QUIET_S: another quiet; under the cache's 30 s the burst meets it warm.
const QUIET_MS = process.env.BURST_QUIET_S ? Number(process.env.BURST_QUIET_S) * 1000 : CACHE_MS + 5_000;
const LISTINGS = ['BS', 'NA', 'F', '3', '154'];

// Idle sockets are dropped before the server's keep-alive timeout (10 s) would close them under a
// request; a failed request is counted by its error code.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: 5000 });
interface Answer {
  status: number | string;
  /** when it was asked (performance.now()) */
  at: number;
  ms: number;
  body: string;
  cookie?: string;
}
function request(base: string, path: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const started = performance.now();
  return new Promise<Answer>((resolve) => {
    const req = http.request(
      base + path,
      { agent, method: opts.method ?? 'GET', headers: { 'accept-encoding': 'gzip, br', ...opts.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            at: started,
            ms: performance.now() - started,
            body: res.headers['content-encoding'] ? '' : Buffer.concat(chunks).toString(),
            cookie: res.headers['set-cookie']?.[0],
          }),
        );
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ status: err.code ?? 'error', at: started, ms: performance.now() - started, body: '' }),
    );
    req.end(opts.body);
  });
}

const statuses = new Map<string, number>();
const times: number[] = [];
const timesByStep = new Map<string, number[]>();
// The answers' times by the 10 s (BURST_WINDOW_S) of the burst they were asked in: is the tail the
// cold start or all along?
const WINDOW_MS = Number(process.env.BURST_WINDOW_S ?? 10) * 1000;
let burstStarted = 0;
const timesByWindow: number[][] = [];
let counting = false;
function note(step: string, a: Answer) {
  if (!counting) return a;
  (timesByWindow[Math.floor((a.at - burstStarted) / WINDOW_MS)] ??= []).push(a.ms);
  const key = `${step} ${a.status}`;
  statuses.set(key, (statuses.get(key) ?? 0) + 1);
  times.push(a.ms);
  if (!timesByStep.has(step)) timesByStep.set(step, []);
  timesByStep.get(step)!.push(a.ms);
  return a;
}

async function visit(base: string, s: Student, k: number, issues: Issue[], xsrf: string) {
  const auth = { authorization: s.token };
  const lib = `edzLibId=${s.institution}`;
  note('home', await request(base, `/content/home?${lib}`, { headers: auth }));
  note(
    'listing',
    await request(base, `/content/magazine-filter?categoryID=${LISTINGS[k % LISTINGS.length]}&${lib}&page=${k % 3}`, { headers: auth }),
  );
  const { issue_id: issue, mid } = issues[k % issues.length];
  note('title', await request(base, `/content/magMeta?mid=${mid}`, { headers: auth }));
  const token = note(
    'reader token',
    await request(base, '/api/reader/token', {
      method: 'POST',
      headers: {
        ...auth,
        'content-type': 'application/json',
        cookie: `XSRF-TOKEN=${xsrf}`,
        'x-xsrf-token': xsrf,
        'accept-encoding': 'identity',
      },
      body: JSON.stringify({ issue }),
    }),
  );
  const code = token.status === 200 ? (JSON.parse(token.body) as { data: { code: string } }).data.code : '';
  await Promise.all(
    [1, 2, 3].map(async (page) =>
      note('page image', await request(base, `/content/reader/${issue}/pages/${page}/small.webp?code=${encodeURIComponent(code)}`)),
    ),
  );
}

/** The burst comes from thousands of phones, not from one process running its HTTP client for the
 * first time: the bench's client first runs visits against a stand-in server of its own (its
 * cold start put up to 100 ms on the burst's first second), the server under test untouched. */
async function warmClient(students: Student[], issues: Issue[]) {
  const standIn = http.createServer((_req, res) => res.setHeader('content-type', 'application/json').end('{"data":{"code":"x"}}'));
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(standIn.address() as { port: number }).port}`;
  const some = students.slice(0, 20);
  for (const [k, s] of some.entries()) await visit(base, s, k, issues, 'x');
  await Promise.all(some.map((s, k) => visit(base, s, k, issues, 'x')));
  standIn.closeAllConnections();
  await new Promise((resolve) => standIn.close(resolve));
}

async function bareFastify(): Promise<number> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-fastify.ts', String(PORT + 2)], { stdio: 'inherit' });
  try {
    await waitForHttp(`http://127.0.0.1:${PORT + 2}/api/health`, 60_000);
    const url = `http://127.0.0.1:${PORT + 2}`;
    await autocannon({ url, requests: [{ path: '/bare' }], connections: 10, duration: 2 });
    return (await autocannon({ url, requests: [{ path: '/bare' }], connections: 50, duration: 5 })).requests.average;
  } finally {
    server.kill('SIGTERM');
  }
}

const bare = await bareFastify();
const cluster = await benchCluster();
try {
  const target = postgresTarget(cluster, TITLES);
  const { students, issues } = await makeStudents(target.env.DATABASE_URL, target.env.DATA_DIR, {
    tag: 'burst',
    institutions: INSTITUTIONS,
    perInstitution: STUDENTS,
  });
  await warmClient(students, issues);
  await withServer(
    target,
    PORT,
    async (base) => {
      const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec((await request(base, '/api/health')).cookie ?? '')?.[1] ?? '');
      if (!COLD) {
        const yesterday = students.filter((_, k) => k % 10 === 0);
        const streams = Array.from({ length: 10 }, (_, i) => yesterday.filter((_, k) => k % 10 === i));
        await Promise.all(
          streams.map(async (some) => {
            for (const [k, s] of some.entries()) await visit(base, s, k, issues, xsrf);
          }),
        );
        await new Promise((r) => setTimeout(r, QUIET_MS));
      }
      // Arrivals spread evenly at random over the minute; each student's requests one after another.
      const started = (burstStarted = performance.now());
      counting = true;
      await Promise.all(
        students.map(async (s, k) => {
          await new Promise((r) => setTimeout(r, Math.random() * SECONDS * 1000));
          await visit(base, s, k, issues, xsrf);
        }),
      );
      const wall = (performance.now() - started) / 1000;
      times.sort((a, b) => a - b);
      const total = times.length;
      const ok = [...statuses].filter(([k]) => /\s2\d\d$/.test(k)).reduce((n, [, c]) => n + c, 0);
      console.log(
        `\n9 am burst: ${INSTITUTIONS} institutions × ${STUDENTS} students within ${SECONDS} s, PostgreSQL, ${TITLES} titles, cache on, ${COLD ? 'server just started' : `server in service (yesterday: ${Math.ceil(students.length / 10)} visits)`}`,
      );
      for (const [k, n] of [...statuses].sort()) console.log(`  ${k.padEnd(20)} ${n}`);
      for (const [step, t] of timesByStep) {
        t.sort((a, b) => a - b);
        console.log(
          `  ${step.padEnd(14)} p50 ${percentile(t, 50).toFixed(1)} ms  p95 ${percentile(t, 95).toFixed(1)} ms  p99 ${percentile(t, 99).toFixed(1)} ms`,
        );
      }
      console.log(
        `  p99 by ${WINDOW_MS / 1000} s of the burst: ${timesByWindow
          .map((t) =>
            percentile(
              t.sort((a, b) => a - b),
              99,
            ).toFixed(0),
          )
          .join(', ')} ms`,
      );
      const rate = total / wall;
      console.log(
        `all ${total} requests in ${wall.toFixed(1)} s: ${ok === total ? 'every answer 2xx' : `${total - ok} NOT 2xx`}; p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms  p99 ${percentile(times, 99).toFixed(1)} ms (target ≤ 100)`,
      );
      console.log(`throughput ${rate.toFixed(0)} req/s, ${(rate / bare).toFixed(3)} of bare Fastify (${bare.toFixed(0)} req/s, same run)`);
    },
    { CONTENT_CACHE_MS: String(CACHE_MS) },
  );
} finally {
  agent.destroy();
  cluster.stop();
}
