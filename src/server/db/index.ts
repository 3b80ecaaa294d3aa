// One query layer for both engines: PGlite (embedded default) and PostgreSQL (DATABASE_URL).
// Everything above this file speaks `Db` and plain parameterised SQL.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { withReplica } from './replica';
import { inTransaction, queryable } from './transaction';
import { warmConnections } from './warm-connections';

// Both engines return the same JS types: 'YYYY-MM-DD' strings for date, numbers for bigint
// (counts), Date for timestamptz.
const DATE_OID = 1082;
const INT8_OID = 20;
pg.types.setTypeParser(DATE_OID, (v: string) => v);
pg.types.setTypeParser(INT8_OID, (v: string) => Number(v));

export interface Queryable {
  query<T = Record<string, any>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Several statements, no parameters (migrations, seed scripts). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: everything or nothing. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Read-only statements in one transaction (a search under its own time limit): on the replica
   * when `read` would go there, else like `transaction`. Never for writes. */
  readTransaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** For read-only statements that may be a moment behind: the replica when DATABASE_READ_URL is
   * set and usable (db/replica.ts), else this database itself. Never for writes or transactions. */
  readonly read: Queryable;
  /** How far the replica is behind the primary in ms (0 = caught up); null without a replica. */
  replicaLagMs(): number | null;
  /** PostgreSQL: the primary pool's connections, open, idle and requests waiting for one (metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** PostgreSQL: opens every connection of the pool (and the replica's) and has each prepare the
   * marked statements run so far (db/warm-connections.ts); returns how many connections. */
  warmConnections?(): Promise<number>;
}

/** `from`: a data directory dumped by PGlite (`dumpDataDir`) to begin with; without `dataDir` the
 * database then lives in memory (the API tests' migrated template, loaded for each file). */
export async function openPglite(dataDir: string | undefined, from?: Blob): Promise<Db> {
  if (dataDir) fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  const lite = await PGlite.create({ dataDir, loadDataDir: from, extensions: { pg_trgm }, parsers: { [DATE_OID]: (v: string) => v } });
  // Its pages are read through the OS's page cache, never from a spinning disk: with the default
  // cost of a random read (4) the planner scanned all 10,000 titles for "did you mean" (similarity
  // on each, 96 ms in WASM) rather than use their trigram index (16 ms).
  await lite.exec('SET random_page_cost = 1.1');
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    query: async <T>(sql: string, params: unknown[] = []) => ({ rows: (await q.query<T>(sql, params)).rows }),
    exec: async (sql: string) => {
      await q.exec(sql);
    },
  });
  const self = wrap(lite);
  const transaction = <T>(fn: (tx: Queryable) => Promise<T>) => lite.transaction((tx) => fn(wrap(tx)));
  return {
    kind: 'pglite',
    ...self,
    read: self,
    replicaLagMs: () => null,
    transaction,
    readTransaction: transaction,
    close: () => lite.close(),
  };
}

export interface PoolOptions {
  /** Connections at most (DATABASE_POOL_MAX). */
  max?: number;
  /** Default time limit of one statement (the server: DATABASE_STATEMENT_TIMEOUT_MS; command-line
   * tools: none). A caller may set a shorter one for one transaction (repositories/query-time.ts). */
  statementTimeoutMs?: number;
  /** Where the error of a connection nobody is using goes (the server restarting, the network):
   * the pool drops that connection and opens another when needed. */
  onError?: (err: Error) => void;
  /** Longest wait for a connection (a new one, or a free one from a busy pool): past it the query
   * fails, and the server answers 503 rather than letting requests hang while the database is away. */
  connectTimeoutMs?: number;
  /** How long an idle connection stays open, 0 for as long as the pool (the server:
   * DATABASE_IDLE_TIMEOUT_MS, 0 by default; command-line tools and tests: 30 s). */
  idleTimeoutMs?: number;
}
const CONNECT_TIMEOUT_MS = 10_000;
const IDLE_TIMEOUT_MS = 30_000;
const KEEPALIVE_DELAY_MS = 60_000;

/** The pool's settings shared by the primary and the replica. A kept connection has its catalogue
 * caches and plans warm: the new connections of a 9 am burst, each reading the catalogue and
 * planning every statement again, held its first seconds at a p99 of half a second. TCP
 * keepalive finds a kept connection whose peer went away without a word, and keeps a firewall's
 * idle timer from cutting it. */
export function poolSettings(opts: PoolOptions): pg.PoolConfig {
  const { max = 10, statementTimeoutMs = 0, connectTimeoutMs = CONNECT_TIMEOUT_MS, idleTimeoutMs = IDLE_TIMEOUT_MS } = opts;
  return {
    max,
    connectionTimeoutMillis: connectTimeoutMs,
    idleTimeoutMillis: idleTimeoutMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
  };
}

export async function openPostgres(url: string, opts: number | PoolOptions = {}): Promise<Db> {
  const options = typeof opts === 'number' ? { max: opts } : opts;
  const { onError = (err: Error) => console.error('database connection error:', err.message) } = options;
  const settings = poolSettings(options);
  const pool = new pg.Pool({ connectionString: url, ...settings });
  // Without a listener an idle connection's error would end the process.
  pool.on('error', onError);
  await pool.query('select 1');
  const self = queryable(pool);
  const transaction = <T>(fn: (tx: Queryable) => Promise<T>) => inTransaction(pool, fn, onError);
  return {
    kind: 'postgres',
    ...self,
    read: self,
    replicaLagMs: () => null,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    warmConnections: () => warmConnections(pool, settings.max!, onError),
    transaction,
    readTransaction: transaction,
    close: () => pool.end(),
  };
}

export async function openDb(opts: {
  databaseUrl?: string;
  dataDir?: string;
  pool?: PoolOptions;
  /** A streaming replica of databaseUrl for reads (DATABASE_READ_URL). */
  readUrl?: string;
  replicaMaxLagMs?: number;
}): Promise<Db> {
  if (opts.readUrl && !opts.databaseUrl) throw new Error('DATABASE_READ_URL is a replica of DATABASE_URL: set DATABASE_URL too.');
  if (!opts.databaseUrl) return openPglite(path.join(opts.dataDir ?? './data', 'pg'));
  const primary = await openPostgres(opts.databaseUrl, opts.pool);
  return opts.readUrl ? withReplica(primary, opts.readUrl, { ...opts.pool, maxLagMs: opts.replicaMaxLagMs }) : primary;
}
