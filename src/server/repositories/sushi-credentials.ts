// SUSHI credentials (COUNTER_SUSHI API 5.1 §3), one set per requestor: an institution names each
// harvesting tool it gives access (CELUS, Alma, ...), so one can get a new key or be revoked
// without the others. customer_id is the institution's id; requestor_id and api_key are random.
// The key is shown once, to the librarian who makes it, and kept only as its SHA-256. A
// consortium's requestors (institutions.parent_institution_id) may also harvest its members.
import crypto from 'node:crypto';
import type { Db, Queryable } from '../db/index';
import { recordAudit } from './console';
import { refuse, type Refusal } from './refusal';

/** Requestors an institution may have: enough for every tool a library uses, few enough that a
 * stolen console session cannot mint keys without bound. */
export const SUSHI_REQUESTORS_MAX = 20;

const hash = (key: string) => crypto.createHash('sha256').update(key).digest('hex');

export interface SushiRequestor {
  id: number;
  name: string;
  requestorId: string;
  createdAt: string;
  keyMadeAt: string;
  lastUsedAt: string | null;
}

interface Row {
  id: number;
  name: string;
  requestor_id: string;
  created_at: Date;
  key_made_at: Date;
  last_used_at: Date | null;
}
const COLUMNS = 'id, name, requestor_id, created_at, key_made_at, last_used_at';
const toRequestor = (r: Row): SushiRequestor => ({
  id: r.id,
  name: r.name,
  requestorId: r.requestor_id,
  createdAt: r.created_at.toISOString(),
  keyMadeAt: r.key_made_at.toISOString(),
  lastUsedAt: r.last_used_at?.toISOString() ?? null,
});

/** The institution's requestors, oldest first. */
export async function sushiRequestors(db: Queryable, institutionId: number): Promise<SushiRequestor[]> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM sushi_requestors WHERE institution_id = $1 ORDER BY id`, [institutionId]);
  return rows.map(toRequestor);
}

const newSecrets = () => ({ requestorId: crypto.randomBytes(12).toString('hex'), apiKey: crypto.randomBytes(32).toString('base64url') });

export interface IssuedKey {
  requestor: SushiRequestor;
  /** Shown once; only its hash is kept. */
  apiKey: string;
}

/** A new named requestor with its key. Refused past SUSHI_REQUESTORS_MAX or with a name the
 * institution already uses. Audited without the key. */
export function createSushiRequestor(db: Db, institutionId: number, name: string, actorId: number | null): Promise<IssuedKey | Refusal> {
  return db.transaction(async (tx) => {
    // One change to an institution's requestors at a time, so two adds cannot pass the cap together.
    await tx.query('SELECT id FROM institutions WHERE id = $1 FOR UPDATE', [institutionId]);
    const before = await sushiRequestors(tx, institutionId);
    if (before.length >= SUSHI_REQUESTORS_MAX)
      return refuse(
        400,
        'too_many_requestors',
        `An institution can have at most ${SUSHI_REQUESTORS_MAX} SUSHI requestors. Revoke one first.`,
      );
    if (before.some((r) => r.name.toLowerCase() === name.toLowerCase()))
      return refuse(409, 'requestor_name_taken', `There is already a requestor named ${name}.`);
    const s = newSecrets();
    const { rows } = await tx.query<Row>(
      `INSERT INTO sushi_requestors (institution_id, name, requestor_id, api_key_hash) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
      [institutionId, name, s.requestorId, hash(s.apiKey)],
    );
    const requestor = toRequestor(rows[0]);
    await recordAudit(tx, {
      actorId,
      institutionId,
      action: 'sushi.create',
      target: name,
      before: null,
      after: { name, requestorId: s.requestorId },
    });
    return { requestor, apiKey: s.apiKey };
  });
}

const notFound = () => refuse(404, 'no_requestor', 'There is no such SUSHI requestor.');

