// Runs the bulk-import queue (repositories/ingest-jobs.ts): claims one job at a time, ingests its
// file with the pages rendered in worker threads, beats while it works (pages done/total, so the
// upload endpoint and a second runner can see it), and sets the outcome. Used by
// `npm run ingest -- <folder> --manifest` and `--resume`, and by the server in the background.
import type { MediaStorage } from '../media/storage';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import type { Db } from '../db/index';
import { beat, claimJob, finishJob, runningOwners, type IngestJob } from '../repositories/ingest-jobs';
import { ingestPdf, type IngestResult } from './ingest';
import { createPagePool, type PagePool } from './page-pool';
import { IngestError } from './render-shared';

/** A running job that has not beaten for this long belongs to a process that is gone. */
export const STALE_SECONDS = 60;
const BEAT_MS = 2_000;

/** Files are read where they were queued: a job belongs to the host that has its file. */
export const HOST = os.hostname();

export type JobEvent =
  | { kind: 'start'; job: IngestJob }
  | { kind: 'page'; job: IngestJob; done: number; total: number }
  | { kind: 'end'; job: IngestJob; state: 'done' | 'skipped' | 'failed'; message: string; result?: IngestResult };

export interface RunnerOptions {
  db: Db;
  storage: MediaStorage;
  onEvent?: (e: JobEvent) => void;
  /** tests: a runner that claims as another process would */
  owner?: string;
  staleSeconds?: number;
  /** worker threads to render in (config.ingestWorkers); 0: on this thread */
  workers: number;
  /** asked before each claim: true ends the run (the server closing) */
  stop?: () => boolean;
}

export const newOwner = () => `${HOST}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;

const pidAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Owners of this host's running jobs that are gone: on PGlite every other owner (one process
 * holds the database at a time), on PostgreSQL those whose process is no longer alive. */
async function deadOwners(db: Db, me: string): Promise<string[]> {
  return (await runningOwners(db, HOST)).filter((owner) => {
    if (owner === me) return false;
    if (db.kind === 'pglite') return true;
    const [host, pid] = owner.split(':');
    return host === HOST && !pidAlive(Number(pid));
  });
}

function outcomeOf(r: IngestResult): { state: 'done' | 'skipped'; message: string } {
  const which = `issue ${r.issueId} '${r.issueName}' of '${r.titleName}'`;
  if (!r.created) return { state: 'skipped', message: `already in: ${which} is this file; nothing added` };
  const warned = r.warnings.length ? `, ${r.warnings.length} warning${r.warnings.length === 1 ? '' : 's'}` : '';
  return { state: 'done', message: `${r.titleCreated ? 'new title; ' : ''}${which}, ${r.pages} page${r.pages === 1 ? '' : 's'}${warned}` };
}

/** Claims and runs one job: the job as it ended, or null when there is none to claim. */
export async function runOneJob(opts: RunnerOptions, pool: () => PagePool | undefined): Promise<IngestJob | null> {
  const { db } = opts;
  const owner = opts.owner ?? newOwner();
  const job = await claimJob(db, {
    owner,
    host: HOST,
    staleSeconds: opts.staleSeconds ?? STALE_SECONDS,
    deadOwners: await deadOwners(db, owner),
  });
  if (!job) return null;
  opts.onEvent?.({ kind: 'start', job });
  let done = 0;
  let total: number | null = null;
  const timer = setInterval(() => void beat(db, job.id, owner, done, total).catch(() => undefined), BEAT_MS);
  let end: Extract<JobEvent, { kind: 'end' }>;
  try {
    const bytes = await fs.promises.readFile(job.sourcePath).catch((err: NodeJS.ErrnoException) => {
      throw new IngestError(`cannot read ${job.sourcePath}: ${err.code ?? err.message}`);
    });
    const result = await ingestPdf(
      db,
      opts.storage,
      bytes,
      job.request,
      (d, t) => {
        [done, total] = [d, t];
        opts.onEvent?.({ kind: 'page', job, done: d, total: t });
      },
      pool(),
    );
    end = { kind: 'end', job, ...outcomeOf(result), result };
    [done, total] = [result.pages, result.pages];
  } catch (err) {
    const message = err instanceof IngestError ? err.message : `the file could not be ingested: ${(err as Error).message}`;
    end = { kind: 'end', job, state: 'failed', message };
  } finally {
    clearInterval(timer);
  }
  // before the outcome is visible: whoever sees the job over sees its copy gone
  if (job.removeSource) await fs.promises.rm(job.sourcePath, { force: true });
  await finishJob(db, job.id, owner, {
    state: end.state,
    message: end.message,
    issueId: end.result?.issueId,
    pagesDone: done,
    pagesTotal: total,
  });
  opts.onEvent?.(end);
  return { ...job, state: end.state, message: end.message };
}

/** Runs jobs until none is left to claim; the worker threads start with the first job and end
 * with the last. The finished jobs, in order. */
export async function runJobs(opts: RunnerOptions): Promise<IngestJob[]> {
  let pool: PagePool | null = null;
  const finished: IngestJob[] = [];
  try {
    while (!opts.stop?.()) {
      const job = await runOneJob(opts, () => (opts.workers ? (pool ??= createPagePool(opts.workers)) : undefined));
      if (!job) break;
      finished.push(job);
    }
  } finally {
    await (pool as PagePool | null)?.close();
  }
  return finished;
}
