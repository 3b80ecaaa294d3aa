// Secrets the server makes for itself on first start and keeps in the database, so every
// process on the same database shares them and nothing secret is ever committed.
import crypto from 'node:crypto';
import type { Queryable } from '../db/index';

/** The stored value of `name`: the first process to ask stores `value`, every later one reads it. */
async function storedOnce(db: Queryable, name: string, value: string): Promise<string> {
  await db.query(`INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [name, value]);
  const { rows } = await db.query<{ value: string }>(`SELECT value FROM app_secrets WHERE name = $1`, [name]);
  return rows[0].value;
}

export async function serverSecret(db: Queryable, name: string): Promise<Buffer> {
  return Buffer.from(await storedOnce(db, name, crypto.randomBytes(32).toString('base64')), 'base64');
}

/** A key pair (or any JSON value) made once and shared the same way. */
export async function serverKeyPair<T>(db: Queryable, name: string, make: () => T): Promise<T> {
  return JSON.parse(await storedOnce(db, name, JSON.stringify(make()))) as T;
}
