// DATABASE_READ_URL on a real primary and a real streaming replica (asynchronous, as most are),
// started for this file: catalogue reads are answered by the replica,
// a session that just wrote reads from the primary until the replica has its write, and a replica
// that lags past the limit or goes down leaves the reads on the primary.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { memoryOutbox, signInByCode, apiClient, xsrfToken } from '../support/api-client';
import { startReplicaPair, type ReplicaPair } from '../support/postgres-cluster';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { openDb, openPostgres } from '../../src/server/db/index';
import { withReplica } from '../../src/server/db/replica';
import { grantConsoleRole } from '../../src/server/repositories/console';
import { WROTE_COOKIE } from '../../src/server/plugins/read-your-writes';
import { warmUp } from '../../src/server/warm-up';

const LIB = 'librarian@active.edu';
const MAX_LAG_MS = 60_000;
let pair: ReplicaPair;
let t: TestContext;
let replica: pg.Client;
let lib: string;
const logs: string[] = [];

const openPair = async (maxLagMs: number, log = (m: string) => void logs.push(m)) =>
  withReplica(await openPostgres(pair.url('lectern'), 4), pair.readUrl('lectern'), { max: 4, maxLagMs, log });

async function until(check: () => Promise<boolean> | boolean, what: string, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
/** The replica has replayed everything the primary has written so far. */
const replayed = async () => {
  const { rows } = await t.db.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn');
  const r = await replica.query('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS ok', [rows[0].lsn]);
  return r.rows[0].ok === true;
};
const orgName = async (cookies: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url: '/content/getOrgDetails?con_code=ACT', cookies });
  expect(res.statusCode).toBe(200);
  return res.json().org.name as string;
};
const rename = (name: string) => t.db.query('UPDATE institutions SET name = $1 WHERE con_code = $2', [name, 'ACT']);

beforeAll(async () => {
  pair = await startReplicaPair({ synchronous: false });
  pair.createDatabase('lectern');
  const outbox = memoryOutbox();
  t = await testApp(loadCatalogue, {
    open: () => openPair(MAX_LAG_MS),
    mailer: outbox.mailer,
    config: { contentCacheMs: 0, databaseReadMaxLagMs: MAX_LAG_MS },
  });
  const api = apiClient(t.app, await xsrfToken(t.app));
  lib = (await signInByCode(t.db, api, outbox, LIB)).token;
  expect(await grantConsoleRole(t.db, { email: LIB, role: 'librarian', orgCode: 'ACT', actorId: null })).toMatchObject({ ok: true });
  replica = new pg.Client({ connectionString: pair.readUrl('lectern') });
  await replica.connect();
  await until(replayed, 'the replica to catch up');
});
afterAll(async () => {
  await replica?.end().catch(() => {});
  await t?.close();
  pair?.stop();
});

