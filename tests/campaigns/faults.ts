// The fault campaign: the real server and the real ingest on a throwaway PostgreSQL cluster, hurt
// on purpose, then checked. Each fault is a row that prints PASS or FAIL with its reason; a row
// that takes longer than its limit fails with the step it was at, and the campaign goes on.
//  ingest    `npm run ingest` of a 60-page PDF killed with SIGKILL mid-way: no issue and no page
//            rows from it, then the same command again ingests it whole.
//  burst     the server killed with SIGKILL during a burst of favourites and read events: every
//            change answered 200 is there after a restart, and after the outbox's redelivery (same
//            Idempotency-Key) the events stored are exactly those answered 200.
//  download  the server killed with SIGKILL while issues are downloaded: the downloads answered
//            200 are kept, a cut page image is an error on the client (never a short image), and
//            after the restart the same download runs again whole, with the same bytes.
//  postgres  PostgreSQL restarted (fast shutdown, 3 s down) under 50 connections: 503s with
//            Retry-After and no other errors, no request waiting longer than the connect timeout;
//            time to the first 503 and until every connection gets 200 again.
//  disk      the media volume full (a 1 MB tmpfs as MEDIA_DIR) while ingesting: a clear error,
//            no rows, no files left.
//  logo      the media volume full while a librarian stores a logo: 507 with a clear message,
//            the branding unchanged, no file left; it works once there is room.
//  soak      load held at FAULT_SOAK_RATE req/s for FAULT_SOAK_SECONDS (default 600): at least
//            90 % of the rate delivered, 0 errors, the server's RSS sampled every 30 s and flat
//            (the second half's lowest sample within 10 % + 16 MB of the first half's).
// The response cache is off (every request reaches the database) unless FAULT_CACHE_MS sets its
// time to live: FAULT_ROWS=soak FAULT_CACHE_MS=30000 holds the load as the product serves it.
// The tmpfs rows need root (mount); without it they fail saying so (tests/api/storage-full.test.ts
// covers the same answer without root).
// Usage: npm run campaign:faults   (the first start loads a 20-title demo library: a minute or two)
//   FAULT_ROWS=postgres,soak   only these rows;  FAULT_ROW_TIMEOUT_S (default 300) each row's limit
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { PDFDocument } from 'pdf-lib';
import { createCanvas } from '@napi-rs/canvas';
import { startPostgresCluster } from '../support/postgres-cluster';
import { startServer } from '../support/server-process';

const PORT = Number(process.env.FAULT_PORT ?? 4470);
const SOAK_S = Number(process.env.FAULT_SOAK_SECONDS ?? 600);
const SOAK_RATE = Number(process.env.FAULT_SOAK_RATE ?? 200);
const ROW_TIMEOUT_S = Number(process.env.FAULT_ROW_TIMEOUT_S ?? 300);
const CACHE_MS = process.env.FAULT_CACHE_MS ?? '0';
const ALL_ROWS = ['ingest', 'burst', 'download', 'postgres', 'disk', 'logo', 'soak'];
const ROWS = (process.env.FAULT_ROWS ?? ALL_ROWS.join(',')).split(',').map((r) => r.trim());
const CONNECT_TIMEOUT_MS = 5000;
const base = `http://127.0.0.1:${PORT}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const started = Date.now();
const clock = () => `${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s`;

let currentStep = '';
/** Progress: a long row shows it is alive, and a timeout names the step it hung at. */
const step = (msg: string) => {
  currentStep = msg;
  console.log(`${clock()}   ${msg}`);
};
type Outcome = { ok: boolean; result: string };
const rows: (Outcome & { fault: string })[] = [];

for (const r of ROWS) if (!ALL_ROWS.includes(r)) throw new Error(`FAULT_ROWS: unknown row ${r} (rows: ${ALL_ROWS.join(', ')})`);

step('starting a PostgreSQL cluster');
const cluster = await startPostgresCluster();
cluster.createDatabase('faults');
const databaseUrl = cluster.url('faults');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-faults-'));
const env = {
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  DEMO_TITLES: '20',
  RATE_LIMIT_PER_MINUTE: '0',
  CONTENT_CACHE_MS: CACHE_MS,
  DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
};
const sql = new pg.Pool({ connectionString: databaseUrl, max: 2 });
sql.on('error', () => {}); // PostgreSQL restarted on purpose: an idle connection's error is expected
const count = async (q: string, params: unknown[] = []) => (await sql.query<{ n: number }>(q, params)).rows[0].n;
const mounts: string[] = [];

type Server = Awaited<ReturnType<typeof startServer>>;
let server: Server | null = null;
async function start(extraEnv: Record<string, string> = {}, port = PORT): Promise<Server> {
  const t0 = Date.now();
  step(`starting the server on :${port}${server ? '' : ' (the first start loads the 20-title demo)'}`);
  const s = await startServer(port, { ...env, ...extraEnv }, 600_000);
  step(`server up in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return s;
}
const rss = (pid: number) => Number(fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)![1]) / 1024;

