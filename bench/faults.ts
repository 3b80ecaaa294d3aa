// The fault campaign: the real server and the real ingest on a throwaway PostgreSQL cluster, hurt
// on purpose, then checked. Prints one table row per fault; exits 1 when a check failed.
//  1. `npm run ingest` of a many-page PDF killed with SIGKILL mid-way: no issue and no page rows
//     from it, then the same command again ingests it whole.
//  2. The server killed with SIGKILL during a burst of favourites and read events: after a restart
//     every change that was answered 200 is there.
//  3. PostgreSQL restarted (fast shutdown) under 50 connections: 503s with Retry-After, no other
//     errors, and how long until every connection gets 200 again.
//  4. The media volume full (a 1 MB tmpfs as MEDIA_DIR; needs root to mount, else reported as not
//     run) while ingesting: a clear error, no rows, no files left.
//  5. Load held at a fixed rate for FAULT_SOAK_SECONDS (default 600): errors and the server's RSS
//     at the start and the end.
// Usage: npm run bench:faults   (the first start loads a 20-title demo library: a minute or two)
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { PDFDocument } from 'pdf-lib';
import { startPostgresCluster } from '../tests/support/postgres-cluster';
import { startServer } from '../tests/support/server-process';

const PORT = Number(process.env.FAULT_PORT ?? 4470);
const SOAK_S = Number(process.env.FAULT_SOAK_SECONDS ?? 600);
const SOAK_RATE = Number(process.env.FAULT_SOAK_RATE ?? 200);
const base = `http://127.0.0.1:${PORT}`;
const rows: { fault: string; result: string; ok: boolean }[] = [];
const row = (fault: string, ok: boolean, result: string) => {
  rows.push({ fault, ok, result });
  console.log(`${ok ? 'ok     ' : 'FAILED '} ${fault}: ${result}`);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const cluster = await startPostgresCluster();
cluster.createDatabase('faults');
const databaseUrl = cluster.url('faults');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-faults-'));
const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, DEMO_TITLES: '20', RATE_LIMIT_PER_MINUTE: '0', CONTENT_CACHE_MS: '0' };
const sql = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const count = async (q: string, params: unknown[] = []) => (await sql.query<{ n: number }>(q, params)).rows[0].n;

/** A PDF of `pages` pages made from the pdf.js corpus' 17-page file, for a long ingest. */
async function manyPagePdf(pages: number): Promise<string> {
  const src = await PDFDocument.load(fs.readFileSync('../shared/pdfs/calrgb.pdf'));
  const out = await PDFDocument.create();
  while (out.getPageCount() < pages) {
    for (const p of await out.copyPages(src, src.getPageIndices())) if (out.getPageCount() < pages) out.addPage(p);
  }
  const file = path.join(dataDir, `long-${pages}.pdf`);
  fs.writeFileSync(file, await out.save());
  return file;
}

function ingest(file: string, title: string, extraEnv: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/ingest/cli.ts', file, '--title', title], {
    env: { ...process.env, ...env, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const done = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, done, output: () => out };
}

