// Institution single sign-on (services/sso.ts): the institutions that offer it and the pending
// sign-ins, each state used once within its time limit.
import type { Queryable } from '../db/index';

export interface SsoInstitution {
  id: number;
  name: string;
  con_code: string | null;
  email_domains: string[];
  sso_issuer: string;
  sso_client_id: string;
  sso_client_secret: string;
}

export interface PendingSignIn {
  institution_id: number;
  code_verifier: string;
  nonce: string;
  return_to: string;
}

const OFFERS_SSO = 'sso_issuer IS NOT NULL AND sub_end > now()';

/** An institution with live access that offers sign-in through its own system, by id or org code. */
export async function ssoInstitution(db: Queryable, by: { id: number } | { code: string }): Promise<SsoInstitution | null> {
  const [where, value] = 'id' in by ? ['id = $1', by.id] : ['upper(con_code) = upper($1)', by.code];
  const { rows } = await db.query<SsoInstitution>(
    `SELECT id, name, con_code, email_domains, sso_issuer, sso_client_id, sso_client_secret FROM institutions
     WHERE ${where} AND ${OFFERS_SSO}`,
    [value],
  );
  return rows[0] ?? null;
}

export async function ssoInstitutions(db: Queryable): Promise<{ id: number; name: string; code: string | null }[]> {
  const { rows } = await db.query<{ id: number; name: string; code: string | null }>(
    `SELECT id, name, con_code AS code FROM institutions WHERE ${OFFERS_SSO} ORDER BY name`,
  );
  return rows;
}

/** Stores a sign-in on its way to the identity provider, forgetting those older than `ttlS`. */
export async function savePendingSignIn(
  db: Queryable,
  state: string,
  institutionId: number,
  p: Omit<PendingSignIn, 'institution_id'>,
  ttlS: number,
) {
  await db.query(`DELETE FROM sso_states WHERE created_at < now() - make_interval(secs => $1)`, [ttlS]);
  await db.query(`INSERT INTO sso_states (state, institution_id, code_verifier, nonce, return_to) VALUES ($1, $2, $3, $4, $5)`, [
    state,
    institutionId,
    p.code_verifier,
    p.nonce,
    p.return_to,
  ]);
}

/** Takes a pending sign-in by its state, once, if younger than `ttlS`. */
export async function takePendingSignIn(db: Queryable, state: string, ttlS: number): Promise<PendingSignIn | null> {
  const { rows } = await db.query<PendingSignIn>(
    `DELETE FROM sso_states WHERE state = $1 AND created_at > now() - make_interval(secs => $2) RETURNING institution_id, code_verifier, nonce, return_to`,
    [state, ttlS],
  );
  return rows[0] ?? null;
}
