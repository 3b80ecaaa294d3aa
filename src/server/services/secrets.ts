// Secrets the server makes for itself on first start and keeps in the database, so every
// process on the same database shares them and nothing secret is ever committed.
import crypto from 'node:crypto';
import type { Queryable } from '../db/index';

export async function serverSecret(db: Queryable, name: string): Promise<Buffer> {
  await db.query(`INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [
    name,
    crypto.randomBytes(32).toString('base64'),
  ]);
  const { rows } = await db.query<{ value: string }>(`SELECT value FROM app_secrets WHERE name = $1`, [name]);
  return Buffer.from(rows[0].value, 'base64');
}

/** A key pair (or any JSON value) made once and shared the same way: the first process to start
 * stores what `make` returns, every later one (and every other process) reads that. */
export async function serverKeyPair<T>(db: Queryable, name: string, make: () => T): Promise<T> {
  await db.query(`INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [name, JSON.stringify(make())]);
  const { rows } = await db.query<{ value: string }>(`SELECT value FROM app_secrets WHERE name = $1`, [name]);
  return JSON.parse(rows[0].value) as T;
}
