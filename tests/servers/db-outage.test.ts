// PostgreSQL restarted while 50 connections read: during the outage every request is answered
// (503 with Retry-After, never a hang or a 500) and health says the database is degraded; after
// it the pool reconnects by itself, its idle connections kept as the server keeps them
// (DATABASE_IDLE_TIMEOUT_MS 0). On a cluster of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openPostgres, type Db } from '../../src/server/db/index';
import { migrate } from '../../src/server/db/migrate';
import { startPostgresCluster, type Cluster } from '../support/postgres-cluster';
import { loadCatalogue } from '../fixtures/catalogue';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

let cluster: Cluster;
let db: Db;
let app: App;
let base: string;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-outage-'));

beforeAll(async () => {
  cluster = await startPostgresCluster();
  cluster.createDatabase('outage');
  db = await openPostgres(cluster.url('outage'), { max: 10, connectTimeoutMs: 1000, idleTimeoutMs: 0, onError: () => {} });
  await migrate(db);
  await loadCatalogue(db);
  // Cache off: every request reaches the database. No rate cap: the load comes from one address.
  const config = { ...loadConfig({ DATA_DIR: dataDir }), demo: false, contentCacheMs: 0, rateLimitPerMinute: 0 };
  app = await buildApp({ db, config });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await db?.close();
  cluster?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  retryAfter: string | null;
  code?: string;
  ms: number;
}

async function read(url = '/content/getCategories'): Promise<Answer> {
  const start = performance.now();
  const res = await fetch(base + url);
  const body = (await res.json()) as { error?: { code: string } };
  return { status: res.status, retryAfter: res.headers.get('retry-after'), code: body.error?.code, ms: performance.now() - start };
}

const backendPid = async (pool: Db) => (await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
const idleFor = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('idle connections', () => {
  it('are kept with idleTimeoutMs 0 (the server’s default) and closed after it when one is set', async () => {
    const kept = await openPostgres(cluster.url('outage'), { max: 1, idleTimeoutMs: 0 });
    const lapsing = await openPostgres(cluster.url('outage'), { max: 1, idleTimeoutMs: 100 });
    try {
      const keptPid = await backendPid(kept);
      const lapsingPid = await backendPid(lapsing);
      await idleFor(600);
      expect(kept.poolStats?.()).toMatchObject({ total: 1, idle: 1 });
      expect(lapsing.poolStats?.()).toMatchObject({ total: 0 });
      // The same server process answers on the kept connection; the lapsed one is opened anew.
      expect(await backendPid(kept)).toBe(keptPid);
      expect(await backendPid(lapsing)).not.toBe(lapsingPid);
    } finally {
      await kept.close();
      await lapsing.close();
    }
  });

  it('a kept connection cut while idle (PostgreSQL restarted) is replaced: the next query answers', async () => {
    const errors: Error[] = [];
    const kept = await openPostgres(cluster.url('outage'), { max: 1, idleTimeoutMs: 0, onError: (err) => errors.push(err) });
    try {
      const before = await backendPid(kept);
      cluster.stopServer();
      // (pg_ctl runs synchronously: the pool hears of the cut once this process's loop runs again,
      // as a server's, not blocked, hears of it at once)
      await idleFor(200);
      cluster.startServer();
      const after = await backendPid(kept);
      expect(after).not.toBe(before);
      // The cut was told to the pool's error handler (which the server logs), not thrown at a reader.
      expect(errors.length).toBe(1);
    } finally {
      await kept.close();
    }
  }, 30_000);
});

describe('database outage', () => {
  it('50 readers while PostgreSQL restarts: 503 + Retry-After during, no hang, 200 again after', async () => {
    expect((await read()).status).toBe(200);
    let phase: 'before' | 'down' | 'after' = 'before';
    const answers: (Answer & { phase: string })[] = [];
    let reading = true;
    const readers = Array.from({ length: 50 }, async () => {
      while (reading) answers.push({ ...(await read()), phase });
    });
    await new Promise((r) => setTimeout(r, 300));
    phase = 'down';
    cluster.stopServer();
    await new Promise((r) => setTimeout(r, 1500));
    const health = await fetch(`${base}/api/health`);
    const healthBody = (await health.json()) as { ok: boolean; degraded: string[] };
    cluster.startServer();
    phase = 'after';
    // The pool recovers by itself: within a few seconds every reader gets 200s again.
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && !answers.slice(-50).every((a) => a.phase === 'after' && a.status === 200)) {
      await new Promise((r) => setTimeout(r, 200));
    }
    reading = false;
    await Promise.all(readers);

    expect(health.status).toBe(503);
    expect(healthBody.ok).toBe(false);
    expect(healthBody.degraded.join()).toMatch(/^database: /);
    const statuses = new Set(answers.map((a) => a.status));
    expect([...statuses].filter((s) => s !== 200 && s !== 503)).toEqual([]);
    const refused = answers.filter((a) => a.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const a of refused) {
      expect(a.retryAfter).toBe('5');
      expect(a.code).toBe('unavailable');
    }
    // No hang: with a 1 s connect timeout nothing waits for the database to come back.
    expect(Math.max(...refused.map((a) => a.ms))).toBeLessThan(10_000);
    expect(answers.slice(-50).every((a) => a.status === 200)).toBe(true);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  }, 60_000);
});
