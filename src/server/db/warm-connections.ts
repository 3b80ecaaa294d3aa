// A new PostgreSQL connection runs its first statements slowly: it reads the catalogue of the
// tables they name and parses and plans each marked statement (db/prepared.ts) before it runs it.
// At a 9 am burst on a server just started, the pool opened its nine other connections in the
// first second, each cold, while the readers waited. Before the server listens, its warm-up
// (warm-up.ts) has every connection of the pool opened and asked the marked statements run so
// far, with the parameters they first ran with (the warm-up's own questions), each in a
// read-only transaction rolled back: the database refuses any write, and a statement that fails
// (one that writes is refused after it is parsed, which is what is kept) is passed over.
import type pg from 'pg';
import { preparedSoFar } from './prepared';

/** Opens up to `max` connections of the pool and warms each; returns how many were warmed. */
export async function warmConnections(pool: pg.Pool, max: number, onError: (err: Error) => void): Promise<number> {
  const opened = await Promise.allSettled(Array.from({ length: max }, () => pool.connect()));
  const clients = opened.flatMap((c) => (c.status === 'fulfilled' ? [c.value] : []));
  const statements = preparedSoFar();
  await Promise.all(
    clients.map(async (client) => {
      client.on('error', onError);
      let broken = false;
      try {
        for (const statement of statements) {
          await client.query('BEGIN READ ONLY');
          await client.query(statement).catch(() => undefined);
          await client.query('ROLLBACK');
        }
      } catch {
        broken = true;
      } finally {
        client.off('error', onError);
        client.release(broken);
      }
    }),
  );
  return clients.length;
}
