// Catalogue answers are the same for everyone who asks the same question, and the busiest ones
// (home, listings) cost a database round trip and a large serialisation each. Keep the
// serialised 200 answers (with their ETag) in memory for a short time: a hit costs a map
// lookup. Concurrent misses for one question wait for the first instead of all querying.
// Data changes (ingest, the popularity job) show within the TTL. CONTENT_CACHE_MS=0 turns it off.
// An entry also keeps its gzip and brotli bodies, each made once, when a client first asks for it
// (the leader answers with its own), and its ETag: a hit costs no compression (@fastify/compress
// leaves an answer that already has a Content-Encoding alone) and an If-None-Match that matches
// gets a 304. With the cache off (CONTENT_CACHE_MS=0) an answer is still compressed in one piece
// here and sent with its length: @fastify/compress streamed it in chunks, a write to the socket
// each (a third of the Node time of a cache-off home answer went to those writes and zlib).
//
// The key is the route and its VALIDATED parameters (after the schema dropped unknown fields and
// applied defaults), not the URL: otherwise a random extra parameter made every request a new
// entry. So the lookup runs in preHandler, after validation. The entries share a byte budget
// (CONTENT_CACHE_MB) and the least recently used go first.
// The leader frees its slot when its socket closes, which also happens when the client goes
// away before the answer: waiting on 'finish' (onResponse) would leave later callers hanging.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fp from 'fastify-plugin';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip';

interface Entry {
  at: number;
  body: string;
  /** the body compressed, in the encodings asked for so far, when it is large enough to be worth it */
  encoded?: Partial<Record<Encoding, Buffer>>;
  type: string;
  etag?: string;
  bytes: number;
}

/** Below this, @fastify/compress (threshold 1024 in app.ts) sends the body as it is. */
const COMPRESS_MIN_BYTES = 1024;
const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
// A kept body is made once: quality 5 compresses a 100 KB answer in a few milliseconds to within
// a few % of the maximum (11). One made for one answer: quality 3, as @fastify/compress (app.ts),
// and 2 up to 16 KB: a 10 KB listing page comes out the same size (2,322 bytes against 2,321) in
// 63 µs instead of 80, while home's 92 KB grows by a tenth at 2.
const BROTLI_KEPT = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };
const BROTLI_QUICK_MAX_BYTES = 16 * 1024;
// Its window fits the body: brotli's state for a 10 KB answer is then a fraction of the default's.
export function brotliOnce(length: number): zlib.BrotliOptions {
  const window = Math.min(18, Math.max(10, Math.ceil(Math.log2(length))));
  return {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: length <= BROTLI_QUICK_MAX_BYTES ? 2 : 3,
      [zlib.constants.BROTLI_PARAM_LGWIN]: window,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: length,
    },
  };
}
/** Up to this size a body made for one answer is compressed on the event loop: handing it to the
 * thread pool cost four times the CPU for a 10 KB listing (265 µs, against 61 µs) and twice for
 * home's 93 KB (923 µs, against 472 µs, which the loop waits), with 50 answers at a time. */
const SYNC_MAX_BYTES = 256 * 1024;

function varyOnEncoding(reply: FastifyReply) {
  const vary = reply.getHeader('Vary');
  reply.header('Vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
}

/** An answer the cache does not keep, compressed in one piece as the client accepts. */
async function compressWhole(req: FastifyRequest, reply: FastifyReply, payload: string): Promise<string | Buffer> {
  const length = Buffer.byteLength(payload);
  if (reply.getHeader('content-encoding') || length < COMPRESS_MIN_BYTES) return payload;
  const encoding = pickEncoding(req.headers['accept-encoding']);
  varyOnEncoding(reply);
  if (!encoding) return payload;
  reply.header('Content-Encoding', encoding);
  if (length <= SYNC_MAX_BYTES) return encoding === 'br' ? zlib.brotliCompressSync(payload, brotliOnce(length)) : zlib.gzipSync(payload);
  return encoding === 'br' ? brotli(payload, brotliOnce(length)) : gzip(payload);
}

/** The entry's body in an encoding, compressed the first time it is asked for. */
async function encodedBody(
  encoded: Partial<Record<Encoding, Buffer>>,
  body: string,
  encoding: Encoding,
  grew: (bytes: number) => void,
): Promise<Buffer> {
  const kept = encoded[encoding];
  if (kept) return kept;
  const made = await (encoding === 'br' ? brotli(body, BROTLI_KEPT) : gzip(body));
  if (!encoded[encoding]) {
    encoded[encoding] = made;
    grew(made.length);
  }
  return made;
}

/** The encoding a client asked for that we keep: brotli first, then gzip; identity otherwise.
 * An encoding with q=0 is refused. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (!q || Number(q.slice(2)) > 0) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

/** True when an If-None-Match names this ETag (weak comparison, as for GET). */
function matches(ifNoneMatch: string | undefined, etag: string | undefined): boolean {
  if (!ifNoneMatch || !etag) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => bare(tag) === bare(etag));
}

