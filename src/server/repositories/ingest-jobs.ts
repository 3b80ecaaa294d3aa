// The bulk-import queue (migration 024): jobs queued by `npm run ingest -- <folder> --manifest`
// and by the upload endpoint, claimed by one runner each, and their outcome. Every statement that
// changes a running job names its owner, so a runner that lost its job (taken over after a stale
// heartbeat) cannot overwrite the new owner's progress.
import type { Db, Queryable } from '../db/index';
import type { IngestRequest } from '../ingest/ingest';

export type JobState = 'queued' | 'running' | 'done' | 'skipped' | 'failed';

export interface IngestJob {
  id: number;
  state: JobState;
  sourceHost: string;
  sourcePath: string;
  removeSource: boolean;
  request: IngestRequest;
  owner: string | null;
  attempts: number;
  pagesDone: number;
  pagesTotal: number | null;
  message: string | null;
  issueId: number | null;
  createdAt: Date;
  finishedAt: Date | null;
}

/** A job that was claimed this many times and never finished (it crashed its process each time)
 * is failed instead of being taken again. */
export const MAX_ATTEMPTS = 3;

const COLUMNS = `id::int AS id, state, source_host AS "sourceHost", source_path AS "sourcePath", remove_source AS "removeSource",
  request, owner, attempts, pages_done AS "pagesDone", pages_total AS "pagesTotal", message, issue_id AS "issueId",
  created_at AS "createdAt", finished_at AS "finishedAt"`;

/** Queues a job unless the same file on the same host already has an open one (a re-run of the
 * same command): the new id, or null. */
export async function enqueueJob(
  db: Queryable,
  job: { host: string; path: string; request: IngestRequest; removeSource?: boolean; createdBy?: number | null },
): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO ingest_jobs (source_host, source_path, request, remove_source, created_by)
     SELECT $1, $2, $3::jsonb, $4, $5
     WHERE NOT EXISTS (SELECT 1 FROM ingest_jobs WHERE source_host = $1 AND source_path = $2 AND state IN ('queued', 'running'))
     RETURNING id::int AS id`,
    [job.host, job.path, JSON.stringify(job.request), job.removeSource ?? false, job.createdBy ?? null],
  );
  return rows[0]?.id ?? null;
}

/** Queues an admin's upload unless they already have `max` jobs queued or running: the new id, or
 * null (max is at least 1). The place is taken with one statement on ingest_upload_quota (migration 028), so
 * concurrent uploads cannot pass the limit; a job that ends gives it back (the table's trigger). */
export function enqueueUpload(
  db: Db,
  job: { host: string; path: string; request: IngestRequest; createdBy: number },
  max: number,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const place = await tx.query(
      `INSERT INTO ingest_upload_quota (user_id, open_jobs) VALUES ($1, 1)
       ON CONFLICT (user_id) DO UPDATE SET open_jobs = ingest_upload_quota.open_jobs + 1 WHERE ingest_upload_quota.open_jobs < $2
       RETURNING open_jobs`,
      [job.createdBy, max],
    );
    if (!place.rows.length) return null;
    const id = await enqueueJob(tx, { ...job, removeSource: true });
    // an upload's path is new each time, so it is never "already queued"
    if (id === null) throw new Error(`upload ${job.path} was queued already`);
    return id;
  });
}

/** The jobs an admin has queued or running (for a refusal before the upload is read). */
export async function openUploads(db: Queryable, userId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT open_jobs AS n FROM ingest_upload_quota WHERE user_id = $1', [userId]);
  return rows[0]?.n ?? 0;
}

/** Jobs waiting and being imported now, on every host (metrics). */
export async function openJobCounts(db: Queryable): Promise<{ queued: number; running: number }> {
  const { rows } = await db.query<{ queued: number; running: number }>(
    `SELECT count(*) FILTER (WHERE state = 'queued')::int AS queued, count(*) FILTER (WHERE state = 'running')::int AS running
     FROM ingest_jobs WHERE state IN ('queued', 'running')`,
  );
  return rows[0];
}

/** The owners of this host's running jobs (for the caller to tell which of them are dead). */
export async function runningOwners(db: Queryable, host: string): Promise<string[]> {
  const { rows } = await db.query<{ owner: string }>(
    `SELECT DISTINCT owner FROM ingest_jobs WHERE source_host = $1 AND state = 'running' AND owner IS NOT NULL`,
    [host],
  );
  return rows.map((r) => r.owner);
}

/** Takes the oldest job of this host that is queued, or running for an owner that is dead or has
 * not beaten for `staleSeconds`: one statement, and SKIP LOCKED, so two runners never take the
 * same job. A job that ran out of attempts is failed first. */
export async function claimJob(
  db: Queryable,
  opts: { owner: string; host: string; staleSeconds: number; deadOwners: string[] },
): Promise<IngestJob | null> {
  // running, but its owner is dead or has not beaten for staleSeconds ($2 and $3 in both statements)
  const abandoned = `state = 'running' AND (heartbeat_at < now() - make_interval(secs => $2::float8) OR owner = ANY($3::text[]))`;
  await db.query(
    `UPDATE ingest_jobs SET state = 'failed', finished_at = now(),
       message = 'stopped ' || attempts || ' times while it ran (the process ended): look at this file before queuing it again'
     WHERE source_host = $1 AND attempts >= $4 AND ${abandoned}`,
    [opts.host, opts.staleSeconds, opts.deadOwners, MAX_ATTEMPTS],
  );
  const { rows } = await db.query<IngestJob>(
    `UPDATE ingest_jobs SET state = 'running', owner = $4, heartbeat_at = now(), attempts = attempts + 1,
       pages_done = 0, pages_total = NULL, message = NULL
     WHERE id = (
       SELECT id FROM ingest_jobs
       WHERE source_host = $1 AND (state = 'queued' OR (${abandoned}))
       ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING ${COLUMNS}`,
    [opts.host, opts.staleSeconds, opts.deadOwners, opts.owner],
  );
  return rows[0] ?? null;
}

/** Progress and heartbeat; false when the job is no longer this owner's. */
export async function beat(db: Queryable, id: number, owner: string, done: number, total: number | null): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE ingest_jobs SET heartbeat_at = now(), pages_done = $3, pages_total = $4
     WHERE id = $1 AND owner = $2 AND state = 'running' RETURNING id`,
    [id, owner, done, total],
  );
  return rows.length > 0;
}

export async function finishJob(
  db: Queryable,
  id: number,
  owner: string,
  outcome: {
    state: 'done' | 'skipped' | 'failed';
    message: string;
    issueId?: number | null;
    pagesDone?: number;
    pagesTotal?: number | null;
  },
): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE ingest_jobs SET state = $3, message = $4, issue_id = $5, finished_at = now(),
       pages_done = coalesce($6, pages_done), pages_total = coalesce($7, pages_total)
     WHERE id = $1 AND owner = $2 AND state = 'running' RETURNING id`,
    [id, owner, outcome.state, outcome.message, outcome.issueId ?? null, outcome.pagesDone ?? null, outcome.pagesTotal ?? null],
  );
  return rows.length > 0;
}

export async function getJob(db: Queryable, id: number): Promise<IngestJob | null> {
  const { rows } = await db.query<IngestJob>(`SELECT ${COLUMNS} FROM ingest_jobs WHERE id = $1`, [id]);
  return rows[0] ?? null;
}
