// WORKERS=N: the primary process forks N server processes that share the port (node:cluster hands
// each new connection to one of them). It serves nothing itself: it replaces a worker that dies,
// on SIGTERM or SIGINT forwards the signal to every worker and exits once they all have, and on
// SIGHUP restarts them one at a time (a rolling restart: a deploy with no refused request).
import cluster, { type Worker } from 'node:cluster';

/** A worker that dies sooner than this after starting is restarted only after a pause, so a
 * worker that cannot start (the database gone) does not spin. */
const QUICK_DEATH_MS = 5000;
const RESTART_PAUSE_MS = 2000;

/** Why these settings cannot run several processes (one line for the operator), or undefined. */
export function workersProblem(workers: number, databaseUrl: string | undefined): string | undefined {
  if (workers > 1 && !databaseUrl)
    return `WORKERS=${workers} needs PostgreSQL (DATABASE_URL): PGlite is one process. Unset WORKERS or set DATABASE_URL.`;
}

/** Set in a process forked only to apply the migrations of the code now on disk (server.ts). */
export const MIGRATE_ONLY_ENV = 'LECTERN_MIGRATE_ONLY';

export interface PrimaryOptions {
  workers: number;
  shutdownTimeoutMs: number;
  /** Once, when the first worker listens. */
  onListening: () => void;
}

/** Resolves when the worker listens, rejects when it exits first. */
function listening(worker: Worker): Promise<void> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null, signal: string | null) => reject(new Error(`it exited (${signal ?? code}) before it listened`));
    worker.once('exit', onExit);
    worker.once('listening', () => {
      worker.off('exit', onExit);
      resolve();
    });
  });
}

export function runPrimary(opts: PrimaryOptions): void {
  let stopping = false;
  let restarting = false;
  let announced = false;
  const started = new Map<Worker, number>();
  /** Workers this primary stopped on purpose (a rolling restart): not replaced when they exit. */
  const retired = new Set<Worker>();
  const fork = () => {
    const worker = cluster.fork();
    started.set(worker, Date.now());
    return worker;
  };

  cluster.on('listening', () => {
    if (!announced) opts.onListening();
    announced = true;
  });
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (started.get(worker) ?? 0);
    started.delete(worker);
    if (stopping) {
      if (!started.size) process.exit(0);
      return;
    }
    if (retired.delete(worker)) return;
    console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    if (lived < QUICK_DEATH_MS) setTimeout(fork, RESTART_PAUSE_MS);
    else fork();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    if (!started.size) process.exit(0);
    for (const worker of started.keys()) worker.process.kill(signal);
    // The workers give up on stuck requests at shutdownTimeoutMs; this is the last resort.
    setTimeout(() => {
      console.error('shutdown: workers still running; killing them');
      for (const worker of started.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, opts.shutdownTimeoutMs + 5000).unref();
  };

  // The new code's migrations, applied by the new code (a fork runs the file on disk now, where
  // a new release may be; this process still holds the old one) before any of its workers serves.
  const migrate = () =>
    new Promise<void>((resolve, reject) => {
      const worker = cluster.fork({ [MIGRATE_ONLY_ENV]: '1' });
      retired.add(worker);
      worker.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`the migrations failed (${signal ?? code})`))));
    });

  // One worker at a time: its replacement listens first, then it drains its requests and exits
  // (shutdown.ts), so the port always has as many workers as before, or one more.
  const restart = async () => {
    if (restarting || stopping) return;
    restarting = true;
    const old = [...started.keys()];
    console.log(`SIGHUP: replacing ${old.length} workers one at a time`);
    try {
      await migrate();
      for (const [i, worker] of old.entries()) {
        if (stopping) return;
        const fresh = fork();
        // A new worker that cannot start is not forked again and again: the old ones keep serving.
        retired.add(fresh);
        await listening(fresh);
        retired.delete(fresh);
        if (!started.has(worker)) {
          // It died meanwhile and was replaced already: one worker too many now.
          retired.add(fresh);
          fresh.process.kill('SIGTERM');
          continue;
        }
        retired.add(worker);
        const exited = new Promise((resolve) => worker.once('exit', resolve));
        worker.process.kill('SIGTERM');
        await exited;
        console.log(`worker ${i + 1}/${old.length} replaced (pid ${worker.process.pid} → ${fresh.process.pid})`);
      }
      console.log('SIGHUP: every worker replaced');
    } catch (err) {
      console.error(`SIGHUP: restart stopped, the running workers stay: ${(err as Error).message}`);
    } finally {
      restarting = false;
    }
  };

  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGHUP', () => void restart());
  for (let i = 0; i < opts.workers; i++) fork();
}
