// Before it listens, the server asks itself the catalogue's busiest questions (src/server/warm-up.ts)
// and a reader's, signed in with tokens of a session that does not exist: they change nothing in
// the database, leave home in the response cache, are not counted in the metrics nor against the
// loopback address's rate limit, and with the database away the warm-up stops at its first
// failure instead of waiting out every request.
// On PostgreSQL too: every connection of the pool opened and warmed (db/warm-connections.ts).
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { addReads, FX, loadCatalogue } from '../fixtures/catalogue';
import { refreshPopularity } from '../../src/server/jobs/popularity';
import { warmUp } from '../../src/server/warm-up';
import type { Db } from '../../src/server/db/index';

const TOKEN = 'metrics-token-for-the-test-0123456789';
const RATE_LIMIT = 5;

/** Every table's row count, by name. */
async function rowCounts(db: Db): Promise<Record<string, number>> {
  const { rows } = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of rows)
    counts[table_name] = Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM "${table_name}"`)).rows[0].n);
  return counts;
}

describe('the warm-up before listening', () => {
  let t: TestContext;
  let before: Record<string, number>;
  let warm: Awaited<ReturnType<typeof warmUp>>;
  beforeAll(async () => {
    t = await testApp(loadCatalogue, {
      config: { metricsToken: TOKEN, rateLimitPerMinute: RATE_LIMIT, contentCacheMs: 60_000 },
    });
    before = await rowCounts(t.db);
    warm = await warmUp(t.app);
  });
  afterAll(() => t?.close());

  it('asks home, categories, every quick listing and titles, each answered', () => {
    expect(warm.stopped).toBeUndefined();
    // home, categories, 5 quick categories × 3 pages, and at least one title's page and issues
    expect(warm.answered).toBeGreaterThanOrEqual(2 + 15 + 2);
    // the drawn home, listing and title pages are 404s where the app is not built, and so are
    // the three covers, which the fixture's catalogue names without their files
    expect(warm.asked - warm.answered).toBeLessThanOrEqual(3 + 3);
    expect(warm.statuses[404] ?? 0).toBe(warm.asked - warm.answered);
    expect(t.app.warmingUp).toBe(false);
  });

  it("asks a reader's questions as a session that does not exist, each refused", () => {
    // home with its session token answers as to a visitor (among the 200s); the reader token and
    // a page image with its reader code are refused
    expect(warm.statuses[401]).toBe(1);
    expect(warm.statuses[403]).toBe(1);
  });

  // Before any other request here: the metrics would count those.
  it('is left out of the metrics and of the rate limit', async () => {
    const metrics = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('lectern_http_requests_total');
    expect(metrics.body).not.toMatch(/lectern_http_requests_total\{[^}]*route="\/(content|magazines|\*)/);
    expect(metrics.body).not.toMatch(/lectern_response_cache_lookups_total\{result="miss"\} [1-9]/);
    // The loopback address still has its whole minute's allowance, and no more.
    const statuses: number[] = [];
    for (let k = 0; k <= RATE_LIMIT; k++) statuses.push((await t.app.inject({ url: `/content/getLanguages?k=${k}` })).statusCode);
    expect(statuses).toEqual([...Array<number>(RATE_LIMIT).fill(200), 429]);
  });

  it('writes nothing to the database', async () => {
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it.runIf(process.env.LECTERN_TEST_DB === 'postgres')(
    'opens every connection of the pool, each with the statements the warm-up ran prepared',
    async () => {
      const POOL_MAX = 4; // the tests' pool (tests/support/app.ts)
      expect(warm.connections).toBe(POOL_MAX);
      // As many transactions at once as the pool has connections: each holds one of them.
      let arrived = 0;
      let allThere!: () => void;
      const together = new Promise<void>((resolve) => (allThere = resolve));
      const prepared = await Promise.all(
        Array.from({ length: POOL_MAX }, () =>
          t.db.transaction(async (tx) => {
            const { rows } = await tx.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements');
            if (++arrived === POOL_MAX) allThere();
            await together;
            return rows.map((r) => r.statement);
          }),
        ),
      );
      for (const statements of prepared) {
        expect(statements.length).toBeGreaterThan(10);
        // the session lookup too, which may write (its last use, once a day): the read-only
        // transaction refuses to run it, after it is parsed
        expect(statements.some((s) => s.includes('UPDATE user_sessions SET last_seen_at'))).toBe(true);
      }
    },
  );

  it('leaves home in the response cache', async () => {
    // (from another address: the loopback one has spent its minute's allowance above)
    const home = await t.app.inject({ url: '/content/home', headers: { 'accept-encoding': 'br' }, remoteAddress: '192.0.2.7' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['x-cache']).toBe('hit');
  });
});

describe('the title page it draws', () => {
  it('is of a title blocked nowhere, though the most read title is blocked in a country', async () => {
    // A title blocked somewhere is not drawn (a visitor's country is not known): warming the
    // drawing of titles needs another.
    const t = await testApp(async (db) => {
      await loadCatalogue(db);
      await addReads(db, FX.mid.blocked, 500);
      await refreshPopularity(db);
    });
    try {
      const mostRead = (await t.app.inject({ url: '/content/magazine-filter?categoryID=BS' })).json().magazineList[0];
      expect(mostRead.mid).toBe(FX.mid.blocked);
      const inject = vi.spyOn(t.app, 'inject');
      await warmUp(t.app);
      const titlePages = (inject.mock.calls as unknown as [{ url: string }][])
        .map(([asked]) => asked.url)
        .filter((url) => url.startsWith('/magazine/'));
      expect(titlePages).toHaveLength(1);
      const mid = Number(/^\/magazine\/(\d+)-/.exec(titlePages[0])?.[1]);
      const meta = (await t.app.inject({ url: `/content/magMeta?mid=${mid}` })).json();
      expect(meta.blockedCountries).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('with the database away', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await testApp(loadCatalogue);
  });
  afterAll(async () => {
    await t?.app.close(); // its database closed by the test
    fs.rmSync(t.dataDir, { recursive: true, force: true });
  });

  it('stops at the first failure', async () => {
    await t.db.close();
    const warm = await warmUp(t.app);
    expect(warm.stopped).toMatch(/answered 5\d\d|failed/);
    // `/` (the plain shell when home cannot be drawn, a 404 where the app is not built), then home
    expect(warm.asked).toBe(2);
    expect(warm.answered).toBeLessThanOrEqual(1);
    expect(t.app.warmingUp).toBe(false);
  });
});
