// The health check's question to the database (routes/health.ts).
import type { Queryable } from '../db/index';

/** Answers when the database does: a round trip and nothing else. */
export async function pingDatabase(db: Queryable): Promise<void> {
  await db.query('SELECT 1');
}
