// A throwaway PostgreSQL 15 cluster on a loopback port, for tests and benchmarks: initdb in a
// temporary directory, pg_ctl start, and stop + delete afterwards. As root, the server runs as
// the `postgres` user. Locale C so that Devanagari text tokenises as words in full-text search.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

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

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface Cluster {
  url: (db: string) => string;
  createDatabase: (name: string) => void;
  /** Stops the server (fast shutdown: sessions are cut) and starts it again on the same port and
   * data: the database outage tests. */
  stopServer: () => void;
  startServer: () => void;
  stop: () => void;
}

export async function startPostgresCluster(): Promise<Cluster> {
  const initdb = findBin('initdb');
  const pgCtl = findBin('pg_ctl');
  const psql = findBin('psql');
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-pg-'));
  fs.chmodSync(dir, 0o755);
  const dataDir = path.join(dir, 'data');
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const run = (bin: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', bin, ...args], { stdio: 'pipe' })
      : execFileSync(bin, args, { stdio: 'pipe' });
  const user = asRoot ? 'postgres' : os.userInfo().username;

  run(initdb, ['-D', dataDir, '-U', user, '--auth=trust', '--locale=C', '--encoding=UTF8']);
  const port = await freePort();
  const opts = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  const startServer = () => run(pgCtl, ['-D', dataDir, '-l', path.join(dir, 'server.log'), '-o', opts, '-w', 'start']);
  startServer();

  const url = (db: string) => `postgres://${user}@127.0.0.1:${port}/${db}`;
  return {
    url,
    createDatabase(name) {
      run(psql, ['-h', '127.0.0.1', '-p', String(port), '-U', user, '-d', 'postgres', '-qc', `CREATE DATABASE ${name}`]);
    },
    stopServer: () => run(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
    startServer,
    stop() {
      try {
        run(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
