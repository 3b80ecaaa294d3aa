// API suite: against PGlite by default; with LECTERN_TEST_DB=postgres, against a real
// PostgreSQL cluster started here and removed afterwards. Never skipped: a missing server fails.
import type { TestProject } from 'vitest/node';
import { startPostgresCluster, type Cluster } from './postgres-cluster';

let cluster: Cluster | undefined;

export async function setup(project: TestProject) {
  if (process.env.LECTERN_TEST_DB !== 'postgres') return;
  cluster = await startPostgresCluster();
  project.provide('pgBaseUrl', cluster.url('postgres'));
}

export async function teardown() {
  cluster?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgBaseUrl: string;
  }
}
