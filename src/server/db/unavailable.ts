// Tells a database that cannot be reached (stopped, restarting, the network gone, the pool's
// connect timeout) from a bug, so the error handler can answer 503 with Retry-After instead of 500.
// The pool drops a broken connection and opens new ones by itself once the server is back.

/** SQLSTATE classes and codes that mean "the server is not there right now". */
const UNAVAILABLE_SQLSTATE = /^(08...|57P01|57P02|57P03|53300)$/; // connection exceptions, shutdown, starting, too many connections
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND']);
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection terminated due to connection timeout)/;

/** Seconds a client is told to wait before trying again while the database is away. */
export const DB_RETRY_AFTER_S = 5;

export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))) return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message);
}
