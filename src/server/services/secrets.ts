// Secrets the server makes for itself on first start and keeps in the database, so every
// process on the same database shares them and nothing secret is ever committed.
import crypto from 'node:crypto';
import type { Queryable } from '../db/index';
import { storedOnce } from '../repositories/app-secrets';

export async function serverSecret(db: Queryable, name: string): Promise<Buffer> {
  return Buffer.from(await storedOnce(db, name, crypto.randomBytes(32).toString('base64')), 'base64');
}

/** A key pair (or any JSON value) made once and shared the same way. */
export async function serverKeyPair<T>(db: Queryable, name: string, make: () => T): Promise<T> {
  return JSON.parse(await storedOnce(db, name, JSON.stringify(make()))) as T;
}
