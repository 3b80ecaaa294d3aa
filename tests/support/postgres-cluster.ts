// A throwaway PostgreSQL 15 cluster on a loopback port, for tests and benchmarks: initdb in a
// temporary directory, pg_ctl start, and stop + delete afterwards. As root, the server runs as
// the `postgres` user. Locale C so that Devanagari text tokenises as words in full-text search.
// startReplicaPair adds a streaming replica on a second port (LECTERN_TEST_DB=replica).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server-process';

const BIN_DIRS = ['/usr/lib/postgresql/15/bin', '/usr/local/bin', '/usr/bin'];

function findBin(name: string): string {
  for (const dir of BIN_DIRS) {
    const p = path.join(dir, name);
    if (fs.existsSync(p)) return p;
  }
  throw new Error(
    `PostgreSQL's ${name} was not found (looked in ${BIN_DIRS.join(', ')}). Install the server with: apt-get install -y postgresql`,
  );
}

/** The database the API suite migrates once and copies for each test (CREATE DATABASE … TEMPLATE). */
export const MIGRATED_TEMPLATE = 'lectern_migrated';

export interface Cluster {
  url: (db: string) => string;
  createDatabase: (name: string) => void;
  /** Stops the server (fast shutdown: sessions are cut) and starts it again on the same port and
   * data: the database outage tests. */
  stopServer: () => void;
  startServer: () => void;
  stop: () => void;
}

/** Runs the PostgreSQL tools, as the `postgres` user when we are root. */
function tools() {
  const asRoot = process.getuid?.() === 0;
  const run = (bin: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', findBin(bin), ...args], { stdio: 'pipe' })
      : execFileSync(findBin(bin), args, { stdio: 'pipe' });
  const tempDir = (prefix: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    fs.chmodSync(dir, 0o755);
    if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
    return dir;
  };
  return { run, tempDir, user: asRoot ? 'postgres' : os.userInfo().username };
}

const SERVER_OPTS = '-c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=200';

export async function startPostgresCluster(): Promise<Cluster> {
  const { run, tempDir, user } = tools();
  const dir = tempDir('lectern-pg-');
  const dataDir = path.join(dir, 'data');
  run('initdb', ['-D', dataDir, '-U', user, '--auth=trust', '--locale=C', '--encoding=UTF8', '--no-sync']);
  const port = await freePort();
  const opts = `${SERVER_OPTS} -c port=${port} -c unix_socket_directories=${dir} -c synchronous_commit=off`;
  const startServer = () => run('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'server.log'), '-o', opts, '-w', 'start']);
  startServer();

  const url = (db: string) => `postgres://${user}@127.0.0.1:${port}/${db}`;
  return {
    url,
    createDatabase(name) {
      run('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', user, '-d', 'postgres', '-qc', `CREATE DATABASE ${name}`]);
    },
    stopServer: () => run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
    startServer,
    stop() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

export interface ReplicaPair extends Cluster {
  /** The same database on the replica (read-only). */
  readUrl: (db: string) => string;
  stopReplica: () => void;
  startReplica: () => void;
}

/**
 * A primary and a streaming replica of it on two loopback ports: initdb, a replication role and
 * its pg_hba line, then `pg_basebackup -R` (which writes primary_conninfo and standby.signal)
 * into a second data directory. `synchronous` makes every commit wait until the replica has
 * applied it (synchronous_commit=remote_apply), so a whole test suite reads what it just wrote;
 * without it the replica follows asynchronously, as in most deployments.
 */
export async function startReplicaPair(opts: { synchronous: boolean }): Promise<ReplicaPair> {
  const { run, tempDir, user } = tools();
  const dir = tempDir('lectern-pg-pair-');
  const primaryDir = path.join(dir, 'primary');
  const replicaDir = path.join(dir, 'replica');
  run('initdb', ['-D', primaryDir, '-U', user, '--auth=trust', '--locale=C', '--encoding=UTF8', '--no-sync']);
  fs.appendFileSync(path.join(primaryDir, 'pg_hba.conf'), '\nhost replication replicator 127.0.0.1/32 trust\n');
  const [port, readPort] = [await freePort(), await freePort()];
  const sync = opts.synchronous ? "-c synchronous_commit=remote_apply -c synchronous_standby_names='*'" : '-c synchronous_commit=off';
  const primaryOpts = `${SERVER_OPTS} -c port=${port} -c unix_socket_directories=${dir} -c wal_level=replica -c max_wal_senders=5 ${sync}`;
  const startPrimary = () => run('pg_ctl', ['-D', primaryDir, '-l', path.join(dir, 'primary.log'), '-o', primaryOpts, '-w', 'start']);
  const stopPrimary = () => run('pg_ctl', ['-D', primaryDir, '-m', 'fast', '-w', 'stop']);
  startPrimary();
  const psql = (p: number, sql: string) => run('psql', ['-h', '127.0.0.1', '-p', String(p), '-U', user, '-d', 'postgres', '-qc', sql]);
  // Without a standby yet, a synchronous primary would wait forever for this commit.
  psql(port, 'SET synchronous_commit = local; CREATE ROLE replicator WITH REPLICATION LOGIN');
  run('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-U',
    'replicator',
    '-D',
    replicaDir,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
    '--no-sync',
  ]);
  const replicaOpts = `${SERVER_OPTS} -c port=${readPort} -c unix_socket_directories=${dir} -c hot_standby=on`;
  const startReplica = () => run('pg_ctl', ['-D', replicaDir, '-l', path.join(dir, 'replica.log'), '-o', replicaOpts, '-w', 'start']);
  const stopReplica = () => run('pg_ctl', ['-D', replicaDir, '-m', 'immediate', '-w', 'stop']);
  startReplica();

  return {
    url: (db) => `postgres://${user}@127.0.0.1:${port}/${db}`,
    readUrl: (db) => `postgres://${user}@127.0.0.1:${readPort}/${db}`,
    createDatabase: (name) => psql(port, `CREATE DATABASE ${name}`),
    stopServer: stopPrimary,
    startServer: startPrimary,
    stopReplica,
    startReplica,
    stop() {
      try {
        run('pg_ctl', ['-D', replicaDir, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped by a test
      }
      try {
        run('pg_ctl', ['-D', primaryDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
