// The shared in-flight slot must be freed when the first caller goes away mid-answer; before
// that fix every later caller of the URL waited forever once the cached copy expired.
import { afterEach, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { responseCache } from './response-cache';

let app: FastifyInstance | undefined;
afterEach(() => app?.close());

it('a caller that leaves before the answer does not hold up later callers', async () => {
  app = Fastify();
  let calls = 0;
  await app.register(async (scope) => {
    await scope.register(responseCache(30));
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
