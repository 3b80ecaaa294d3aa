// Prometheus metrics (prom-client), off unless METRICS_TOKEN or METRICS_PORT is set, and never
// public: on the main port /metrics exists only with METRICS_TOKEN and answers only that bearer
// token (401 otherwise), and METRICS_PORT is served on loopback only (metrics-server.ts).
// What is counted: requests by route pattern (never the raw URL, which would make a series per
// issue and per query) and status, their latency, the PostgreSQL pool, response cache lookups,
// the ingest job queue and the Web Push queue, and the process (CPU, memory, event loop lag).
// With WORKERS the answer is the sum over every worker, gathered by the primary.
import cluster from 'node:cluster';
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import client from 'prom-client';
import { HttpError } from '../http-error';
import { openJobCounts } from '../repositories/ingest-jobs';
import { metricsFromPrimary, serveMetrics } from '../metrics-server';
import { isSelfRequest } from '../self-requests';

export interface Metrics {
  /** The registry of this process (null when metrics are off). */
  registry: client.Registry | null;
  /** A response cache lookup, hit or miss. */
  cacheLookup(hit: boolean): void;
  /** The text a scrape gets: this process, or with WORKERS every worker's summed. */
  text(): Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** Latency buckets in seconds: a cached answer takes a millisecond, a search up to its time limit. */
const BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Both strings' hashes compared in constant time, so the comparison says nothing of the token. */
function sameToken(given: string, token: string): boolean {
  const digest = (s: string) => crypto.createHash('sha256').update(s).digest();
  return crypto.timingSafeEqual(digest(given), digest(token));
}

function createRegistry(app: FastifyInstance) {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const requests = new client.Counter({
    name: 'lectern_http_requests_total',
    help: 'Requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const duration = new client.Histogram({
    name: 'lectern_http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: BUCKETS,
    registers,
  });
  const cache = new client.Counter({
    name: 'lectern_response_cache_lookups_total',
    help: 'Lookups in the /content response cache, by result (hit or miss)',
    labelNames: ['result'] as const,
    registers,
  });
  new client.Gauge({
    name: 'lectern_db_pool_connections',
    help: 'PostgreSQL connections of the primary pool: total open, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const stats = app.db.poolStats?.();
      if (!stats) return;
      for (const state of ['total', 'idle', 'waiting'] as const) this.set({ state }, stats[state]);
    },
  });
  new client.Gauge({
    name: 'lectern_ingest_jobs',
    help: 'Bulk import jobs queued and running, over every process (counted in the database)',
    labelNames: ['state'] as const,
    // Every worker counts the same rows: their sum would count each job once per worker.
    aggregator: 'max',
    registers,
    async collect() {
      const counts = await openJobCounts(app.db);
      this.set({ state: 'queued' }, counts.queued);
      this.set({ state: 'running' }, counts.running);
    },
  });
  new client.Gauge({
    name: 'lectern_push_queue',
    help: 'Web Push: users waiting to be sent to, and being sent to now',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const stats = app.push.stats();
      this.set({ state: 'waiting' }, stats.waiting);
      this.set({ state: 'sending' }, stats.sending);
    },
  });
  let droppedSeen = 0;
  new client.Counter({
    name: 'lectern_push_dropped_total',
    help: 'Web Push messages dropped because the queue was full',
    registers,
    collect() {
      const dropped = app.push.stats().dropped;
      if (dropped > droppedSeen) this.inc(dropped - droppedSeen);
      droppedSeen = dropped;
    },
  });
  return { registry, requests, duration, cache };
}

export default fp(
  async (app) => {
    const { metricsToken, metricsPort } = app.config;
    if (!metricsToken && metricsPort === undefined) {
      app.decorate('metrics', { registry: null, cacheLookup: () => {}, text: async () => '' } satisfies Metrics);
      return;
    }
    const { registry, requests, duration, cache } = createRegistry(app);
    // A worker answers the primary's requests for its figures (prom-client's cluster messages).
    if (cluster.isWorker) {
      client.AggregatorRegistry.setRegistries([registry]);
      new client.AggregatorRegistry();
    }
    const metrics: Metrics = {
      registry,
      cacheLookup: (hit) => {
        if (!app.warmingUp) cache.inc({ result: hit ? 'hit' : 'miss' });
      },
      text: () => (cluster.isWorker ? metricsFromPrimary() : registry.metrics()),
    };
    app.decorate('metrics', metrics);

    app.addHook('onResponse', async (req, reply) => {
      // The server's own questions (its warm-up; a drawn page's answers, counted in its page's
      // request with their time): a visit counts once.
      if (isSelfRequest(req)) return;
      const route = req.routeOptions.url ?? 'unmatched';
      requests.inc({ method: req.method, route, status: String(reply.statusCode) });
      duration.observe({ method: req.method, route }, reply.elapsedTime / 1000);
    });

    // One process: its own port. With WORKERS the primary serves it (server.ts).
    if (metricsPort !== undefined && cluster.isPrimary) {
      const server = await serveMetrics(metricsPort, () => registry.metrics(), registry.contentType);
      app.addHook('onClose', (_app, done) => void server.close(() => done()));
    }

    if (metricsToken) {
      app.get('/metrics', async (req, reply) => {
        const auth = req.headers.authorization ?? '';
        if (!auth.startsWith('Bearer ') || !sameToken(auth.slice(7), metricsToken))
          throw new HttpError(401, 'unauthorized', 'The metrics need the METRICS_TOKEN as a bearer token.');
        reply.header('Cache-Control', 'no-store');
        return reply.type(registry.contentType).send(await metrics.text());
      });
    }
  },
  { name: 'metrics', dependencies: ['push'] },
);