/** A new requestor_id and api_key for one requestor: its old ones stop at once, the others' stay. */
export function newSushiKey(db: Db, institutionId: number, id: number, actorId: number | null): Promise<IssuedKey | Refusal> {
  return db.transaction(async (tx) => {
    const s = newSecrets();
    const { rows } = await tx.query<Row & { old_requestor_id: string }>(
      `UPDATE sushi_requestors r SET requestor_id = $3, api_key_hash = $4, key_made_at = now(), last_used_at = NULL
       FROM (SELECT id, requestor_id AS old_requestor_id FROM sushi_requestors WHERE id = $2 AND institution_id = $1 FOR UPDATE) old
       WHERE r.id = old.id
       RETURNING r.id, r.name, r.requestor_id, r.created_at, r.key_made_at, r.last_used_at, old.old_requestor_id`,
      [institutionId, id, s.requestorId, hash(s.apiKey)],
    );
    if (!rows.length) return notFound();
    const requestor = toRequestor(rows[0]);
    await recordAudit(tx, {
      actorId,
      institutionId,
      action: 'sushi.rotate',
      target: requestor.name,
      before: { requestorId: rows[0].old_requestor_id },
      after: { requestorId: s.requestorId },
    });
    return { requestor, apiKey: s.apiKey };
  });
}

/** Revokes one requestor: its key stops at once. */
export function revokeSushiRequestor(db: Db, institutionId: number, id: number, actorId: number | null): Promise<SushiRequestor | Refusal> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<Row>(`DELETE FROM sushi_requestors WHERE id = $2 AND institution_id = $1 RETURNING ${COLUMNS}`, [
      institutionId,
      id,
    ]);
    if (!rows.length) return notFound();
    const requestor = toRequestor(rows[0]);
    await recordAudit(tx, {
      actorId,
      institutionId,
      action: 'sushi.revoke',
      target: requestor.name,
      before: { name: requestor.name, requestorId: requestor.requestorId },
      after: null,
    });
    return requestor;
  });
}

export type SushiCheck = { ok: true; institutionId: number; ownerId: number } | { ok: false; reason: 'requestor' | 'customer' | 'api_key' };

/** Which credential is wrong, if any: a requestor_id nobody has, a customer_id that is neither the
 * requestor's institution nor one of its consortium's members, or the api_key. */
export async function checkSushiCredentials(
  db: Queryable,
  c: { customerId: string; requestorId: string; apiKey: string },
): Promise<SushiCheck> {
  const { rows } = await db.query<{ id: number; institution_id: number; api_key_hash: string }>(
    'SELECT id, institution_id, api_key_hash FROM sushi_requestors WHERE requestor_id = $1',
    [c.requestorId],
  );
  const r = rows[0];
  if (!r) return { ok: false, reason: 'requestor' };
  const customer = /^[1-9]\d{0,8}$/.test(c.customerId) ? Number(c.customerId) : 0;
  if (customer !== r.institution_id) {
    const member = await db.query('SELECT 1 FROM institutions WHERE id = $1 AND parent_institution_id = $2', [customer, r.institution_id]);
    if (!member.rows.length) return { ok: false, reason: 'customer' };
  }
  if (!crypto.timingSafeEqual(Buffer.from(hash(c.apiKey), 'hex'), Buffer.from(r.api_key_hash, 'hex')))
    return { ok: false, reason: 'api_key' };
  // When it was last used, for the console; written at most once a minute per requestor.
  await db.query(
    `UPDATE sushi_requestors SET last_used_at = now() WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
    [r.id],
  );
  return { ok: true, institutionId: customer, ownerId: r.institution_id };
}

/** The institutions a requestor of this institution may harvest: itself, then its consortium's
 * members in name order. */
export async function harvestableInstitutions(db: Queryable, ownerId: number): Promise<{ id: number; name: string }[]> {
  const { rows } = await db.query<{ id: number; name: string }>(
    `SELECT id, name FROM institutions WHERE id = $1 OR parent_institution_id = $1 ORDER BY id <> $1, lower(name), id`,
    [ownerId],
  );
  return rows;
}
