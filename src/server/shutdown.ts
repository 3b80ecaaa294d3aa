// Graceful shutdown on SIGTERM and SIGINT: stop the job timers, stop accepting connections and let
// the requests in flight finish (Fastify's close; a new request on a kept-alive socket gets 503
// meanwhile), close the database, exit 0. Requests still running after timeoutMs are abandoned
// with exit code 1, so a stuck request cannot keep an old process alive through a deploy.
import type { FastifyInstance } from 'fastify';
import type { Db } from './db/index';

export function closeOnSignals(app: FastifyInstance, db: Db, stopJobs: (() => void)[], timeoutMs: number): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return; // Ctrl-C reaches every worker and the primary forwards it too
    closing = true;
    app.log.info(`${signal}: finishing requests in flight, then stopping`);
    setTimeout(() => {
      console.error(`shutdown: requests still in flight after ${timeoutMs} ms; exiting anyway`);
      process.exit(1);
    }, timeoutMs).unref();
    for (const stop of stopJobs) stop();
    try {
      await app.close();
      await db.close();
    } catch (err) {
      console.error(`shutdown: ${(err as Error).message}`);
      process.exit(1);
    }
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(signal));
}
