// Graceful shutdown of the real server process, and WORKERS: on SIGTERM a request in flight
// finishes with 200 while new connections are refused, and the process exits 0; with WORKERS=2
// (PostgreSQL) the primary forwards the signal and waits for its workers. (WORKERS>1 on PGlite is
// refused before anything starts: src/server/cluster.test.ts.)
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../support/server-process';
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

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

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

describe('rolling restart', () => {
  const TOKEN = 'rolling-restart-metrics-token';
  // The primary's children that run the server (tsx may keep an esbuild process beside them).
  const workerPids = (pid: number) =>
    execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter((l) => l.includes('server.ts'))
      .map((l) => Number(l.trim().split(/\s+/)[0]));

  it('SIGHUP to the primary replaces every worker one at a time, and no request in a steady stream fails', async () => {
    const [port, metricsPort] = [await freePort(), await freePort()];
    const server = await startServer(port, {
      ...env(tempDir()),
      DATABASE_URL: databaseUrl,
      WORKERS: '2',
      METRICS_PORT: String(metricsPort),
      METRICS_TOKEN: TOKEN,
    });
    try {
      await new Promise((r) => setTimeout(r, 1000));
      const before = workerPids(server.pid);
      expect(before).toHaveLength(2);

      // Readers on kept-alive connections (fetch's default) and on new ones, all the time.
      let running = true;
      const statuses = new Map<string, number>();
      const count = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);
      const reader = async (fresh: boolean) => {
        while (running) {
          try {
            const res = await fetch(`http://127.0.0.1:${port}/content/getCategories`, fresh ? { headers: { connection: 'close' } } : {});
            await res.arrayBuffer();
            count(String(res.status));
          } catch (err) {
            count(`error: ${(err as Error & { cause?: Error }).cause?.message ?? (err as Error).message}`);
          }
        }
      };
      const readers = [...Array.from({ length: 4 }, () => reader(false)), ...Array.from({ length: 4 }, () => reader(true))];
      await new Promise((r) => setTimeout(r, 500));

      process.kill(server.pid, 'SIGHUP');
      let after: number[] = [];
      for (let i = 0; i < 600; i++) {
        after = workerPids(server.pid);
        if (after.length === 2 && after.every((p) => !before.includes(p))) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await new Promise((r) => setTimeout(r, 500));
      running = false;
      await Promise.all(readers);

      expect(after).toHaveLength(2);
      expect(after.filter((p) => before.includes(p))).toEqual([]);
      expect([...statuses.keys()]).toEqual(['200']);
      expect(statuses.get('200')).toBeGreaterThan(50);

      // The primary sums the new workers' figures on the metrics port.
      await Promise.all(Array.from({ length: 10 }, () => fetch(`http://127.0.0.1:${port}/content/getStores`).then((r) => r.arrayBuffer())));
      const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      expect(metrics).toContain('lectern_http_requests_total{method="GET",route="/content/getStores",status="200"} 10');
      expect(metrics).toMatch(/lectern_db_pool_connections\{state="total"\} [1-9]/);
      // A worker asked on the main port with the token answers the same sum, from the primary.
      const viaWorker = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(viaWorker.status).toBe(200);
      expect(await viaWorker.text()).toContain('lectern_http_requests_total{method="GET",route="/content/getStores",status="200"} 10');
    } finally {
      await server.stop();
    }
    expect(await server.exited).toBe(0);
  }, 300_000);
});
