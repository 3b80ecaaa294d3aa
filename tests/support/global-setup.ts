// API suite: against PGlite by default; with LECTERN_TEST_DB=postgres, against a real
// PostgreSQL cluster started here and removed afterwards; with LECTERN_TEST_DB=replica, against a
// primary and a synchronous streaming replica (reads on the replica, see tests/support/app.ts).
// Never skipped: a missing server fails. With LECTERN_TEST_S3=1, media go to a real
// S3-compatible server (s3rver) started here too.
// Every migration is applied once here, to a template each test copies (tests/support/app.ts
// migratedDb): a new PGlite spends seconds of WASM CPU on initdb, which a copied data directory skips.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../../src/server/db/index';
import { migrate } from '../../src/server/db/migrate';
import { makePgliteTemplate } from './pglite-template';
import { MIGRATED_TEMPLATE, startPostgresCluster, startReplicaPair, type Cluster } from './postgres-cluster';
import { startS3Server } from './s3-server';
import { testOnS3 } from './s3';

let cluster: Cluster | undefined;
let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
let pgliteTemplate: string | undefined;

export async function setup(project: TestProject) {
  if (testOnS3()) {
    s3 = await startS3Server();
    project.provide('s3Endpoint', s3.endpoint);
  }
  const mode = process.env.LECTERN_TEST_DB ?? (project.name === 'api-postgres' ? 'postgres' : undefined);
  if (mode === 'replica') {
    const pair = await startReplicaPair({ synchronous: true });
    cluster = pair;
    project.provide('pgReadBaseUrl', pair.readUrl('postgres'));
  } else if (mode === 'postgres') cluster = await startPostgresCluster();
  if (cluster) {
    project.provide('pgBaseUrl', cluster.url('postgres'));
    cluster.createDatabase(MIGRATED_TEMPLATE);
    const template = await openPostgres(cluster.url(MIGRATED_TEMPLATE), 1);
    await migrate(template);
    await template.close();
  } else {
    pgliteTemplate = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-pglite-template-'));
    const dump = path.join(pgliteTemplate, 'dump.tar');
    await makePgliteTemplate(path.join(pgliteTemplate, 'pg'), dump);
    project.provide('pgliteTemplate', path.join(pgliteTemplate, 'pg'));
    project.provide('pgliteDump', dump);
  }
}

export async function teardown() {
  cluster?.stop();
  await s3?.stop();
  if (pgliteTemplate) fs.rmSync(pgliteTemplate, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgBaseUrl: string;
    pgReadBaseUrl: string;
    s3Endpoint: string;
    /** A PGlite data directory with every migration applied, to copy (never to open). */
    pgliteTemplate: string;
    /** The same as PGlite's dump, which a test's database is loaded from, in memory. */
    pgliteDump: string;
  }
}
