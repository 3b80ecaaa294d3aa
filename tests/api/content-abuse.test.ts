// Cache-busting and search floods: a random extra parameter must not make a new cache entry,
// and a flood of distinct searches is turned away quickly (503 with Retry-After) while the rest
// of the server keeps answering. On PostgreSQL an expensive query that runs too long is
// cancelled and answered with a 503, not a 500.
// On PostgreSQL too: searches at the concurrency cap and the statement time limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { testApp, freshDb, type TestContext } from '../support/app';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import errors from '../../src/server/plugins/errors';
import expensiveQueries, { BUSY_MESSAGE, TIMEOUT_MESSAGE } from '../../src/server/plugins/expensive-queries';
import { loadConfig } from '../../src/server/config';

let t: TestContext;
beforeAll(async () => {
  // One search at a time (sixteen waiting): a burst of 40 is sure to go past the gate.
  t = await testApp(loadCatalogue, { config: { searchConcurrency: 1 } });
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('the /content cache key', () => {
  it('a junk parameter or another order is the same entry as the clean URL', async () => {
    const clean = await get(`/content/magazine-filter?categoryID=BS&edzLibId=${FX.inst.active}`);
    expect(clean.statusCode).toBe(200);
    expect(clean.headers['x-cache']).toBeUndefined();
    for (const url of [
      `/content/magazine-filter?categoryID=BS&edzLibId=${FX.inst.active}&_=${Math.random()}`,
      `/content/magazine-filter?edzLibId=${FX.inst.active}&categoryID=BS&cb=${Date.now()}`,
      `/content/magazine-filter?categoryID=BS&edzLibId=${FX.inst.active}&page=0&storeID=1`, // the defaults, spelled out
    ]) {
      const res = await get(url);
      expect(res.headers['x-cache'], url).toBe('hit');
      expect(res.body).toBe(clean.body);
    }
  });
});

describe('expensive queries', () => {
  it('a burst of distinct searches: beyond the gate a 503 "busy" with Retry-After, never a 500, and health answers', async () => {
    const searches = Array.from({ length: 40 }, (_, i) => get(`/content/mag-search?q=${encodeURIComponent(`monsoon ${i}`)}`));
    const health = get('/api/health');
    const replies = await Promise.all(searches);
    expect((await health).statusCode).toBe(200);
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(17); // one running, sixteen waiting
    const busy = replies.filter((r) => r.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0].json()).toEqual({ error: { code: 'busy', message: BUSY_MESSAGE } });
    expect(busy[0].headers['retry-after']).toBe('2');
    expect(busy[0].headers['cache-control']).toBe('no-store');
    // Once the burst is over, searching works again.
    expect((await get('/content/mag-search?q=monsoon')).statusCode).toBe(200);
  });

  it('a query past the statement timeout is a 503 on PostgreSQL (PGlite has no timer and lets it finish)', async () => {
    const db = await freshDb();
    const app = Fastify();
    try {
      app.decorate('db', db);
      app.decorate('config', { ...loadConfig({}), searchTimeoutMs: 100, searchConcurrency: 2 });
      await app.register(errors);
      await app.register(async (scope) => {
        await scope.register(expensiveQueries);
        scope.get('/slow', async (_req, reply) =>
          scope.expensive(reply, async (tx) => (await tx.query(`SELECT pg_sleep(0.5) IS NULL AS slept`)).rows[0]),
        );
      });
      const res = await app.inject({ method: 'GET', url: '/slow' });
      if (db.kind === 'postgres') {
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ error: { code: 'search_timeout', message: TIMEOUT_MESSAGE } });
        expect((await db.query(`SELECT current_setting('statement_timeout') AS t`)).rows[0].t).toBe('0'); // only that transaction
      } else {
        expect(res.statusCode).toBe(200);
      }
    } finally {
      await app.close();
      await db.close();
    }
  });
});
