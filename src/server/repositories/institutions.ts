// Institutions: details for branding (getOrgDetails), the ones a reader can ask to join, and the
// rule that names are unique.
import type { Queryable } from '../db/index';
import { mediaUrl } from '../media/store';
import { isLive } from './membership';
import { refuse, type Refusal } from './refusal';

/** Names are unique compared without case, spaces or accents (institution_name_key, migration
 * 029), so no institution can take another's name and the enquiries and trust that go with it.
 * Call it in the transaction that sets the name: one naming at a time (the unique index would
 * otherwise make the second of two at once a server error). A refusal when another has the name. */
export async function claimName(tx: Queryable, name: string, institutionId: number | null): Promise<Refusal | null> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('institutions.name'))`);
  const { rows } = await tx.query(
    'SELECT 1 FROM institutions WHERE institution_name_key(name) = institution_name_key($1) AND id IS DISTINCT FROM $2::int',
    [name, institutionId],
  );
  return rows.length ? refuse(409, 'name_taken', `Another institution is already called ${name}. Choose another name.`) : null;
}

export async function orgByCode(db: Queryable, conCode: string) {
  const { rows } = await db.query(
    'SELECT id, name, logo1, logo2, logo3, newspapers, journals, sub_end FROM institutions WHERE lower(con_code) = lower($1)',
    [conCode],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id,
    name: r.name,
    logo1: mediaUrl(r.logo1),
    logo2: mediaUrl(r.logo2),
    logo3: mediaUrl(r.logo3),
    isNewspaper: r.newspapers,
    isJournal: r.journals,
    subscriptionEnd: Math.floor(new Date(r.sub_end).getTime() / 1000),
  };
}

/** Subscribing institutions a reader can ask to join, by name. */
export async function liveInstitutions(db: Queryable): Promise<{ id: number; name: string }[]> {
  const { rows } = await db.query<{ id: number; name: string }>(`SELECT id, name FROM institutions i WHERE ${isLive('i')} ORDER BY name`);
  return rows;
}

export async function isLiveInstitution(db: Queryable, id: number): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM institutions i WHERE i.id = $1 AND ${isLive('i')}`, [id]);
  return rows.length > 0;
}
