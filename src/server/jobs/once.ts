// Runs a background job once across every server process on one database. On PostgreSQL a
// transaction-scoped advisory lock lets only one process in at a time (the others skip at once
// instead of waiting), and job_runs says whether the job's turn has come: a process whose timer
// fires just after another one ran the job does not run it again. The job's work happens in the
// same transaction, so a failed run rolls the claim back and the next tick tries again. PGlite is
// one process: the lock is not needed and the turn check is the same.
import type { Db, Queryable } from '../db/index';

/** A turn is due a little before the full interval, so timers that fire a moment early still run. */
const DUE_FRACTION = 0.9;

/** Returns whether this call ran the job (false: another process holds it, or ran it recently). */
export async function runOnce(db: Db, name: string, intervalMs: number, job: (tx: Queryable) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') {
      const { rows } = await tx.query<{ got: boolean }>(`SELECT pg_try_advisory_xact_lock(hashtext($1)) AS got`, [`lectern-job:${name}`]);
      if (!rows[0].got) return false;
    }
    const claim = await tx.query(
      `INSERT INTO job_runs AS j (name, last_run_at, runs) VALUES ($1, now(), 1)
       ON CONFLICT (name) DO UPDATE SET last_run_at = now(), runs = j.runs + 1
       WHERE j.last_run_at <= now() - make_interval(secs => $2)
       RETURNING name`,
      [name, (intervalMs * DUE_FRACTION) / 1000],
    );
    if (!claim.rows.length) return false;
    await job(tx);
    return true;
  });
}
