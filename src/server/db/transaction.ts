// One transaction on one pooled PostgreSQL connection: the primary's `transaction` and the
// replica's read-only `readTransaction` (db/replica.ts) share it.
import type pg from 'pg';
import type { Queryable } from './index';
import { pgQuery } from './prepared';

export const queryable = (q: pg.Pool | pg.PoolClient): Queryable => ({
  query: async <T>(sql: string, params: unknown[] = []) => ({ rows: (await q.query(pgQuery(sql, params))).rows as T[] }),
  exec: async (sql: string) => {
    await q.query(sql);
  },
});

/** BEGIN (or `begin`, e.g. BEGIN READ ONLY), fn, COMMIT; ROLLBACK when anything fails. */
export async function inTransaction<T>(
  pool: pg.Pool,
  fn: (tx: Queryable) => Promise<T>,
  onError: (err: Error) => void,
  begin = 'BEGIN',
): Promise<T> {
  const client = await pool.connect();
  // A connection lost between the statements of a transaction fails the next statement; the
  // event itself must not end the process.
  client.on('error', onError);
  let broken = false;
  try {
    await client.query(begin);
    const result = await fn(queryable(client));
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {
      broken = true;
    });
    throw err;
  } finally {
    client.off('error', onError);
    client.release(broken);
  }
}