let server = await startServer(PORT, env, 600_000);
const rss = () => Number(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)![1]) / 1024;
try {
  // --- 1. ingest killed mid-way, then re-run ---
  {
    const file = await manyPagePdf(60);
    const before = await count(`SELECT count(*)::int AS n FROM pages`);
    const run = ingest(file, 'Fault Campaign Weekly');
    while (!/page 1[0-9]/.test(run.output()) && run.child.exitCode === null) await sleep(100);
    run.child.kill('SIGKILL');
    await run.done;
    const issuesAfterKill = await count(`SELECT count(*)::int AS n FROM issues i JOIN titles t ON t.mid = i.mid WHERE t.name = $1`, [
      'Fault Campaign Weekly',
    ]);
    const pagesAfterKill = (await count(`SELECT count(*)::int AS n FROM pages`)) - before;
    const again = ingest(file, 'Fault Campaign Weekly');
    const code = await again.done;
    const pagesAfterRerun = (await count(`SELECT count(*)::int AS n FROM pages`)) - before;
    row(
      'SIGKILL during `npm run ingest` (60 pages)',
      issuesAfterKill === 0 && pagesAfterKill === 0 && code === 0 && pagesAfterRerun === 60,
      `killed after "${run.output().trim().split('\n').at(-1)}": ${issuesAfterKill} issues, ${pagesAfterKill} pages visible; re-run exit ${code}, ${pagesAfterRerun} pages${code ? `: ${again.output().trim().split('\n').at(-1)}` : ''}`,
    );
  }

  // --- 2. server killed during a burst of favourites and read events ---
  {
    const first = await fetch(`${base}/api/health`);
    const cookie = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')![1];
    const headers = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${cookie}`, 'x-xsrf-token': cookie };
    const login = (await (
      await fetch(`${base}/api/login/password`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email: 'reader@demo.edu', password: 'read2026' }),
      })
    ).json()) as { jwtoken: string; uid: string };
    const auth = { ...headers, authorization: login.jwtoken };
    const mids = (await sql.query<{ mid: number }>(`SELECT mid FROM titles ORDER BY mid`)).rows.map((r) => r.mid);
    const issue = (await sql.query<{ id: number }>(`SELECT issue_id AS id FROM issues ORDER BY issue_id LIMIT 1`)).rows[0].id;
    await sql.query(`DELETE FROM favourites`);
    const eventsBefore = await count(`SELECT count(*)::int AS n FROM usage_events WHERE user_id IS NOT NULL`);
    const acked = { fav: new Set<number>(), events: 0 };
    let sent = 0;
    const burst = async (i: number) => {
      const mid = mids[i % mids.length];
      try {
        sent++;
        const fav = await fetch(`${base}/content/addmy_fav`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ uid: login.uid, mid, os: 'web' }),
        });
        if (fav.status === 200) acked.fav.add(mid);
        const ev = await fetch(`${base}/api/reader/events`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ events: [{ kind: 'page_view', issueId: issue, page: 1, at: Date.now() - 1000 }] }),
        });
        if (ev.status === 200) acked.events += ((await ev.json()) as { stored: number }).stored;
      } catch {
        // the server died under this request: not acknowledged
      }
    };
    const inFlight = Array.from({ length: 40 }, (_, i) => burst(i));
    await sleep(150);
    process.kill(server.pid, 'SIGKILL');
    await Promise.all(inFlight);
    await server.exited;
    server = await startServer(PORT, env, 600_000);
    const favs = new Set(
      (
        await sql.query<{ mid: number }>(
          `SELECT f.mid FROM favourites f JOIN users u ON u.id = f.user_id WHERE u.email = 'reader@demo.edu'`,
        )
      ).rows.map((r) => r.mid),
    );
    const lostFavs = [...acked.fav].filter((m) => !favs.has(m)).length;
    const eventsStored = (await count(`SELECT count(*)::int AS n FROM usage_events WHERE user_id IS NOT NULL`)) - eventsBefore;
    row(
      'SIGKILL during favourites + read events',
      lostFavs === 0 && eventsStored >= acked.events,
      `${sent} sent, ${acked.fav.size} favourites and ${acked.events} events acknowledged; after restart ${favs.size} favourites (${lostFavs} lost), ${eventsStored} events stored`,
    );
  }

  // --- 3. PostgreSQL restarted under 50 connections ---
  {
    const statuses = new Map<number, number>();
    let lastNon200 = 0;
    let startedAt = 0;
    const load = new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon({ url: `${base}/content/getCategories`, connections: 50, duration: 14 }, (err, res) =>
        err ? reject(err) : resolve(res),
      );
      instance.on('response', (_client, status) => {
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status !== 200) lastNon200 = Date.now();
      });
    });
    await sleep(3000);
    cluster.stopServer();
    await sleep(3000);
    cluster.startServer();
    startedAt = Date.now();
    const result = await load;
    const other = [...statuses].filter(([s]) => s !== 200 && s !== 503).reduce((n, [, c]) => n + c, 0);
    const recovery = lastNon200 > startedAt ? `${lastNon200 - startedAt} ms` : '0 ms';
    row(
      'PostgreSQL restarted under 50 connections (3 s down)',
      other === 0 && result.errors === 0 && (statuses.get(503) ?? 0) > 0 && lastNon200 < startedAt + 10_000,
      `${statuses.get(200) ?? 0} × 200, ${statuses.get(503) ?? 0} × 503, ${other} other, ${result.errors} socket errors, p99 ${result.latency.p99} ms; all 200 again ${recovery} after PostgreSQL was back`,
    );
  }

  // --- 4. media volume full while ingesting ---
  {
    const mount = path.join(dataDir, 'tiny-media');
    fs.mkdirSync(mount);
    let mounted = false;
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mount], { stdio: 'pipe' });
      mounted = true;
    } catch (err) {
      row('media volume full during ingest', true, `not run: cannot mount a tmpfs (${(err as Error).message.split('\n')[0]})`);
    }
    if (mounted) {
      try {
        const file = await manyPagePdf(40);
        const run = ingest(file, 'Full Disk Monthly', { MEDIA_DIR: mount });
        const code = await run.done;
        const issues = await count(
          `SELECT count(*)::int AS n FROM issues i JOIN titles t ON t.mid = i.mid WHERE t.name = 'Full Disk Monthly'`,
        );
        const left = execFileSync('find', [mount, '-type', 'f'], { encoding: 'utf8' }).trim();
        const message = run
          .output()
          .split('\n')
          .find((l) => l.startsWith('ingest:'));
        row(
          'media volume full during ingest (1 MB tmpfs)',
          code === 1 && issues === 0 && !left && !!message,
          `exit ${code}, ${issues} issues, ${left ? left.split('\n').length : 0} files left; said: ${message ?? '(nothing)'}`,
        );
      } finally {
        execFileSync('umount', [mount]);
      }
    }
  }

  // --- 5. load held at a fixed rate ---
  {
    const rssStart = rss();
    const result = await autocannon({
      url: base,
      requests: [
        { method: 'GET', path: '/content/home' },
        { method: 'GET', path: '/content/magazine-filter?categoryID=BS&page=0' },
        { method: 'GET', path: '/content/getCategories' },
      ],
      connections: 20,
      overallRate: SOAK_RATE,
      duration: SOAK_S,
    });
    const rssEnd = rss();
    row(
      `load held ${SOAK_S} s at ${SOAK_RATE} req/s`,
      result.errors === 0 && result.non2xx === 0,
      `${result.requests.total} requests, ${result.errors} errors, ${result.non2xx} non-2xx, p99 ${result.latency.p99} ms; RSS ${rssStart.toFixed(0)} MB at the start, ${rssEnd.toFixed(0)} MB at the end`,
    );
  }
} finally {
  await server.stop();
  await sql.end();
  cluster.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

console.log('\nFault campaign (noisy when the machine is shared):\n');
console.log('| fault | result | check |\n|---|---|---|');
for (const r of rows) console.log(`| ${r.fault} | ${r.result} | ${r.ok ? 'ok' : 'FAILED'} |`);
process.exit(rows.every((r) => r.ok) ? 0 : 1);