async function cleanup() {
  await server?.stop();
  for (const m of mounts) execFileSync('umount', ['-l', m], { stdio: 'ignore' });
  await sql.end().catch(() => {});
  cluster.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    console.log(`\n${signal}: cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });

/** A PDF of `pages` pages made from the pdf.js corpus' 17-page file, for a long ingest. */
async function manyPagePdf(pages: number): Promise<string> {
  const src = await PDFDocument.load(fs.readFileSync('tests/fixtures/pdfs/calrgb.pdf'));
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
const lastLine = (out: string) => out.trim().split('\n').at(-1) ?? '';

/** A signed-in client of `at` (the XSRF cookie echoed, the token sent) as the app makes its calls. */
async function signIn(email: string, at = base) {
  const first = await fetch(`${at}/api/health`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1];
  if (!xsrf) throw new Error('the server set no XSRF-TOKEN cookie');
  const headers = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
  const res = await fetch(`${at}/api/login/password`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ channel: 'email', email, password: 'read2026' }),
  });
  if (res.status !== 200) throw new Error(`signing in ${email}: ${res.status} ${await res.text()}`);
  const login = (await res.json()) as { jwtoken: string; uid: string };
  const auth = { ...headers, authorization: login.jwtoken };
  const post = (url: string, body: unknown, extra: Record<string, string> = {}) =>
    fetch(`${at}${url}`, { method: 'POST', headers: { ...auth, ...extra }, body: JSON.stringify(body) });
  return { uid: login.uid, auth, post };
}

/** Mounts a tmpfs of `size` for a media volume (removed at the end); throws without root. */
function tinyVolume(name: string, size: string): string {
  const mount = path.join(dataDir, name);
  fs.mkdirSync(mount);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', mount], { stdio: 'pipe' });
  } catch (err) {
    throw new Error(`not run: cannot mount a tmpfs (needs root): ${(err as Error).message.split('\n')[0]}`, { cause: err });
  }
  mounts.push(mount);
  return mount;
}
function unmount(mount: string) {
  execFileSync('umount', [mount]);
  mounts.splice(mounts.indexOf(mount), 1);
}
const filesUnder = (dir: string) => execFileSync('find', [dir, '-type', 'f'], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);

/** Waits until the server answers, restarting it if it is gone (after a row that killed it). */
async function ensureServer() {
  if (server) {
    try {
      if ((await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5000) })).ok) return;
    } catch {
      // dead or hanging
    }
    await server.stop();
  }
  server = await start();
}

// --- the rows ---

async function ingestKilled(): Promise<Outcome> {
  step('making a 60-page PDF');
  const file = await manyPagePdf(60);
  const before = await count(`SELECT count(*)::int AS n FROM pages`);
  step('ingesting it; SIGKILL after page 10');
  const run = ingest(file, 'Fault Campaign Weekly');
  while (!/page 1[0-9]\//.test(run.output()) && run.child.exitCode === null) await sleep(100);
  run.child.kill('SIGKILL');
  await run.done;
  const issuesAfterKill = await count(`SELECT count(*)::int AS n FROM issues i JOIN titles t ON t.mid = i.mid WHERE t.name = $1`, [
    'Fault Campaign Weekly',
  ]);
  const pagesAfterKill = (await count(`SELECT count(*)::int AS n FROM pages`)) - before;
  step('ingesting it again');
  const again = ingest(file, 'Fault Campaign Weekly');
  const code = await again.done;
  const pagesAfterRerun = (await count(`SELECT count(*)::int AS n FROM pages`)) - before;
  return {
    ok: issuesAfterKill === 0 && pagesAfterKill === 0 && code === 0 && pagesAfterRerun === 60,
    result: `killed after "${lastLine(run.output())}": ${issuesAfterKill} issues, ${pagesAfterKill} pages visible; re-run exit ${code}, ${pagesAfterRerun} pages${code ? `: ${lastLine(again.output())}` : ''}`,
  };
}

async function burstKilled(): Promise<Outcome> {
  const reader = await signIn('reader@demo.edu');
  const mids = (await sql.query<{ mid: number }>(`SELECT mid FROM titles ORDER BY mid`)).rows.map((r) => r.mid);
  const issue = (await sql.query<{ id: number }>(`SELECT issue_id AS id FROM issues ORDER BY issue_id LIMIT 1`)).rows[0].id;
  await sql.query(`DELETE FROM favourites`);
  // This row's events, and only them: sent with one device time of their own.
  const at = Date.now() - 1234;
  const events = `SELECT count(*)::int AS n FROM usage_events WHERE kind = 'page_view' AND at = to_timestamp($1 / 1000.0)`;
  const favAcked = new Set<number>();
  const eventReqs: { key: string; status: number | 'cut' }[] = [];
  let eventsAcked = 0;
  let alive = true;
  let ended = 0;
  // 20 clients, each adding a favourite then sending one read event, over and over, until the kill.
  const client = async (c: number) => {
    for (let i = 0; alive; i++) {
      const mid = mids[(c * 7 + i) % mids.length];
      const req = { key: `fault-burst-${c}-${i}`, status: 'cut' as number | 'cut' };
      try {
        const fav = await reader.post('/content/addmy_fav', { uid: reader.uid, mid, os: 'web' });
        if (fav.status === 200) favAcked.add(mid);
        eventReqs.push(req);
        const ev = await reader.post(
          '/api/reader/events',
          { events: [{ kind: 'page_view', issueId: issue, page: 1 + (i % 5), at }] },
          { 'idempotency-key': req.key },
        );
        req.status = ev.status;
        if (ev.status === 200) eventsAcked += ((await ev.json()) as { stored: number }).stored;
      } catch {
        break; // the server died under this request: not acknowledged
      }
    }
    ended++;
  };
  step('20 clients adding favourites and sending read events; SIGKILL after 100 acknowledged events');
  const clients = Array.from({ length: 20 }, (_, c) => client(c));
  while (eventsAcked < 100 && ended < clients.length) await sleep(20);
  if (ended === clients.length) throw new Error(`the clients stopped before the kill (${eventsAcked} events answered)`);
  process.kill(server!.pid, 'SIGKILL');
  alive = false;
  await Promise.all(clients);
  await server!.exited;
  server = await start();
  const favs = new Set(
    (
      await sql.query<{ mid: number }>(
        `SELECT f.mid FROM favourites f JOIN users u ON u.id = f.user_id WHERE u.email = 'reader@demo.edu' AND NOT f.removed`,
      )
    ).rows.map((r) => r.mid),
  );
  const lostFavs = [...favAcked].filter((m) => !favs.has(m)).length;
  const storedAtRestart = await count(events, [at]);
  // The app's outbox sends again what was not answered, with the same key.
  step('redelivering the unanswered events with their Idempotency-Key');
  const again = await signIn('reader@demo.edu');
  const redelivered: Record<string, number> = {};
  for (const req of eventReqs.filter((r) => r.status !== 200)) {
    const i = Number(req.key.split('-').at(-1));
    const res = await again.post(
      '/api/reader/events',
      { events: [{ kind: 'page_view', issueId: issue, page: 1 + (i % 5), at }] },
      { 'idempotency-key': req.key },
    );
    redelivered[res.status] = (redelivered[res.status] ?? 0) + 1;
    if (res.status === 200) req.status = 200;
  }
  const stored = await count(events, [at]);
  const answered = eventReqs.filter((r) => r.status === 200).length;
  // A 409: the key is reserved by a request the kill cut before its change committed (a change
  // and its kept answer commit together), so the outbox's retry once the key is stale stores it.
  const inFlight = redelivered[409] ?? 0;
  const exactlyOnce = stored === answered;
  return {
    ok: eventsAcked > 0 && favAcked.size > 0 && lostFavs === 0 && storedAtRestart >= eventsAcked && exactlyOnce,
    result:
      `${favAcked.size} favourites and ${eventsAcked} events answered 200 before the kill; after restart ${lostFavs} favourites lost, ` +
      `${storedAtRestart} events stored; redelivered ${eventReqs.length - eventsAcked}: ${JSON.stringify(redelivered)}; ` +
      `then ${stored} stored for ${answered} answered (${inFlight} keys held by a cut request, not stored): ${exactlyOnce ? 'exactly once' : 'DUPLICATES OR LOSS'}`,
  };
}

/** WebP as the server makes it: RIFF, its own length, WEBP. */
const wholeWebp = (b: Buffer) =>
  b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.readUInt32LE(4) + 8 === b.length && b.toString('latin1', 8, 12) === 'WEBP';

async function downloadKilled(): Promise<Outcome> {
  const reader = await signIn('reader@demo.edu');
  const deviceId = 'fault-campaign-device';
  await sql.query(`DELETE FROM downloads WHERE user_id = (SELECT id FROM users WHERE email = 'reader@demo.edu')`);
  // Issues the reader may keep, most pages first: the download takes long enough to be cut.
  const candidates = (
    await sql.query<{ id: number }>(
      `SELECT i.issue_id AS id FROM issues i JOIN pages p ON p.issue_id = i.issue_id GROUP BY i.issue_id ORDER BY count(*) DESC LIMIT 12`,
    )
  ).rows.map((r) => r.id);
  const received = new Map<string, Buffer>();
  const acked: number[] = [];
  let cut = 0;
  let short = 0;
  let alive = true;
  const fetchIssue = async (issueId: number, code: string, into: Map<string, Buffer>) => {
    const manifest = (await (await fetch(`${base}/content/reader/${issueId}?code=${code}`)).json()) as { pages: { n: number }[] };
    for (const p of manifest.pages) {
      const res = await fetch(`${base}/content/reader/${issueId}/pages/${p.n}/large.webp?code=${code}`);
      const body = Buffer.from(await res.arrayBuffer()); // a body cut short rejects here
      if (res.status !== 200 || !wholeWebp(body)) short++;
      else into.set(`${issueId}/${p.n}`, body);
    }
  };
  const download = async (issueId: number) => {
    try {
      const res = await reader.post('/api/reader/downloads', { issueId, deviceId });
      if (res.status !== 200) return; // not this reader's to keep (age rating, zone): skipped
      acked.push(issueId);
      const { code } = (await res.json()) as { code: string };
      if (alive) await fetchIssue(issueId, code, received);
    } catch {
      // the server died under this download: the client saw an error
      cut++;
    }
  };
  step(`downloading ${candidates.length} issues at once; SIGKILL after 20 page images`);
  let ended = false;
  const all = Promise.all(candidates.map(download)).finally(() => (ended = true));
  while (received.size < 20 && !ended) await sleep(10);
  if (ended) throw new Error(`the downloads ended before the kill (${received.size} pages)`);
  process.kill(server!.pid, 'SIGKILL');
  alive = false;
  await all;
  await server!.exited;
  server = await start();
  const after = await signIn('reader@demo.edu');
  const kept = (await (await fetch(`${base}/api/reader/downloads?deviceId=${deviceId}`, { headers: after.auth })).json()) as {
    issueIds: number[];
    used: { issues: number };
  };
  const lost = acked.filter((id) => !kept.issueIds.includes(id));
  step(`downloading the ${acked.length} answered issues again`);
  const again = new Map<string, Buffer>();
  let redo = 0;
  for (const issueId of acked) {
    const res = await after.post('/api/reader/downloads', { issueId, deviceId });
    if (res.status !== 200) continue;
    redo++;
    await fetchIssue(issueId, ((await res.json()) as { code: string }).code, again);
  }
  const used = (
    (await (await fetch(`${base}/api/reader/downloads?deviceId=${deviceId}`, { headers: after.auth })).json()) as {
      used: { issues: number };
    }
  ).used.issues;
  const differ = [...received].filter(([k, b]) => !again.get(k)?.equals(b)).length;
  return {
    ok: acked.length > 0 && lost.length === 0 && short === 0 && redo === acked.length && differ === 0 && used === acked.length,
    result:
      `${acked.length} downloads answered 200, ${received.size} page images whole before the kill, ${cut} downloads cut (the client saw an error), ` +
      `${short} short or broken images; after restart ${lost.length} downloads lost, ${redo} downloaded again (${again.size} pages, ` +
      `${differ} differing from before), ${used} counted against the limit`,
  };
}

async function postgresRestarted(): Promise<Outcome> {
  const statuses = new Map<number, number>();
  let first503 = 0;
  let lastNon200 = 0;
  let maxLatency = 0;
  let retryAfter: string | null = null;
  const load = new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url: `${base}/content/getCategories`, connections: 50, duration: 16 }, (err, res) =>
      err ? reject(err) : resolve(res),
    );
    instance.on('response', (_client, status, _bytes, latency) => {
      const now = Date.now();
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      maxLatency = Math.max(maxLatency, latency);
      if (status === 503 && !first503) first503 = now;
      if (status !== 200) lastNon200 = now;
    });
  });
  step('50 connections reading; PostgreSQL stopped at 3 s for 3 s');
  await sleep(3000);
  const stoppedAt = Date.now();
  cluster.stopServer();
  // One client of our own reads the headers of an answer during the outage.
  const probe = await fetch(`${base}/content/getCategories`);
  if (probe.status === 503) retryAfter = probe.headers.get('retry-after');
  await sleep(Math.max(0, 3000 - (Date.now() - stoppedAt)));
  cluster.startServer();
  const backAt = Date.now();
  step('PostgreSQL is back; load goes on');
  const result = await load;
  const other = [...statuses].filter(([s]) => s !== 200 && s !== 503).reduce((n, [, c]) => n + c, 0);
  const recovery = lastNon200 > backAt ? lastNon200 - backAt : 0;
  const firstFail = first503 ? `${first503 - stoppedAt} ms` : 'never';
  return {
    ok:
      other === 0 &&
      result.errors === 0 &&
      (statuses.get(503) ?? 0) > 0 &&
      retryAfter !== null &&
      maxLatency < CONNECT_TIMEOUT_MS + 2000 &&
      recovery < 10_000,
    result:
      `${statuses.get(200) ?? 0} × 200, ${statuses.get(503) ?? 0} × 503 (Retry-After: ${retryAfter ?? 'none'}), ${other} other, ${result.errors} socket errors; ` +
      `first 503 ${firstFail} after the stop, slowest answer ${Math.round(maxLatency)} ms, p99 ${result.latency.p99} ms; every answer 200 again ${recovery} ms after PostgreSQL was back`,
  };
}

async function diskFullIngest(): Promise<Outcome> {
  const mount = tinyVolume('tiny-media', '1m');
  try {
    step('ingesting a 40-page PDF into a 1 MB tmpfs');
    const file = await manyPagePdf(40);
    const run = ingest(file, 'Full Disk Monthly', { MEDIA_DIR: mount });
    const code = await run.done;
    const issues = await count(`SELECT count(*)::int AS n FROM issues i JOIN titles t ON t.mid = i.mid WHERE t.name = 'Full Disk Monthly'`);
    const left = filesUnder(mount);
    const message = run
      .output()
      .split('\n')
      .find((l) => l.startsWith('ingest:'));
    return {
      ok: code === 1 && issues === 0 && left.length === 0 && /full|space/i.test(message ?? ''),
      result: `exit ${code}, ${issues} issues, ${left.length} files left; said: ${message ?? '(nothing)'}`,
    };
  } finally {
    unmount(mount);
  }
}

async function diskFullLogo(): Promise<Outcome> {
  const mount = tinyVolume('tiny-logos', '1m');
  let second: Server | null = null;
  try {
    const port = PORT + 1;
    second = await start({ MEDIA_DIR: mount, DEMO: '0' }, port);
    const librarian = await signIn('librarian@demo.edu', `http://127.0.0.1:${port}`);
    const inst = (await sql.query<{ id: number }>(`SELECT id FROM institutions WHERE con_code = 'DEMO-U'`)).rows[0].id;
    const branding = async () =>
      (await sql.query(`SELECT logo1, logo2, logo3 FROM institutions WHERE id = $1`, [inst])).rows[0] as Record<string, string | null>;
    const canvas = createCanvas(900, 300);
    const ctx = canvas.getContext('2d');
    for (let x = 0; x < 900; x += 3) {
      // A noisy image, so its PNGs are larger than the room left.
      ctx.fillStyle = `hsl(${(x * 37) % 360} 60% 40%)`;
      ctx.fillRect(x, (x * 13) % 300, 3, 300);
    }
    const png = canvas.toBuffer('image/png');
    const upload = () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
      const { 'content-type': _json, ...headers } = librarian.auth;
      return fetch(`http://127.0.0.1:${port}/api/console/institutions/${inst}/branding/logo`, { method: 'POST', headers, body: form });
    };
    step('filling the 1 MB tmpfs, then uploading a logo');
    const filler = path.join(mount, 'filler');
    const there = new Set([...filesUnder(mount), filler]); // the server's own marker (media/relocate.ts)
    try {
      fs.writeFileSync(filler, Buffer.alloc(2 * 1024 * 1024));
    } catch {
      // ENOSPC: the volume is full, as wanted
    }
    const before = await branding();
    const full = await upload();
    const body = (await full.json()) as { error?: { code: string; message: string } };
    const unchanged = JSON.stringify(await branding()) === JSON.stringify(before);
    const left = filesUnder(mount).filter((f) => !there.has(f));
    const health = (await fetch(`http://127.0.0.1:${port}/api/health`)).status;
    step('freeing the volume, uploading again');
    fs.rmSync(filler);
    const roomy = await upload();
    return {
      ok:
        full.status === 507 &&
        body.error?.code === 'storage_full' &&
        unchanged &&
        left.length === 0 &&
        health === 503 &&
        roomy.status === 200,
      result:
        `full: ${full.status} ${body.error?.code}: "${body.error?.message}", branding ${unchanged ? 'unchanged' : 'CHANGED'}, ` +
        `${left.length} files left${left.length ? ` (${left.map((f) => path.basename(f)).join(', ')})` : ''}, ` +
        `health ${health}; with room again: ${roomy.status}`,
    };
  } finally {
    await second?.stop();
    unmount(mount);
  }
}

