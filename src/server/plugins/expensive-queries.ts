// Searches scan text indexes and their cost grows with the catalogue: a flood of distinct
// searches (no cache can help) once took the whole server down with it. Each expensive query
// runs under a statement timeout (PostgreSQL) and through a small gate: SEARCH_CONCURRENCY at once
// per process, sixteen times as many waiting (a wait costs memory, not the database), and beyond that a quick 503 "busy" with Retry-After,
// so the pool and the event loop stay free for everything else. They only read: with a replica
// (DATABASE_READ_URL) their transaction runs there, like the catalogue's other reads.
import fp from 'fastify-plugin';
import type { FastifyReply } from 'fastify';
import type { Queryable } from '../db/index';
import { HttpError } from '../http-error';
import { isStatementTimeout, limitStatementTime } from '../repositories/query-time';
import { BUSY, gate } from '../services/gate';

export const BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';
export const TIMEOUT_MESSAGE = 'This search took too long. Please try again with more specific words.';
const RETRY_AFTER_S = 2;

export type Expensive = <T>(reply: FastifyReply, fn: (db: Queryable) => Promise<T>) => Promise<T>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs an expensive query under the statement timeout and the concurrency gate. */
    expensive: Expensive;
  }
}

export default fp(async (app) => {
  const { db } = app;
  const { searchTimeoutMs, searchConcurrency } = app.config;
  const run = gate(searchConcurrency, searchConcurrency * 16);
  const unavailable = (reply: FastifyReply, code: string, message: string) => {
    reply.header('Retry-After', String(RETRY_AFTER_S));
    return new HttpError(503, code, message);
  };
  const timed = <T>(fn: (db: Queryable) => Promise<T>): Promise<T> =>
    db.kind === 'postgres'
      ? db.readTransaction(async (tx) => {
          await limitStatementTime(tx, searchTimeoutMs);
          return fn(tx);
        })
      : fn(db); // PGlite: one connection, statements run one after another anyway

  app.decorate('expensive', async <T>(reply: FastifyReply, fn: (db: Queryable) => Promise<T>): Promise<T> => {
    let result: T | typeof BUSY;
    try {
      result = await run(() => timed(fn));
    } catch (err) {
      if (isStatementTimeout(err)) throw unavailable(reply, 'search_timeout', TIMEOUT_MESSAGE);
      throw err;
    }
    if (result === BUSY) throw unavailable(reply, 'busy', BUSY_MESSAGE);
    return result;
  });
});
