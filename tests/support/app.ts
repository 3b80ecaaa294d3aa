// Builds the real app for an API test file: a fresh database (a PGlite data directory, or a new
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
import { MIGRATED_TEMPLATE } from './postgres-cluster';
import { testS3Config } from './s3';

/** A new database on the test cluster (LECTERN_TEST_DB=postgres or replica): empty, or a copy of
 * `template`. */
export async function freshPostgresDatabase(template?: string): Promise<{ url: string; name: string }> {
  const base = inject('pgBaseUrl');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  return { url: base.replace(/\/postgres$/, `/${name}`), name };
}

/** A new empty database, for tests of the migrations themselves. */
export const freshDb = (): Promise<Db> => newDb(false);

/** A new database with every migration applied: a copy of the template global-setup migrated. */
export const migratedDb = (): Promise<Db> => newDb(true);

/** Read once per worker: the files of the api project share its modules (isolate: false). */
let templateDump: Blob | undefined;

async function newDb(migrated: boolean): Promise<Db> {
  const mode = process.env.LECTERN_TEST_DB;
  if (mode !== 'postgres' && mode !== 'replica') {
    if (!migrated) return openPglite(undefined);
    // In memory, from the template's dump: a copy of its data directory on disk (1,300 files,
    // 42 MB), removed again after, cost about a second more of CPU for each file's database.
    templateDump ??= new Blob([fs.readFileSync(inject('pgliteDump'))]);
    return openPglite(undefined, templateDump);
  }
  const { url, name } = await freshPostgresDatabase(migrated ? MIGRATED_TEMPLATE : undefined);
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
  /** Opens the database instead of migratedDb (e.g. a primary with its replica); testApp migrates it. */
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
  const db = await (opts.open ?? migratedDb)();
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
