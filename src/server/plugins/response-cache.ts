// Catalogue answers are the same for everyone who asks the same question, and the busiest ones
// (home, listings) cost a database round trip and a large serialisation each. Keep the
// serialised 200 answers (with their ETag) in memory for a short time: a hit costs a map
// lookup. Concurrent misses for one question wait for the first instead of all querying.
// Data changes (ingest, the popularity job) show within the TTL. CONTENT_CACHE_MS=0 turns it off.
//
// The key is the route and its VALIDATED parameters (after the schema dropped unknown fields and
// applied defaults), not the URL: otherwise a random extra parameter made every request a new
// entry. So the lookup runs in preHandler, after validation. The entries share a byte budget
// (CONTENT_CACHE_MB) and the least recently used go first.
// The leader frees its slot when its socket closes, which also happens when the client goes
// away before the answer: waiting on 'finish' (onResponse) would leave later callers hanging.
import fp from 'fastify-plugin';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';

interface Entry {
  at: number;
  body: string;
  type: string;
  etag?: string;
  bytes: number;
}

export interface ResponseCacheOptions {
  ttlMs: number;
  maxBytes: number;
  /** What else than its parameters an answer depends on (a signed-in reader's age limit): part
   * of the key, so such answers are shared only with those who would get the same. */
  variant?: (req: FastifyRequest) => string;
}

export interface ResponseCacheStats {
  entries: number;
  bytes: number;
}

/** JSON with sorted keys: the same parameters in any order give the same key. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const obj = value as Record<string, unknown>;
  return `{${Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical(obj[k])}`)
    .join(',')}}`;
}

/** The route, its path parameters and the query its schema let through; a route without a
 * querystring schema reads no query, so its key ignores it. */
export function cacheKey(req: FastifyRequest, variant = ''): string {
  return canonical([req.routeOptions.url, req.params, req.routeOptions.schema?.querystring ? req.query : null, variant]);
}

export function responseCache(opts: ResponseCacheOptions): FastifyPluginAsync & { stats: () => ResponseCacheStats } {
  // A Map keeps insertion order: re-inserting on a hit makes its first key the least recently used.
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const drop = (key: string) => {
    const e = entries.get(key);
    if (e) {
      entries.delete(key);
      bytes -= e.bytes;
    }
  };
  const fresh = (key: string) => {
    const e = entries.get(key);
    if (!e) return undefined;
    drop(key);
    if (Date.now() - e.at > opts.ttlMs) return undefined;
    entries.set(key, e);
    bytes += e.bytes;
    return e;
  };
  const store = (key: string, e: Entry) => {
    drop(key);
    if (e.bytes > opts.maxBytes) return;
    while (bytes + e.bytes > opts.maxBytes) drop(entries.keys().next().value!);
    entries.set(key, e);
    bytes += e.bytes;
  };

  // fastify-plugin: the hooks apply to the routes registered beside it.
  const plugin = fp(async (app) => {
    if (opts.ttlMs <= 0 || opts.maxBytes <= 0) return;
    const inFlight = new Map<string, { done: Promise<void>; resolve: () => void }>();
    const keys = new WeakMap<FastifyRequest, string>();

    app.addHook('preHandler', async (req, reply) => {
      if (req.method !== 'GET') return;
      const key = cacheKey(req, opts.variant?.(req));
      let hit = fresh(key);
      const leader = inFlight.get(key);
      if (!hit && leader) {
        await leader.done;
        hit = fresh(key);
      }
      if (!hit) {
        if (!inFlight.has(key)) {
          let resolve!: () => void;
          const done = new Promise<void>((r) => (resolve = r));
          const slot = { done, resolve };
          inFlight.set(key, slot);
          keys.set(req, key);
          reply.raw.once('close', () => {
            if (inFlight.get(key) === slot) inFlight.delete(key);
            resolve();
          });
        }
        return;
      }
      reply.header('X-Cache', 'hit').type(hit.type);
      if (hit.etag) reply.header('ETag', hit.etag);
      return reply.send(hit.body);
    });

    app.addHook('onSend', async (req, reply, payload) => {
      const key = keys.get(req);
      if (key !== undefined && reply.statusCode === 200 && typeof payload === 'string') {
        const etag = reply.getHeader('etag');
        store(key, {
          at: Date.now(),
          body: payload,
          type: String(reply.getHeader('content-type') ?? 'application/json'),
          etag: etag ? String(etag) : undefined,
          bytes: Buffer.byteLength(payload) + key.length,
        });
      }
      return payload;
    });
  });
  return Object.assign(plugin, { stats: () => ({ entries: entries.size, bytes }) });
}
