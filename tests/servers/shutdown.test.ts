// Graceful shutdown of the real server process, and WORKERS: on SIGTERM a request in flight
// finishes with 200 while new connections are refused, and the process exits 0; with WORKERS=2
// (PostgreSQL) the primary forwards the signal and waits for its workers. (WORKERS>1 on PGlite is
// refused before anything starts: src/server/cluster.test.ts.)
// The rolling restart (SIGHUP) is rolling-restart.test.ts: a file of its own, so the servers
// project's two workers share the long files more evenly.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServer } from '../support/server-process';
import { startPostgresCluster, type Cluster } from '../support/postgres-cluster';

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-shutdown-'));
  dirs.push(d);
  return d;
};
let own: Cluster | undefined;
let databaseUrl: string;

beforeAll(async () => {
  own = await startPostgresCluster();
  const base = own.url('postgres');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  databaseUrl = base.replace(/\/postgres$/, `/${name}`);
}, 60_000);
afterAll(() => {
  own?.stop();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** A POST whose headers arrive now and whose body arrives when `finish` is called: a request in
 * flight for as long as the test likes. Resolves with the status line's code. */
async function slowRequest(port: number) {
  const health = await fetch(`http://127.0.0.1:${port}/api/health`);
  const cookie = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')![1];
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((r) => socket.once('connect', r));
  let answer = '';
  socket.on('data', (d) => (answer += d));
  const done = new Promise<number>((resolve) => socket.on('close', () => resolve(Number(answer.split(' ')[1]))));
  socket.write(
    `POST /api/logout HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n` +
      `Cookie: XSRF-TOKEN=${cookie}\r\nX-XSRF-TOKEN: ${cookie}\r\nConnection: close\r\n\r\n`,
  );
  await new Promise((r) => setTimeout(r, 300)); // the server has routed it and waits for the body
  return { finish: () => socket.write('{}'), status: done };
}

const connectRefused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(false);
    });
    s.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });

async function untilRefused(port: number) {
  for (let i = 0; i < 100; i++) {
    if (await connectRefused(port)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

const children = (pid: number) =>
  execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .split('\n')
    .filter((l) => l.trim()).length;

const env = (dataDir: string) => ({ DATA_DIR: dataDir, DEMO: '0', RATE_LIMIT_PER_MINUTE: '0' });

/** SIGTERM with a request in flight: new connections are refused, the request ends with 200, exit 0. */
async function expectGracefulStop(server: Awaited<ReturnType<typeof startServer>>, port: number) {
  const slow = await slowRequest(port);
  process.kill(server.pid, 'SIGTERM');
  expect(await untilRefused(port)).toBe(true);
  slow.finish();
  expect(await slow.status).toBe(200);
  expect(await server.exited).toBe(0);
}

describe('graceful shutdown', () => {
  it('SIGTERM: the request in flight completes with 200, a new connection is refused, exit code 0', async () => {
    const port = await freePort();
    const server = await startServer(port, env(tempDir()));
    await expectGracefulStop(server, port);
  }, 300_000);

  it('WORKERS=2 on PostgreSQL: two workers serve; SIGTERM to the primary finishes the request in flight and exits 0', async () => {
    const port = await freePort();
    const server = await startServer(port, { ...env(tempDir()), DATABASE_URL: databaseUrl, WORKERS: '2' });
    // Both workers answer (the primary holds the port and hands out connections).
    await new Promise((r) => setTimeout(r, 1000));
    expect(children(server.pid)).toBe(2);
    const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`http://127.0.0.1:${port}/content/getCategories`)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    await expectGracefulStop(server, port);
  }, 300_000);
});
