// API suite: against PGlite by default; with LECTERN_TEST_DB=postgres, against a real
// PostgreSQL cluster started here and removed afterwards; with LECTERN_TEST_DB=replica, against a
// primary and a synchronous streaming replica (reads on the replica, see tests/support/app.ts).
// Never skipped: a missing server fails. With LECTERN_TEST_S3=1, media go to a real
// S3-compatible server (s3rver) started here too.
import type { TestProject } from 'vitest/node';
import { startPostgresCluster, startReplicaPair, type Cluster } from './postgres-cluster';
import { startS3Server } from './s3-server';
import { testOnS3 } from './s3';

let cluster: Cluster | undefined;
let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;

export async function setup(project: TestProject) {
  if (testOnS3()) {
    s3 = await startS3Server();
    project.provide('s3Endpoint', s3.endpoint);
  }
  const mode = process.env.LECTERN_TEST_DB;
  if (mode === 'replica') {
    const pair = await startReplicaPair({ synchronous: true });
    cluster = pair;
    project.provide('pgReadBaseUrl', pair.readUrl('postgres'));
  } else if (mode === 'postgres') cluster = await startPostgresCluster();
  if (cluster) project.provide('pgBaseUrl', cluster.url('postgres'));
}

export async function teardown() {
  cluster?.stop();
  await s3?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgBaseUrl: string;
    pgReadBaseUrl: string;
    s3Endpoint: string;
  }
}
