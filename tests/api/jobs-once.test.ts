// Background jobs run once across server processes: two app instances (two connection pools, as
// two processes would have) on one database trigger the same job at the same moment, and it runs
// once. On PGlite (one process) the same turn check keeps a second trigger from running it again.
// On PostgreSQL too: a job triggered in two instances at once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Db } from '../../src/server/db/index';
import { migrate } from '../../src/server/db/migrate';
import { runOnce } from '../../src/server/jobs/once';
import { startJobs } from '../../src/server/jobs/index';
import { openStorage } from '../../src/server/media/open-storage';
import { loadConfig } from '../../src/server/config';
import { HOUSEKEEPING_MS } from '../../src/server/jobs/housekeeping';
import { freshPostgresDatabase } from '../support/app';

const onPostgres = process.env.LECTERN_TEST_DB === 'postgres';
let a: Db;
let b: Db;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-jobs-'));

beforeAll(async () => {
  if (onPostgres) {
    const { url } = await freshPostgresDatabase();
    [a, b] = [await openPostgres(url, 4), await openPostgres(url, 4)];
  } else {
    a = b = await openPglite(undefined);
  }
  await migrate(a);
  await a.exec(`CREATE TABLE job_effects (at timestamptz NOT NULL DEFAULT clock_timestamp())`);
});
afterAll(async () => {
  await a?.close();
  if (b !== a) await b?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const effects = async () => (await a.query<{ n: number }>(`SELECT count(*)::int AS n FROM job_effects`)).rows[0].n;

// The job takes a moment, so the two triggers overlap while it runs.
const slowJob = async (tx: Parameters<Parameters<typeof runOnce>[3]>[0]) => {
  await tx.query(`INSERT INTO job_effects DEFAULT VALUES`);
  if (onPostgres) await tx.query(`SELECT pg_sleep(0.3)`);
};

describe('background jobs run once', () => {
  it('triggered in two instances at once: one runs it, the other skips; the count is 1', async () => {
    const ran = await Promise.all([runOnce(a, 'test job', 60_000, slowJob), runOnce(b, 'test job', 60_000, slowJob)]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(await effects()).toBe(1);
    const { rows } = await a.query<{ runs: number }>(`SELECT runs FROM job_runs WHERE name = 'test job'`);
    expect(rows[0].runs).toBe(1);
  });

  it('a trigger before the interval has passed does not run it again; after it, it does', async () => {
    expect(await runOnce(b, 'test job', 60_000, slowJob)).toBe(false);
    expect(await effects()).toBe(1);
    await a.query(`UPDATE job_runs SET last_run_at = now() - interval '1 minute' WHERE name = 'test job'`);
    expect(await runOnce(b, 'test job', 60_000, slowJob)).toBe(true);
    expect(await effects()).toBe(2);
  });

  it('a failed run gives its turn back: nothing of it stays, and the next trigger runs it', async () => {
    const failing = async (tx: Parameters<typeof slowJob>[0]) => {
      await tx.query(`INSERT INTO job_effects DEFAULT VALUES`);
      throw new Error('the job failed');
    };
    await expect(runOnce(a, 'flaky job', 60_000, failing)).rejects.toThrow('the job failed');
    expect(await effects()).toBe(2);
    expect((await a.query(`SELECT 1 FROM job_runs WHERE name = 'flaky job'`)).rows).toHaveLength(0);
    expect(await runOnce(b, 'flaky job', 60_000, slowJob)).toBe(true);
    expect(await effects()).toBe(3);
  });

  it("the server's real jobs, started by two instances at once, each run once", async () => {
    // An expired one-time code that housekeeping removes: its effect.
    await a.query(
      `INSERT INTO otp_requests (id, channel, contact, purpose, code_hash, expires_at)
       VALUES (gen_random_uuid(), 'email', 'gone@example.com', 'login', 'x', now() - interval '2 days')`,
    );
    const config = { ...loadConfig({ DATA_DIR: dataDir }), demo: false };
    const errors: unknown[] = [];
    const log = { error: (e: unknown) => errors.push(e), info: () => {} } as unknown as Parameters<typeof startJobs>[2];
    const storage = openStorage(config);
    const mail = { mailer: { send: async () => {} }, unsubscribeUrl: (e: string) => e };
    const stops = [...startJobs(a, config, log, storage, mail), ...startJobs(b, config, log, storage, mail)];
    const deadline = Date.now() + 10_000;
    const serverJobs = async () =>
      (await a.query<{ name: string; runs: number }>(`SELECT name, runs FROM job_runs WHERE name NOT LIKE '%job' ORDER BY name`)).rows;
    while (Date.now() < deadline && (await serverJobs()).length < 3) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 500)); // the slower instance's triggers have come and gone
    for (const stop of stops) stop();
    expect(errors).toEqual([]);
    expect(await serverJobs()).toEqual([
      { name: 'housekeeping', runs: 1 },
      { name: 'media sweep', runs: 1 },
      { name: 'popularity refresh', runs: 1 },
    ]);
    expect((await a.query(`SELECT 1 FROM otp_requests WHERE contact = 'gone@example.com'`)).rows).toHaveLength(0);
    expect(HOUSEKEEPING_MS).toBeGreaterThan(60_000); // so no second turn came due during the test
  });
});
