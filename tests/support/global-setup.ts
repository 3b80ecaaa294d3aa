// API suite: against PGlite by default; with LECTERN_TEST_DB=postgres, against a real
// PostgreSQL cluster started here and removed afterwards; with LECTERN_TEST_DB=replica, against a
// primary and a synchronous streaming replica (reads on the replica, see tests/support/app.ts).
// Never skipped: a missing server fails.
import type { TestProject } from 'vitest/node';
import { startPostgresCluster, startReplicaPair, type Cluster } from './postgres-cluster';

let cluster: Cluster | undefined;

export async function setup(project: TestProject) {
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
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgBaseUrl: string;
    pgReadBaseUrl: string;
  }
}
