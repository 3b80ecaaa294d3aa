// Graceful shutdown on SIGTERM and SIGINT: stop the job timers, stop accepting connections, let
// the requests in flight finish and the open connections end (drain), close the app and the
// database, exit 0. Requests still running after timeoutMs are abandoned with exit code 1, so a
// stuck request cannot keep an old process alive through a deploy.
import net from 'node:net';
import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Db } from './db/index';

/** Stops taking connections and resolves once every open one has ended. A kept-alive connection
 * is not cut while idle (a client may be sending on it at that very moment, and would see "other
 * side closed"): its next request is answered with Connection: close, or it lapses after
 * KEEP_ALIVE_TIMEOUT_MS, whose Keep-Alive hint makes clients stop using it first. http.Server's
 * own close() cuts idle connections at once, so the listening socket is closed as a net.Server. */
export function drain(server: Server): Promise<void> {
  server.prependListener('request', (_req, res) => res.setHeader('Connection', 'close'));
  return new Promise((resolve) => net.Server.prototype.close.call(server, () => resolve()));
}

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
      await drain(app.server);
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