async function soak(): Promise<Outcome> {
  const pid = server!.pid;
  const every = Math.min(30, Math.max(5, Math.floor(SOAK_S / 4)));
  const samples: number[] = [rss(pid)];
  step(`load at ${SOAK_RATE} req/s for ${SOAK_S} s; RSS every ${every} s: ${samples[0].toFixed(0)} MB`);
  const timer = setInterval(() => {
    samples.push(rss(pid));
    step(`${samples.length * every - every} s: RSS ${samples.at(-1)!.toFixed(0)} MB`);
  }, every * 1000);
  const result = await new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(
      {
        url: base,
        requests: [
          { method: 'GET', path: '/content/home' },
          { method: 'GET', path: '/content/magazine-filter?categoryID=BS&page=0' },
          { method: 'GET', path: '/content/getCategories' },
        ],
        connections: 50,
        overallRate: SOAK_RATE,
        duration: SOAK_S,
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    ),
  ).finally(() => clearInterval(timer));
  samples.push(rss(pid));
  // Flat: the second half's floor within 10 % + 16 MB of the first half's. RSS swings by hundreds
  // of MB with the garbage collector, so peaks say little; the floor (after a collection) is what
  // a leak raises. The first sample is before any load and is left out.
  const warm = samples.slice(1);
  const half = Math.ceil(warm.length / 2);
  const [firstFloor, secondFloor] = [Math.min(...warm.slice(0, half)), Math.min(...warm.slice(half))];
  const flat = secondFloor <= firstFloor * 1.1 + 16;
  // The rate is part of the check: a server that falls behind is not holding the load.
  const held = result.requests.total >= 0.9 * SOAK_RATE * SOAK_S;
  return {
    ok: result.errors === 0 && result.non2xx === 0 && flat && held,
    result:
      `${result.requests.total} requests (${(result.requests.total / SOAK_S).toFixed(0)} req/s${held ? '' : `: RATE NOT HELD, ${SOAK_RATE} asked`}), ` +
      `${result.errors} errors, ${result.non2xx} non-2xx, ` +
      `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; RSS MB every ${every} s: ${samples.map((s) => s.toFixed(0)).join(' ')} ` +
      `(${flat ? 'flat' : 'GROWING'}: floor ${firstFloor.toFixed(0)} then ${secondFloor.toFixed(0)})`,
  };
}