/** Headers and body of an answer from its entry, compressed as the client accepts. */
async function sendEntry(req: FastifyRequest, reply: FastifyReply, e: Entry, grew: (bytes: number) => void) {
  reply.type(e.type);
  if (e.etag) reply.header('ETag', e.etag);
  if (e.encoded) varyOnEncoding(reply);
  if (matches(req.headers['if-none-match'], e.etag)) return reply.code(304).send();
  return e.encoded ? sendEncoded(req, reply, e.body, e.encoded, grew) : reply.send(e.body);
}

/** A kept body in the encoding the client accepts, made the first time it is asked for. */
async function sendEncoded(
  req: FastifyRequest,
  reply: FastifyReply,
  body: string,
  encoded: Partial<Record<Encoding, Buffer>>,
  grew: (bytes: number) => void,
) {
  const encoding = pickEncoding(req.headers['accept-encoding']);
  if (!encoding) return reply.send(body);
  return reply.header('Content-Encoding', encoding).send(await encodedBody(encoded, body, encoding, grew));
}

/** A body kept elsewhere (a drawn first screen) sent as the client accepts, each encoding
 * compressed the first time it is asked for and kept in `encoded`: a page drawn once and sent
 * many times was compressed again for each (brotli was half of a kept home page's time). */
export async function sendKept(req: FastifyRequest, reply: FastifyReply, body: string, encoded: Partial<Record<Encoding, Buffer>>) {
  varyOnEncoding(reply);
  return sendEncoded(req, reply, body, encoded, () => {});
}

export interface ResponseCacheOptions {
  ttlMs: number;
  maxBytes: number;
  /** What else than its parameters an answer depends on (a signed-in reader's age limit): part
   * of the key, so such answers are shared only with those who would get the same. */
  variant?: (req: FastifyRequest) => string;
  /** The query as the key holds it, when the answer depends on a parameter only through
   * something it names (an institution's id through what the institution shows): then everyone
   * whose parameter names the same shares the answer. It rejects as the route would (a 404). */
  keyQuery?: (req: FastifyRequest) => Promise<unknown>;
  /** Told of every lookup, whether it was a hit (metrics). */
  onLookup?: (hit: boolean) => void;
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

/** The route, its path parameters and the query its schema let through (or as keyQuery put it);
 * a route without a querystring schema reads no query, so its key ignores it. */
export function cacheKey(req: FastifyRequest, variant = '', query: unknown = req.query): string {
  return canonical([req.routeOptions.url, req.params, req.routeOptions.schema?.querystring ? query : null, variant]);
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
  /** The least recently used go until the entries fit the budget (the given one stays). */
  const trim = (keep: string) => {
    for (const key of entries.keys()) {
      if (bytes <= opts.maxBytes) return;
      if (key !== keep) drop(key);
    }
  };
  const store = (key: string, e: Entry) => {
    drop(key);
    if (e.bytes > opts.maxBytes) return;
    entries.set(key, e);
    bytes += e.bytes;
    trim(key);
  };
  /** An entry got a body in one more encoding. */
  const grew = (key: string, e: Entry) => (more: number) => {
    e.bytes += more;
    if (entries.get(key) !== e) return;
    bytes += more;
    trim(key);
  };

  // fastify-plugin: the hooks apply to the routes registered beside it.
  const plugin = fp(async (app) => {
    if (opts.ttlMs <= 0 || opts.maxBytes <= 0) {
      app.addHook('onSend', async (req, reply, payload) => (typeof payload === 'string' ? compressWhole(req, reply, payload) : payload));
      return;
    }
    const inFlight = new Map<string, { done: Promise<void>; resolve: () => void }>();
    const keys = new WeakMap<FastifyRequest, string>();

    app.addHook('preHandler', async (req, reply) => {
      if (req.method !== 'GET') return;
      const key = cacheKey(req, opts.variant?.(req), opts.keyQuery ? await opts.keyQuery(req) : req.query);
      let hit = fresh(key);
      const leader = inFlight.get(key);
      if (!hit && leader) {
        await leader.done;
        hit = fresh(key);
      }
      opts.onLookup?.(!!hit);
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
      reply.header('X-Cache', 'hit');
      return sendEntry(req, reply, hit, grew(key, hit));
    });

    app.addHook('onSend', async (req, reply, payload) => {
      const key = keys.get(req);
      if (key !== undefined && reply.statusCode === 200 && typeof payload === 'string') {
        const etag = reply.getHeader('etag');
        const size = Buffer.byteLength(payload);
        const entry: Entry = {
          at: Date.now(),
          body: payload,
          encoded: size >= COMPRESS_MIN_BYTES ? {} : undefined,
          type: String(reply.getHeader('content-type') ?? 'application/json'),
          etag: etag ? String(etag) : undefined,
          bytes: size + key.length,
        };
        store(key, entry);
        // The first caller gets its encoding from the entry too (compress then leaves the answer alone).
        const encoding = pickEncoding(req.headers['accept-encoding']);
        if (entry.encoded && encoding) {
          varyOnEncoding(reply);
          reply.header('Content-Encoding', encoding);
          return encodedBody(entry.encoded, payload, encoding, grew(key, entry));
        }
      }
      return typeof payload === 'string' ? compressWhole(req, reply, payload) : payload;
    });
  });
  return Object.assign(plugin, { stats: () => ({ entries: entries.size, bytes }) });
}
