// Counters of the rate limits: one row per (bucket, key, window). A try is spent by one upsert
// that only counts while under the maximum; the row lock makes concurrent spenders wait their turn.
import type { Queryable } from '../db/index';

export interface CounterWindow {
  bucket: string;
  key: string;
  win: number;
  windowMs: number;
}

/** Adds one to the counter when it stays at or under `max`; the new count, or null when spent. */
export async function spendCounter(db: Queryable, w: CounterWindow, max: number): Promise<number | null> {
  if (max < 1) return null;
  const { rows } = await db.query<{ n: number }>(
    `INSERT INTO rate_counters AS c (bucket, key, win, n, until)
     VALUES ($1, $2, $3::bigint, 1, to_timestamp(($3::bigint + 2) * $4::bigint / 1000.0))
     ON CONFLICT (bucket, key, win) DO UPDATE SET n = c.n + 1 WHERE c.n < $5
     RETURNING n`,
    [w.bucket, w.key, w.win, w.windowMs, max],
  );
  return rows[0]?.n ?? null;
}

/** Gives one try back (a sign-in that turned out right). */
export async function refundCounter(db: Queryable, w: CounterWindow): Promise<void> {
  await db.query(`UPDATE rate_counters SET n = n - 1 WHERE bucket = $1 AND key = $2 AND win = $3 AND n > 0`, [w.bucket, w.key, w.win]);
}

/** The count of one window (0 when nothing was counted). */
export async function readCounter(db: Queryable, w: CounterWindow): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT n FROM rate_counters WHERE bucket = $1 AND key = $2 AND win = $3`, [
    w.bucket,
    w.key,
    w.win,
  ]);
  return rows[0]?.n ?? 0;
}

/** Forgets counters whose windows no longer count (run by the housekeeping job). */
export async function pruneCounters(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM rate_counters WHERE until < now()`);
}
