// Builds the real app for an API test file: a fresh database (PGlite in memory, or a new
// database on the test PostgreSQL cluster), migrated and loaded with the given fixture.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App, type AppOptions } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import { openPglite, openPostgres, type Db } from '../../src/server/db/index';
import { migrate } from '../../src/server/db/migrate';
import { withReplica } from '../../src/server/db/replica';
import { testS3Config } from './s3';

/** A new empty database on the test cluster (LECTERN_TEST_DB=postgres or replica). */
export async function freshPostgresDatabase(): Promise<{ url: string; name: string }> {
  const base = inject('pgBaseUrl');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return { url: base.replace(/\/postgres$/, `/${name}`), name };
}

export async function freshDb(): Promise<Db> {
  const mode = process.env.LECTERN_TEST_DB;
  if (mode !== 'postgres' && mode !== 'replica') return openPglite(undefined);
  const { url, name } = await freshPostgresDatabase();
  const primary = await openPostgres(url, 4);
  if (mode !== 'replica') return primary;
  // The replica holds the new database once it has replayed its creation (synchronous pair).
  const log = process.env.TEST_LOG ? undefined : () => {};
  return withReplica(primary, inject('pgReadBaseUrl').replace(/\/postgres$/, `/${name}`), { max: 4, log });
}

export interface TestContext {
  app: App;
  db: Db;
  dataDir: string;
  close: () => Promise<void>;
}

export interface TestAppOptions {
  /** Opens the (empty) database instead of freshDb (e.g. a primary with its replica). */
  open?: () => Promise<Db>;
  config?: Partial<Config>;
  mailer?: AppOptions['mailer'];
  sms?: AppOptions['sms'];
  onRoute?: AppOptions['onRoute'];
  /** e.g. a stream that collects log lines, for tests about alerts */
  logger?: AppOptions['logger'];
  /** Web Push to a stand-in: an agent that trusts its certificate, and the queue's size. */
  pushAgent?: AppOptions['pushAgent'];
  pushQueue?: AppOptions['pushQueue'];
}

export async function testApp(load?: (db: Db) => Promise<unknown>, opts: TestAppOptions = {}): Promise<TestContext> {
  const db = await (opts.open ?? freshDb)();
  await migrate(db);
  if (load) await load(db);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-test-'));
  // Every derived folder (media, outbox, private) lives in the test's own data directory.
  // On S3 runs (LECTERN_TEST_S3=1) media go to a bucket of the test's own.
  const config = { ...loadConfig({ DATA_DIR: dataDir }), demo: false, s3: await testS3Config(), ...opts.config };
  const app = await buildApp({
    db,
    config,
    mailer: opts.mailer,
    sms: opts.sms,
    onRoute: opts.onRoute,
    pushAgent: opts.pushAgent,
    pushQueue: opts.pushQueue,
    logger: opts.logger ?? (process.env.TEST_LOG ? { level: 'error' } : false),
  });
  await app.ready();
  return {
    app,
    db,
    dataDir,
    async close() {
      await app.close();
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
