// Prometheus metrics: off by default; on the main port only with METRICS_TOKEN and only for that
// bearer token; on METRICS_PORT on loopback. Requests by route pattern (never the raw URL) and
// status, latency, the response cache's hits and misses, the PostgreSQL pool, the ingest queue and
// the push queue.
// On PostgreSQL too: the connection pool gauges.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { loadCatalogue } from '../fixtures/catalogue';
import { freePort } from '../support/server-process';

const TOKEN = 'metrics-token-for-the-test-0123456789';

/** The value of one series in Prometheus text ('name{labels} value'), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('off by default', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t?.close());

  it('/metrics is not served, with or without a token (the path is an app route like any other)', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).not.toBe(401);
      expect(res.headers['content-type']).not.toMatch(/^text\/plain/);
      expect(res.body).not.toContain('lectern_');
      expect(res.body).not.toContain('process_cpu');
    }
  });
});

describe('METRICS_TOKEN on the main port', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await testApp(loadCatalogue, { config: { metricsToken: TOKEN } });
  });
  afterAll(() => t?.close());
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('answers only the bearer token', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-of-the-right-length', TOKEN, `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect([authorization, res.statusCode]).toEqual([authorization, 401]);
      expect(res.body).not.toContain('lectern_http');
    }
    await scrape();
  });

  it('counts requests by route pattern and status, never by the raw URL, with a latency histogram', async () => {
    await t.app.inject({ method: 'GET', url: '/api/console/ingest/jobs/987654' });
    await t.app.inject({ method: 'GET', url: '/api/console/ingest/jobs/123123?secret=1' });
    await t.app.inject({ method: 'GET', url: '/no/such/route/55555' });
    const text = await scrape();
    expect(sample(text, 'lectern_http_requests_total{method="GET",route="/api/console/ingest/jobs/:id",status="401"}')).toBe(2);
    expect(text).not.toContain('987654');
    expect(text).not.toContain('123123');
    expect(text).not.toContain('55555');
    expect(sample(text, 'lectern_http_request_duration_seconds_count{method="GET",route="/api/console/ingest/jobs/:id"}')).toBe(2);
    expect(text).toContain('lectern_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/console/ingest/jobs/:id"}');
    // Process metrics come along (CPU, memory, event loop).
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('counts response cache hits and misses', async () => {
    const before = await scrape();
    const hits0 = sample(before, 'lectern_response_cache_lookups_total{result="hit"}') ?? 0;
    const misses0 = sample(before, 'lectern_response_cache_lookups_total{result="miss"}') ?? 0;
    const url = `/content/getLanguages?junk=${Date.now()}`;
    const first = await t.app.inject({ method: 'GET', url });
    const second = await t.app.inject({ method: 'GET', url });
    expect([first.headers['x-cache'], second.headers['x-cache']]).toEqual([undefined, 'hit']);
    const after = await scrape();
    expect(sample(after, 'lectern_response_cache_lookups_total{result="hit"}')).toBe(hits0 + 1);
    expect(sample(after, 'lectern_response_cache_lookups_total{result="miss"}')).toBe(misses0 + 1);
  });

  it('shows the ingest queue, the push queue and (on PostgreSQL) the connection pool', async () => {
    await t.db.query(
      `INSERT INTO ingest_jobs (state, source_host, source_path, request) VALUES
         ('queued', 'elsewhere', '/a.pdf', '{}'), ('queued', 'elsewhere', '/b.pdf', '{}'), ('done', 'elsewhere', '/c.pdf', '{}')`,
    );
    const text = await scrape();
    expect(sample(text, 'lectern_ingest_jobs{state="queued"}')).toBe(2);
    expect(sample(text, 'lectern_ingest_jobs{state="running"}')).toBe(0);
    expect(sample(text, 'lectern_push_queue{state="waiting"}')).toBe(0);
    expect(sample(text, 'lectern_push_queue{state="sending"}')).toBe(0);
    expect(text).toContain('lectern_push_dropped_total 0');
    if (t.db.kind === 'postgres') {
      expect(sample(text, 'lectern_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'lectern_db_pool_connections{state="waiting"}')).toBe(0);
    } else {
      expect(text).not.toContain('lectern_db_pool_connections{');
    }
  });
});

describe('METRICS_PORT', () => {
  let t: TestContext;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    t = await testApp(undefined, { config: { metricsPort: port } });
  });
  afterAll(() => t?.close());

  it('serves /metrics on loopback with no token, and nothing on the main port', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(sample(await res.text(), 'lectern_http_requests_total{method="GET",route="/api/health",status="200"}')).toBe(1);
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).body).not.toContain('lectern_');
  });

  it('listens on loopback only (the kernel’s table of listening sockets)', () => {
    const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
    const listening = ['/proc/net/tcp', '/proc/net/tcp6']
      .flatMap((f) => fs.readFileSync(f, 'utf8').split('\n').slice(1))
      .map((l) => l.trim().split(/\s+/))
      .filter((cols) => cols[1]?.endsWith(`:${hexPort}`) && cols[3] === '0A')
      .map((cols) => cols[1].split(':')[0]);
    expect(listening).toEqual(['0100007F']);
  });
});