const FAULTS: Record<string, [string, () => Promise<Outcome>, number]> = {
  ingest: ['SIGKILL during `npm run ingest` (60 pages)', ingestKilled, ROW_TIMEOUT_S],
  burst: ['SIGKILL during favourites + read events', burstKilled, ROW_TIMEOUT_S],
  download: ['SIGKILL during downloads', downloadKilled, ROW_TIMEOUT_S],
  postgres: ['PostgreSQL restarted under 50 connections (3 s down)', postgresRestarted, ROW_TIMEOUT_S],
  disk: ['media volume full during ingest (1 MB tmpfs)', diskFullIngest, ROW_TIMEOUT_S],
  logo: ['media volume full while storing a logo (1 MB tmpfs)', diskFullLogo, ROW_TIMEOUT_S],
  soak: [
    `load held ${SOAK_S} s at ${SOAK_RATE} req/s, response cache ${CACHE_MS === '0' ? 'off' : `${CACHE_MS} ms`}`,
    soak,
    SOAK_S + ROW_TIMEOUT_S,
  ],
};

try {
  for (const name of ROWS) {
    const [fault, run, limitS] = FAULTS[name];
    await ensureServer();
    console.log(`${clock()} ${name}: ${fault}`);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${limitS} s at: ${currentStep}`)), limitS * 1000);
    });
    const t0 = Date.now();
    let outcome: Outcome;
    try {
      outcome = await Promise.race([run(), timeout]);
    } catch (err) {
      outcome = { ok: false, result: (err as Error).message };
    } finally {
      clearTimeout(timer);
    }
    rows.push({ fault, ...outcome });
    console.log(`${clock()} ${outcome.ok ? 'PASS' : 'FAIL'} ${fault} (${((Date.now() - t0) / 1000).toFixed(0)} s): ${outcome.result}`);
  }
} finally {
  await cleanup();
}

console.log('\nFault campaign (noisy when the machine is shared):\n');
console.log('| fault | result | check |\n|---|---|---|');
for (const r of rows) console.log(`| ${r.fault} | ${r.result} | ${r.ok ? 'PASS' : 'FAIL'} |`);
process.exit(rows.every((r) => r.ok) ? 0 : 1);
