// Secrets the server makes for itself (services/secrets.ts), kept in the database so that every
// process on it shares them.
import type { Queryable } from '../db/index';

/** The stored value of `name`: the first process to ask stores `value`, every later one reads it. */
export async function storedOnce(db: Queryable, name: string, value: string): Promise<string> {
  await db.query(`INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [name, value]);
  const { rows } = await db.query<{ value: string }>(`SELECT value FROM app_secrets WHERE name = $1`, [name]);
  return rows[0].value;
}
