// Catalogue answers are the same for everyone who asks the same URL, and the busiest ones
// (home, listings) cost a database round trip and a large serialisation each. Keep the
// serialised 200 answers (with their ETag) in memory for a short time: a hit costs a map
// lookup. Concurrent misses for one URL wait for the first instead of all querying.
// Data changes (ingest, the popularity job) show within the TTL. CONTENT_CACHE_MS=0 turns it off.
// The leader frees its slot when its socket closes, which also happens when the client goes
// away before the answer: waiting on 'finish' (onResponse) would leave later callers hanging.
import fp from 'fastify-plugin';

const MAX_ENTRIES = 5000;

interface Entry { at: number; body: string; type: string; etag?: string }

export function responseCache(ttlMs: number) {
  // fastify-plugin: the hooks apply to the routes registered beside it.
  return fp(async (app) => {
    if (ttlMs <= 0) return;
    const entries = new Map<string, Entry>();
    const inFlight = new Map<string, { done: Promise<void>; resolve: () => void }>();
    const fresh = (url: string) => {
      const e = entries.get(url);
      if (e && Date.now() - e.at > ttlMs) entries.delete(url);
      return e && Date.now() - e.at <= ttlMs ? e : undefined;
    };

    app.addHook('onRequest', async (req, reply) => {
      if (req.method !== 'GET') return;
      let hit = fresh(req.url);
      const leader = inFlight.get(req.url);
      if (!hit && leader) {
        await leader.done;
        hit = fresh(req.url);
      }
      if (!hit) {
        if (!inFlight.has(req.url)) {
          let resolve!: () => void;
          const done = new Promise<void>((r) => (resolve = r));
          const slot = { done, resolve };
          inFlight.set(req.url, slot);
          (req as { cacheLeader?: boolean }).cacheLeader = true;
          reply.raw.once('close', () => {
            if (inFlight.get(req.url) === slot) inFlight.delete(req.url);
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
      if ((req as { cacheLeader?: boolean }).cacheLeader && reply.statusCode === 200 && typeof payload === 'string') {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        const etag = reply.getHeader('etag');
        entries.set(req.url, { at: Date.now(), body: payload, type: String(reply.getHeader('content-type') ?? 'application/json'), etag: etag ? String(etag) : undefined });
      }
      return payload;
    });
  });
}
