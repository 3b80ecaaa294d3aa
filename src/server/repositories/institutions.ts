// Institution details for branding (getOrgDetails).
import type { Queryable } from '../db/index';
import { mediaUrl } from '../media/store';

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

/** Is the domain one of an institution's e-mail domains (a new address there joins it)? */
export async function isInstitutionDomain(db: Queryable, domain: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM institutions WHERE $1 = ANY (email_domains) LIMIT 1`, [domain]);
  return rows.length > 0;
}
