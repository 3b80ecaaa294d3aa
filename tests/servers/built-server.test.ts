// The production build (`npm run build:server`): the server and the commands as plain JavaScript,
// started with node and no TypeScript loader. What they load at run time must be there: the
// migrations, the common-password list, the worker threads that render demo issues and ingest
// pages, and the child process that draws uploaded images.
import { execFileSync, fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generateIssuePdf } from '../../src/server/demo/pdf-generator';
import { startPostgresCluster, type Cluster } from '../support/postgres-cluster';
import { freePort } from '../support/server-process';

// Inside the project: the build's package imports resolve from node_modules above it.
const out = path.resolve('.tmp', `build-test-${process.pid}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-built-'));
// Plain node: no tsx, whatever the environment says.
const env = { ...process.env, NODE_OPTIONS: '', DATA_DIR: dataDir, DATABASE_URL: '', HOST: '127.0.0.1', LOG_LEVEL: 'warn' };

beforeAll(() => {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts', out], { stdio: 'pipe' });
}, 120_000);
afterAll(() => {
  fs.rmSync(out, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** `node <dir>/server.js`; resolves once /api/health answers 200. */
async function startBuilt(extra: Record<string, string>, dir = out) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(dir, 'server.js')], {
    env: { ...env, ...extra, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the built server exited (${child.exitCode}):\n${output}`);
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 1200) throw new Error(`the built server did not answer:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = async () => {
    child.kill('SIGTERM');
    return exited;
  };
  return { base, stop, output: () => output, pid: child.pid! };
}

it('holds the server, the commands and every file they load at run time, with no TypeScript', () => {
  for (const f of [
    'server.js',
    'admin.js',
    'backup.js',
    'restore.js',
    'ingest.js',
    'boot.mjs',
    'page-worker.mjs',
    'render-worker.mjs',
    'id-render-boot.mjs',
    'common-passwords.txt',
  ])
    expect(fs.existsSync(path.join(out, f)), f).toBe(true);
  expect(fs.readdirSync(path.join(out, 'migrations')).filter((f) => f.endsWith('.sql')).length).toBeGreaterThan(20);
  const code = fs
    .readdirSync(out)
    .filter((f) => /\.m?js$/.test(f))
    .map((f) => fs.readFileSync(path.join(out, f), 'utf8'))
    .join('\n');
  expect(code).not.toMatch(/from ["']tsx|import\(["']tsx/);
  // A TypeScript module named at run time (a worker thread's) has its JavaScript beside the build.
  const named = [...code.matchAll(/new URL\(["']\.\/([\w-]+)\.ts["']/g)].map((m) => m[1]);
  expect(named.sort()).toEqual(['page-worker', 'render-worker']);
  for (const name of named) expect(fs.existsSync(path.join(out, `${name}.mjs`)), name).toBe(true);
});

it('starts with node: loads the demo through its worker threads, serves health and content, and stops on SIGTERM', async () => {
  const server = await startBuilt({ DEMO_TITLES: '1', DEMO_ZONE_CIDR: 'off' });
  try {
    expect(server.output()).toMatch(/Demo library loaded: 1 titles/);
    const health = await fetch(`${server.base}/api/health`);
    expect(await health.json()).toMatchObject({ ok: true, db: 'pglite' });
    const categories = await fetch(`${server.base}/content/getCategories`);
    expect(categories.status).toBe(200);
    expect((await categories.json()).popularCat.length).toBeGreaterThan(0);
  } finally {
    expect(await server.stop()).toBe(0);
  }
}, 300_000);

it('ingests a PDF with the built command (page worker threads), and the built server then serves its page images', async () => {
  const pdf = path.join(dataDir, 'built.pdf');
  fs.writeFileSync(
    pdf,
    await generateIssuePdf({
      titleName: 'Built Weekly',
      issueName: 'One',
      pubDate: '2026-11-01',
      hindi: false,
      hue: 30,
      pages: 2,
      seed: 5,
      kind: 'magazine',
    }),
  );
  const ingested = execFileSync(
    process.execPath,
    [path.join(out, 'ingest.js'), pdf, '--title', 'Built Weekly', '--issue', 'One', '--date', '2026-11-01'],
    {
      env: { ...env, INGEST_WORKERS: '1' },
      encoding: 'utf8',
    },
  );
  const issueId = Number(/Ingested issue (\d+) 'One' of 'Built Weekly': 2 pages/.exec(ingested)?.[1]);
  expect(issueId).toBeGreaterThan(0);

  const server = await startBuilt({ DEMO_ZONE_CIDR: 'off' });
  try {
    // A password sign-in (scrypt, the common-password list loaded) and a page image through the reader's token.
    const health = await fetch(`${server.base}/api/health`);
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')![1];
    const post = (url: string, body: unknown, token?: string) =>
      fetch(`${server.base}${url}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: `XSRF-TOKEN=${xsrf}`,
          'x-xsrf-token': xsrf,
          ...(token ? { authorization: token } : {}),
        },
        body: JSON.stringify(body),
      });
    const login = await post('/api/login/password', { channel: 'email', email: 'reader@demo.edu', password: 'read2026' });
    expect(login.status).toBe(200);
    const { jwtoken } = (await login.json()) as { jwtoken: string };
    const token = await post('/api/reader/token', { issue: issueId }, jwtoken);
    expect(token.status).toBe(200);
    const { code } = ((await token.json()) as { data: { code: string } }).data;
    const page = await fetch(`${server.base}/content/reader/${issueId}/pages/2/large.webp?code=${code}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('image/webp');
    expect((await page.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  } finally {
    expect(await server.stop()).toBe(0);
  }
}, 300_000);

it('draws an uploaded image in the built child process', async () => {
  const canvas = createCanvas(300, 100);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#1f3a5f';
  ctx.fillRect(0, 0, 300, 100);
  const child = fork(path.join(out, 'id-render-boot.mjs'), [], {
    execArgv: [],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  const reply = await new Promise<{ image?: Uint8Array[]; error?: string }>((resolve) => {
    child.once('message', resolve);
    child.send({ job: 'logo', bytes: canvas.toBuffer('image/png'), mime: 'image/png' });
  });
  expect(reply.error).toBeUndefined();
  expect(reply.image).toHaveLength(3);
});

it('a new release behind a symlink: SIGHUP applies its migrations with its own code, then its workers replace the old ones', async () => {
  const own: Cluster = await startPostgresCluster();
  const base = own.url('postgres');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const name = `t_release_${process.pid}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const databaseUrl = base.replace(/\/postgres$/, `/${name}`);
  // Release two: release one and one more migration.
  const second = `${out}-two`;
  const current = `${out}-current`;
  fs.cpSync(out, second, { recursive: true });
  fs.writeFileSync(path.join(second, 'migrations', '900_second_release.sql'), 'CREATE TABLE second_release (id int);\n');
  fs.symlinkSync(out, current);
  const serverPids = (pid: number) =>
    execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter((l) => l.includes('server.js'))
      .map((l) => Number(l.trim().split(/\s+/)[0]));
  const server = await startBuilt({ DATABASE_URL: databaseUrl, WORKERS: '2', DEMO: '0', LOG_LEVEL: 'info' }, current);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const hasTable = async () => (await db.query("SELECT to_regclass('second_release') IS NOT NULL AS there")).rows[0].there;
    expect(await hasTable()).toBe(false);
    const before = serverPids(server.pid);
    expect(before).toHaveLength(2);
    fs.rmSync(current);
    fs.symlinkSync(second, current);
    process.kill(server.pid, 'SIGHUP');
    for (let i = 0; i < 1200 && !server.output().includes('SIGHUP: every worker replaced'); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(server.output()).toContain('Migrated: 900_second_release.sql');
    expect(server.output()).toContain('SIGHUP: every worker replaced');
    expect(await hasTable()).toBe(true);
    const after = serverPids(server.pid);
    expect(after).toHaveLength(2);
    expect(after.filter((p) => before.includes(p))).toEqual([]);
    expect((await fetch(`${server.base}/content/getCategories`)).status).toBe(200);
  } finally {
    await db.end();
    expect(await server.stop()).toBe(0);
    fs.rmSync(current, { force: true });
    fs.rmSync(second, { recursive: true, force: true });
    own.stop();
  }
}, 300_000);
