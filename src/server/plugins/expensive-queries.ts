// Searches scan text indexes and their cost grows with the catalogue: a flood of distinct
// searches (no cache can help) once took the whole server down with it. Each expensive query
// runs under a statement timeout (PostgreSQL) and through a small gate: SEARCH_CONCURRENCY at once
// per process, four times as many waiting, and beyond that a quick 503 "busy" with Retry-After,
// so the pool and the event loop stay free for everything else.
import fp from 'fastify-plugin';
import type { FastifyReply } from 'fastify';
import type { Queryable } from '../db/index';
import { HttpError } from './errors';
import { isStatementTimeout, limitStatementTime } from '../repositories/query-time';

export const BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';
export const TIMEOUT_MESSAGE = 'This search took too long. Please try again with more specific words.';
const RETRY_AFTER_S = 2;

export const BUSY = Symbol('busy');

/** At most `max` calls at once, `queue` waiting; beyond that, BUSY (the caller refuses). */
export function gate(max: number, queue: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(fn: () => Promise<T>): Promise<T | typeof BUSY> {
    if (active < max) active++;
    else if (waiting.length < queue) await new Promise<void>((r) => waiting.push(r)); // the slot is handed over
    else return BUSY;
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

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
  const run = gate(searchConcurrency, searchConcurrency * 4);
  const unavailable = (reply: FastifyReply, code: string, message: string) => {
    reply.header('Retry-After', String(RETRY_AFTER_S));
    return new HttpError(503, code, message);
  };
  const timed = <T>(fn: (db: Queryable) => Promise<T>): Promise<T> =>
    db.kind === 'postgres'
      ? db.transaction(async (tx) => {
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
