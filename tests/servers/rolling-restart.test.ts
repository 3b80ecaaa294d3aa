// The rolling restart of the real server with WORKERS=2 on PostgreSQL: SIGHUP to the primary
// replaces every worker one at a time while readers keep asking, and the primary's metrics port
// sums the new workers' figures. (Graceful shutdown is shutdown.test.ts.)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServer } from '../support/server-process';
import { startPostgresCluster, type Cluster } from '../support/postgres-cluster';

let own: Cluster | undefined;
let databaseUrl: string;
let dataDir: string;

beforeAll(async () => {
  own = await startPostgresCluster();
  own.createDatabase('lectern_rolling');
  databaseUrl = own.url('lectern_rolling');
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-rolling-'));
}, 60_000);
afterAll(() => {
  own?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
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
      DATA_DIR: dataDir,
      DEMO: '0',
      RATE_LIMIT_PER_MINUTE: '0',
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
