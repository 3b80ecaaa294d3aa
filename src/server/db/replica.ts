// Reads on a streaming replica (DATABASE_READ_URL); writes, transactions and everything else on the
// primary. One fact decides where a read goes, kept fresh by a poll every POLL_MS: `caughtUpAt`,
// the latest moment the replica is known to hold every commit made before it (the primary's WAL
// insert position read at that moment has been replayed on the replica).
// - Lag = now − caughtUpAt. Past maxLagMs, or with the replica unreachable, reads go to the primary.
// - Read-your-writes: a request whose session wrote at time w (plugins/read-your-writes.ts) reads
//   from the replica only once caughtUpAt ≥ w, that is once the replica surely holds that write.
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { poolSettings, type Db, type PoolOptions, type Queryable } from './index';
import { inTransaction } from './transaction';
import { pgQuery } from './prepared';
import { warmConnections } from './warm-connections';

export const POLL_MS = 250;
export const DEFAULT_MAX_LAG_MS = 2_000;
// A replica that does not answer must not hold a reader for long: the primary is there.
const CONNECT_TIMEOUT_MS = 2_000;

/** The request being served: when its session last wrote (ms since the epoch; 0 = not lately). */
export const readConsistency = new AsyncLocalStorage<{ wroteAt: number }>();

export interface ReplicaOptions extends PoolOptions {
  maxLagMs?: number;
  /** Where "reading from the primary because …" and "back on the replica" go. */
  log?: (message: string) => void;
}

type State = 'replica' | 'lagging' | 'down';

/** Connection-level failures (a socket error, SQLSTATE classes 08 and 57P): the replica is gone,
 * not the statement wrong. */
const lostConnection = (err: unknown): boolean => {
  const code = (err as { code?: string } | null)?.code;
  return !code || !/^[0-9A-Z]{5}$/.test(code) || code.startsWith('08') || code.startsWith('57P');
};

export async function withReplica(primary: Db, readUrl: string, opts: ReplicaOptions = {}): Promise<Db> {
  const {
    maxLagMs = DEFAULT_MAX_LAG_MS,
    onError = (err: Error) => console.error('database connection error:', err.message),
    log = (message: string) => console.warn(message),
  } = opts;
  const settings = poolSettings({ ...opts, connectTimeoutMs: CONNECT_TIMEOUT_MS });
  const pool = new pg.Pool({ connectionString: readUrl, application_name: 'lectern-read', ...settings });
  const replicaError = (err: Error) => onError(new Error(`replica: ${err.message}`));
  pool.on('error', replicaError);

  const openedAt = Date.now();
  let caughtUpAt = 0;
  let reachable = false;
  let why = 'not polled yet';
  let state: State | undefined;
  const lag = () => Date.now() - (caughtUpAt || openedAt);
  const report = () => {
    const next: State = !reachable ? 'down' : lag() > maxLagMs ? 'lagging' : 'replica';
    if (next === state) return;
    state = next;
    if (next === 'replica') log(`replica: ${lag()} ms behind (limit ${maxLagMs} ms), reads go to the replica`);
    else if (next === 'lagging') log(`replica: ${lag()} ms behind (limit ${maxLagMs} ms), reads go to the primary`);
    else log(`replica: unavailable (${why}), reads go to the primary`);
  };

  let polling = false;
  const poll = async () => {
    if (polling) return;
    polling = true;
    const at = Date.now();
    try {
      // Without the primary's position nothing is learnt: caughtUpAt stays, so the lag grows.
      const lsn = await primary.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn').then(
        (res) => res.rows[0].lsn,
        () => null,
      );
      if (lsn === null) return;
      const { rows: r } = await pool.query<{ standby: boolean; caught_up: boolean | null }>(
        'SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn() >= $1::pg_lsn AS caught_up',
        [lsn],
      );
      // A promoted (or wrongly named) server is not a copy of the primary: never read from it.
      if (!r[0].standby) throw new Error('DATABASE_READ_URL is not a standby of the primary');
      reachable = true;
      if (r[0].caught_up) caughtUpAt = at;
    } catch (err) {
      reachable = false;
      why = (err as Error).message;
    } finally {
      polling = false;
      report();
    }
  };
  await poll();
  const timer = setInterval(() => void poll(), POLL_MS);
  timer.unref();

  const useReplica = () => {
    const wroteAt = readConsistency.getStore()?.wroteAt ?? 0;
    return reachable && lag() <= maxLagMs && caughtUpAt >= wroteAt;
  };

  /** After a failure on the replica: a statement cancelled for taking too long stays cancelled
   * (rethrown); anything else (the replica gone, a conflict with recovery) is answered by the
   * primary, and a lost connection marks the replica down until a poll finds it again. */
  const replicaFailed = (err: unknown) => {
    if ((err as { code?: string }).code === '57014') throw err;
    if (lostConnection(err)) {
      reachable = false;
      why = (err as Error).message;
      report();
    }
  };

  const read: Queryable = {
    async query<T>(sql: string, params: unknown[] = []) {
      if (!useReplica()) return primary.query<T>(sql, params);
      try {
        return { rows: (await pool.query(pgQuery(sql, params))).rows as T[] };
      } catch (err) {
        replicaFailed(err);
        return primary.query<T>(sql, params);
      }
    },
    exec: (sql) => primary.exec(sql),
  };

  async function readTransaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    if (!useReplica()) return primary.transaction(fn);
    // An error of fn's own (not from a statement) is no fault of the replica: it goes to the caller.
    let ownError = false;
    try {
      return await inTransaction(
        pool,
        async (tx) => {
          let statementFailed = false;
          const failed = (err: unknown): never => {
            statementFailed = true;
            throw err;
          };
          const watched: Queryable = {
            query: <R>(sql: string, params?: unknown[]) => tx.query<R>(sql, params).catch(failed),
            exec: (sql: string) => tx.exec(sql).catch(failed),
          };
          try {
            return await fn(watched);
          } catch (err) {
            ownError = !statementFailed;
            throw err;
          }
        },
        onError,
        'BEGIN READ ONLY',
      );
    } catch (err) {
      if (ownError) throw err;
      replicaFailed(err);
      return primary.transaction(fn);
    }
  }

  return {
    ...primary,
    read,
    readTransaction,
    replicaLagMs: lag,
    async warmConnections() {
      const onPrimary = (await primary.warmConnections?.()) ?? 0;
      return onPrimary + (reachable ? await warmConnections(pool, settings.max!, replicaError) : 0);
    },
    async close() {
      clearInterval(timer);
      await pool.end();
      await primary.close();
    },
  };
}
