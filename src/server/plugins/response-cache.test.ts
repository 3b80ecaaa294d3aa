// The shared in-flight slot must be freed when the first caller goes away mid-answer; before
// that fix every later caller of the URL waited forever once the cached copy expired.
import { afterEach, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { responseCache } from './response-cache';

let app: FastifyInstance | undefined;
afterEach(() => app?.close());

it('a caller that leaves before the answer does not hold up later callers', async () => {
  app = Fastify();
  let calls = 0;
  await app.register(async (scope) => {
    await scope.register(responseCache({ ttlMs: 30, maxBytes: 1024 * 1024 }));
    scope.get('/slow', async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 150));
      return { calls };
    });
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  const gone = new AbortController();
  const first = fetch(`${base}/slow`, { signal: gone.signal }).catch(() => 'aborted');
  await new Promise((r) => setTimeout(r, 30));
  gone.abort();
  expect(await first).toBe('aborted');
  await new Promise((r) => setTimeout(r, 250)); // the handler finished and its copy expired

  const later = await fetch(`${base}/slow`, { signal: AbortSignal.timeout(2000) });
  expect(later.status).toBe(200);
  expect(await later.json()).toEqual({ calls: 2 });
});

it('keys entries by the validated parameters: junk and order do not make new entries', async () => {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const cache = responseCache({ ttlMs: 60_000, maxBytes: 1024 * 1024 });
  let calls = 0;
  await app.register(async (scope) => {
    await scope.register(cache);
    scope
      .withTypeProvider<ZodTypeProvider>()
      .get(
        '/list',
        { schema: { querystring: z.object({ page: z.coerce.number().int().default(0), q: z.string().optional() }) } },
        async (req) => ({ calls: ++calls, page: req.query.page }),
      );
    scope.get('/plain', async () => ({ calls: ++calls }));
  });
  const get = (url: string) => app!.inject({ method: 'GET', url });
  expect((await get('/list?page=1&q=a')).headers['x-cache']).toBeUndefined();
  for (const url of ['/list?q=a&page=1', '/list?page=1&q=a&junk=1', '/list?page=1&q=a&_=' + Math.random()]) {
    const res = await get(url);
    expect(res.headers['x-cache'], url).toBe('hit');
    expect(res.json()).toEqual({ calls: 1, page: 1 });
  }
  await get('/list'); // the default page 0 …
  expect((await get('/list?page=0')).headers['x-cache']).toBe('hit'); // … is the same question
  await get('/plain');
  expect((await get('/plain?bust=' + Math.random())).headers['x-cache']).toBe('hit'); // no query schema: the query is ignored
  for (let i = 0; i < 200; i++) await get(`/list?page=1&q=a&r${i}=${i}`);
  expect(cache.stats().entries).toBe(3);
});

it('keeps its entries within the byte budget, dropping the least recently used first', async () => {
  app = Fastify();
  const cache = responseCache({ ttlMs: 60_000, maxBytes: 10_000 });
  await app.register(async (scope) => {
    await scope.register(cache);
    scope.get('/big/:n', async () => ({ pad: 'x'.repeat(3000) }));
  });
  const get = (n: number) => app!.inject({ method: 'GET', url: `/big/${n}` });
  await get(1);
  await get(2);
  await get(3);
  expect(cache.stats().entries).toBe(3);
  expect((await get(1)).headers['x-cache']).toBe('hit'); // 1 is now the most recently used
  await get(4); // over budget: 2, the least recently used, goes
  expect(cache.stats()).toMatchObject({ entries: 3 });
  expect(cache.stats().bytes).toBeLessThanOrEqual(10_000);
  expect((await get(1)).headers['x-cache']).toBe('hit');
  expect((await get(2)).headers['x-cache']).toBeUndefined();
  for (let n = 5; n < 100; n++) await get(n);
  expect(cache.stats().bytes).toBeLessThanOrEqual(10_000);
});

it('keeps compressed bodies, each made when first asked for, and compresses an answer it does not keep in one piece: @fastify/compress streams none of them', async () => {
  const zlib = await import('node:zlib');
  let streams = 0;
  // compress's own zlib, counting the compression streams it opens
  const counting = {
    createBrotliCompress: (o?: import('node:zlib').BrotliOptions) => (streams++, zlib.createBrotliCompress(o)),
    createGzip: (o?: import('node:zlib').ZlibOptions) => (streams++, zlib.createGzip(o)),
    createDeflate: (o?: import('node:zlib').ZlibOptions) => (streams++, zlib.createDeflate(o)),
  };
  app = Fastify();
  const cache = responseCache({ ttlMs: 60_000, maxBytes: 1024 * 1024 });
  await app.register((await import('@fastify/compress')).default, { global: true, threshold: 1024, zlib: counting });
  await app.register(async (scope) => {
    await scope.register(cache);
    scope.get('/big', async () => ({ pad: 'lectern '.repeat(500) }));
    scope.post('/never', async () => ({ pad: 'y'.repeat(2000) })); // not cached, still compressed in one piece
  });
  const get = (url: string, enc: string) => app!.inject({ method: 'GET', url, headers: { 'accept-encoding': enc } });
  const kept: number[] = [];
  for (const enc of ['br', 'gzip', 'br', 'gzip, br']) {
    const res = await get('/big', enc);
    expect(res.headers['content-encoding']).toBe(enc === 'gzip' ? 'gzip' : 'br');
    const body = enc === 'gzip' ? zlib.gunzipSync(res.rawPayload) : zlib.brotliDecompressSync(res.rawPayload);
    expect(JSON.parse(body.toString()).pad).toHaveLength(4000);
    kept.push(cache.stats().bytes);
  }
  // The miss made the brotli body only; the first gzip caller added the gzip body, once.
  expect(kept[1]).toBeGreaterThan(kept[0]);
  expect(kept.slice(2)).toEqual([kept[1], kept[1]]);
  expect(streams).toBe(0);
  const never = await app.inject({ method: 'POST', url: '/never', headers: { 'accept-encoding': 'br' } });
  expect(never.headers['content-encoding']).toBe('br');
  expect(never.headers['content-length']).toBe(String(never.rawPayload.length)); // sent whole, not chunked
  expect(JSON.parse(zlib.brotliDecompressSync(never.rawPayload).toString()).pad).toHaveLength(2000);
  expect(streams).toBe(0);
});

it('with the cache off, still compresses an answer in one piece, as the client accepts', async () => {
  const zlib = await import('node:zlib');
  app = Fastify();
  const cache = responseCache({ ttlMs: 0, maxBytes: 1024 * 1024 });
  await app.register(async (scope) => {
    await scope.register(cache);
    scope.get('/big', async () => ({ pad: 'lectern '.repeat(500) }));
    scope.get('/small', async () => ({ pad: 'tiny' }));
  });
  const gz = await app.inject({ method: 'GET', url: '/big', headers: { 'accept-encoding': 'gzip' } });
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(gz.headers['content-length']).toBe(String(gz.rawPayload.length));
  expect(gz.headers.vary).toContain('accept-encoding');
  expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString()).pad).toHaveLength(4000);
  const plain = await app.inject({ method: 'GET', url: '/big', headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.json().pad).toHaveLength(4000);
  expect(
    (await app.inject({ method: 'GET', url: '/small', headers: { 'accept-encoding': 'br' } })).headers['content-encoding'],
  ).toBeUndefined();
  expect(cache.stats().entries).toBe(0);
});