describe('reads on a streaming replica', () => {
  it("warms the replica's connections as well as the primary's before the server listens", async () => {
    const warm = await warmUp(t.app);
    expect(warm.stopped).toBeUndefined();
    expect(warm.connections).toBe(4 + 4);
    const { rows } = await replica.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'lectern-read' AND datname = 'lectern'`,
    );
    expect(rows[0].n).toBe(4);
  });

  it('answers catalogue reads from the replica: a change the replica has not replayed is not seen yet', async () => {
    const { rows } = await t.db.read.query(`SELECT current_setting('application_name') AS name, pg_is_in_recovery() AS standby`);
    expect(rows[0]).toEqual({ name: 'lectern-read', standby: true });
    await replica.query('SELECT pg_wal_replay_pause()');
    try {
      await rename('Renamed On The Primary');
      expect(await orgName()).toBe('Active U');
      expect((await t.db.query('SELECT name FROM institutions WHERE con_code = $1', ['ACT'])).rows[0].name).toBe('Renamed On The Primary');
    } finally {
      await replica.query('SELECT pg_wal_replay_resume()');
    }
    await until(async () => (await orgName()) === 'Renamed On The Primary', 'the replica to replay the rename');
    await rename('Active U');
    await until(replayed, 'the replica to catch up');
  });

  it("a session reads its own write at once, from the primary, while the replica's replay is paused", async () => {
    await replica.query('SELECT pg_wal_replay_pause()');
    try {
      const xsrf = await xsrfToken(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/console/institutions/${FX.inst.active}/branding`,
        payload: { name: 'Active University' },
        cookies: { 'XSRF-TOKEN': xsrf },
        headers: { 'x-xsrf-token': xsrf, authorization: lib },
      });
      expect(res.statusCode).toBe(200);
      const wrote = res.cookies.find((c) => c.name === WROTE_COOKIE);
      expect(wrote).toMatchObject({ httpOnly: true, path: '/', maxAge: MAX_LAG_MS / 1000 });
      // The librarian's browser sends the cookie back: the primary answers.
      expect(await orgName({ [WROTE_COOKIE]: wrote!.value })).toBe('Active University');
      // Everyone else still reads the replica, which has not replayed the change.
      expect(await orgName()).toBe('Active U');
      // A forged cookie only sends its sender's reads to the primary; nonsense is ignored.
      expect(await orgName({ [WROTE_COOKIE]: String(Number.MAX_SAFE_INTEGER) })).toBe('Active University');
      expect(await orgName({ [WROTE_COOKIE]: '1e400\u0000' })).toBe('Active U');
      // A GET writes nothing and sets no cookie.
      const get = await t.app.inject({ method: 'GET', url: '/content/getOrgDetails?con_code=ACT' });
      expect(get.cookies.map((c) => c.name)).not.toContain(WROTE_COOKIE);
    } finally {
      await replica.query('SELECT pg_wal_replay_resume()');
    }
    // Once the replica has the write, the session's reads go back to it.
    await until(async () => (await orgName()) === 'Active University', 'the replica to replay the branding');
  });

  it('runs page-text search on the replica in a read-only transaction; a session that wrote searches the primary', async () => {
    const { rows: on } = await t.db.readTransaction((tx) =>
      tx.query(
        `SELECT current_setting('application_name') AS name, pg_is_in_recovery() AS standby, current_setting('transaction_read_only') AS ro`,
      ),
    );
    expect(on[0]).toEqual({ name: 'lectern-read', standby: true, ro: 'on' });
    // An error of the caller's own is passed on and says nothing about the replica.
    await expect(t.db.readTransaction(() => Promise.reject(new Error('not the replica')))).rejects.toThrow('not the replica');
    expect(logs.at(-1)).toMatch(/reads go to the replica$/);

    const hits = async (cookies: Record<string, string> = {}) => {
      const res = await t.app.inject({ method: 'GET', url: '/content/mag-search?q=zebracorn', cookies });
      expect(res.statusCode).toBe(200);
      return res.json().items.length as number;
    };
    const page = `(SELECT min(issue_id) FROM issues WHERE mid = ${FX.mid.biz})`;
    expect(await hits()).toBe(0);
    await replica.query('SELECT pg_wal_replay_pause()');
    try {
      await t.db.query(`UPDATE pages SET text = text || ' zebracorn' WHERE issue_id = ${page} AND page_no = 1`);
      expect(await hits()).toBe(0); // the replica has not replayed the new word
      expect(await hits({ [WROTE_COOKIE]: String(Date.now()) })).toBe(1); // the primary has
    } finally {
      await replica.query('SELECT pg_wal_replay_resume()');
    }
    await until(async () => (await hits()) === 1, 'the replica to replay the page text');
    await t.db.query(`UPDATE pages SET text = replace(text, ' zebracorn', '') WHERE issue_id = ${page} AND page_no = 1`);
    await until(replayed, 'the replica to catch up');
  });

  it('sends reads to the primary while the replica lags past the limit', async () => {
    const quick: string[] = [];
    const db = await openPair(300, (m) => void quick.push(m));
    try {
      await replica.query('SELECT pg_wal_replay_pause()');
      await rename('Lagging Behind');
      await until(() => db.replicaLagMs()! > 300, 'the lag to pass the limit');
      const { rows } = await db.read.query('SELECT name FROM institutions WHERE con_code = $1', ['ACT']);
      expect(rows[0].name).toBe('Lagging Behind');
      await until(() => quick.some((m) => /behind \(limit 300 ms\), reads go to the primary/.test(m)), 'the lag to be logged');
    } finally {
      await replica.query('SELECT pg_wal_replay_resume()');
      await db.close();
    }
    await rename('Active University');
    await until(replayed, 'the replica to catch up');
  });

  it('never reads from a server that is not a standby (a promoted replica, a wrong URL)', async () => {
    const said: string[] = [];
    const db = await withReplica(await openPostgres(pair.url('lectern'), 2), pair.url('lectern'), {
      max: 2,
      log: (m) => void said.push(m),
    });
    try {
      expect(said).toEqual(['replica: unavailable (DATABASE_READ_URL is not a standby of the primary), reads go to the primary']);
      // The replica's pool names itself lectern-read: this read went through the primary's.
      const { rows } = await db.read.query<{ name: string }>(`SELECT current_setting('application_name') AS name`);
      expect(rows[0].name).not.toBe('lectern-read');
    } finally {
      await db.close();
    }
    await expect(openDb({ readUrl: pair.readUrl('lectern') })).rejects.toThrow(
      'DATABASE_READ_URL is a replica of DATABASE_URL: set DATABASE_URL too.',
    );
  });

  it('keeps answering from the primary when the replica goes down, and uses it again when it is back', async () => {
    await replica.end();
    pair.stopReplica();
    await rename('Replica Down');
    expect(await orgName()).toBe('Replica Down');
    const res = await t.app.inject({ method: 'GET', url: '/content/magazine-filter?categoryID=BS' });
    expect([res.statusCode, res.json().magazineList.length > 0]).toEqual([200, true]);
    expect(logs.some((m) => /^replica: unavailable \(.+\), reads go to the primary$/.test(m))).toBe(true);

    pair.startReplica();
    replica = new pg.Client({ connectionString: pair.readUrl('lectern') });
    await replica.connect();
    await until(
      () => /^replica: \d+ ms behind \(limit 60000 ms\), reads go to the replica$/.test(logs.at(-1)!),
      'the replica to be used again',
    );
    await until(replayed, 'the replica to catch up');
    await replica.query('SELECT pg_wal_replay_pause()');
    try {
      await rename('Back On The Replica');
      expect(await orgName()).toBe('Replica Down');
    } finally {
      await replica.query('SELECT pg_wal_replay_resume()');
    }
  });
});
