// A time limit for one transaction's statements (PostgreSQL; PGlite has no timer to cancel a
// statement with and ignores it).
import type { Queryable } from '../db/index';

/** Inside a transaction: statements after this one are cancelled (SQLSTATE 57014) after ms. */
export async function limitStatementTime(tx: Queryable, ms: number): Promise<void> {
  await tx.query(`SELECT set_config('statement_timeout', $1, true)`, [`${Math.round(ms)}ms`]);
}

export const isStatementTimeout = (err: unknown): boolean => (err as { code?: string } | null)?.code === '57014';
