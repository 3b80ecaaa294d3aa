// WORKERS=N: the primary process forks N server processes that share the port (node:cluster hands
// each new connection to one of them). It serves nothing itself: it replaces a worker that dies,
// and on SIGTERM or SIGINT forwards the signal to every worker and exits once they all have.
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

export function runPrimary(workers: number, shutdownTimeoutMs: number, onListening: () => void): void {
  let stopping = false;
  let announced = false;
  const started = new Map<Worker, number>();
  const fork = () => started.set(cluster.fork(), Date.now());

  cluster.on('listening', () => {
    if (!announced) onListening();
    announced = true;
  });
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (started.get(worker) ?? 0);
    started.delete(worker);
    if (stopping) {
      if (!started.size) process.exit(0);
      return;
    }
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
    }, shutdownTimeoutMs + 5000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  for (let i = 0; i < workers; i++) fork();
}
