// Catalogues for the benchmarks, at 1,000 and 10,000 titles, on PGlite and on a throwaway
// PostgreSQL cluster; and a way to run the real server against one of them.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startPostgresCluster, type Cluster } from '../tests/support/postgres-cluster';
import { waitForHttp } from './support';

// BENCH_SIZES=10000 measures one size; BENCH_PG_URL=postgres://user@host:port reuses a running
// cluster (its bench_<titles> databases are seeded once) instead of seeding a throwaway one.
export const SIZES = (process.env.BENCH_SIZES ?? '1000,10000').split(',').map(Number);
// BENCH_ENGINES=postgres measures one engine.
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const ROOT = path.resolve('.tmp/bench');

export interface Target {
  engine: 'postgres' | 'pglite';
  titles: number;
  env: Record<string, string>;
}

function seed(titles: number, env: Record<string, string>) {
  execFileSync('npx', ['tsx', 'src/server/demo/seed-cli.ts', '--titles', String(titles), '--issues-per-title', '10'], {
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
}

/** PGlite catalogues are kept in .tmp/bench between runs; PostgreSQL ones live as long as the cluster. */
export async function prepareTargets(cluster: BenchCluster): Promise<Target[]> {
  const targets: Target[] = [];
  for (const titles of SIZES) {
    const dataDir = path.join(ROOT, `pglite-${titles}`);
    if (ENGINES.includes('pglite')) {
      if (!fs.existsSync(path.join(dataDir, 'pg'))) seed(titles, { DATA_DIR: dataDir });
      targets.push({ engine: 'pglite', titles, env: { DATA_DIR: dataDir } });
    }
    if (ENGINES.includes('postgres')) targets.push(postgresTarget(cluster, titles));
  }
  return targets;
}

/** The bench_<titles> database of the cluster, seeded when the cluster is a new one. */
export function postgresTarget(cluster: BenchCluster, titles: number): Target {
  const db = `bench_${titles}`;
  const pgEnv = { DATABASE_URL: cluster.url(db), DATA_DIR: path.join(ROOT, `pg-media-${titles}`) };
  if (!cluster.reused) {
    cluster.createDatabase(db);
    seed(titles, pgEnv);
  }
  return { engine: 'postgres', titles, env: pgEnv };
}

export async function withServer<T>(
  target: Target,
  port: number,
  fn: (base: string, serverPid: number) => Promise<T>,
  extraEnv: Record<string, string> = {},
): Promise<T> {
  // node itself (not npx) so that stopping it stops the server.
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (bench/cpu-profile.ts reads it).
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const server: ChildProcess = spawn(process.execPath, [...prof, '--import', 'tsx', 'src/server/server.ts'], {
    // RATE_LIMIT_PER_MINUTE 0: the load comes from one loopback address on purpose.
    env: { ...process.env, ...target.env, ...extraEnv, PORT: String(port), DEMO: '0', LOG_LEVEL: 'error', RATE_LIMIT_PER_MINUTE: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${base}/api/health`, 120_000);
    return await fn(base, server.pid!);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

/** A throwaway cluster, or the one BENCH_PG_URL names (left running). */
export type BenchCluster = Pick<Cluster, 'url' | 'createDatabase' | 'stop'> & { reused: boolean };

export async function benchCluster(): Promise<BenchCluster> {
  const base = process.env.BENCH_PG_URL;
  if (!base) return { ...(await startPostgresCluster()), reused: false };
  return { url: (db) => `${base.replace(/\/$/, '')}/${db}`, createDatabase: () => {}, stop: () => {}, reused: true };
}
