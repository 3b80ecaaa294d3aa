// Institutions: details for branding (getOrgDetails) and the ones a reader can ask to join.
import type { Queryable } from '../db/index';
import { mediaUrl } from '../media/store';
import { isLive } from './membership';

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
