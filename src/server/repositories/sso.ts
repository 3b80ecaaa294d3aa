// Institution single sign-on (services/sso.ts): the institutions that offer it, the pending
// sign-ins (each state used once within its time limit), and the provider accounts (issuer,
// subject) bound to Lectern accounts. An identity is bound once, to the account its first sign-in
// made or to the signed-in reader who linked it; a sign-in finds the account by it alone, so it
// never reaches an account it did not make or was not linked to, and never a console account.
import crypto from 'node:crypto';
import type { Db, Queryable } from '../db/index';

export interface SsoInstitution {
  id: number;
  name: string;
  con_code: string | null;
  /** Its proven e-mail domains (a pending claim lets nobody in). */
  email_domains: string[];
  /** OpenID Connect (null when the institution signs in with SAML). */
  sso_issuer: string | null;
  sso_client_id: string | null;
  sso_client_secret: string | null;
  /** SAML: the identity provider's entity ID, sign-in address and signing certificates (PEM). */
  saml_entity_id: string | null;
  saml_sso_url: string | null;
  saml_certs: string[] | null;
}

export interface PendingSignIn {
  institution_id: number;
  code_verifier: string | null;
  nonce: string | null;
  return_to: string;
  /** The signed-in reader linking their account (null: a sign-in). */
  link_user_id: number | null;
}

// Live, with a provider set and a proven domain whose addresses it can sign in.
const OFFERS_SSO = `(sso_issuer IS NOT NULL OR saml_entity_id IS NOT NULL) AND sub_end > now()
  AND EXISTS (SELECT 1 FROM institution_domains d WHERE d.institution_id = institutions.id AND d.proven_at IS NOT NULL)`;

/** An institution with live access that offers sign-in through its own system, by id or org code. */
export async function ssoInstitution(db: Queryable, by: { id: number } | { code: string }): Promise<SsoInstitution | null> {
  const [where, value] = 'id' in by ? ['id = $1', by.id] : ['upper(con_code) = upper($1)', by.code];
  const { rows } = await db.query<SsoInstitution>(
    `SELECT id, name, con_code, sso_issuer, sso_client_id, sso_client_secret, saml_entity_id, saml_sso_url, saml_certs,
            ARRAY(SELECT d.domain FROM institution_domains d WHERE d.institution_id = institutions.id AND d.proven_at IS NOT NULL
                  ORDER BY d.domain) AS email_domains
     FROM institutions WHERE ${where} AND ${OFFERS_SSO}`,
    [value],
  );
  return rows[0] ?? null;
}

export async function institutionExists(db: Queryable, id: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM institutions WHERE id = $1', [id])).rows.length > 0;
}

export async function ssoInstitutions(db: Queryable): Promise<{ id: number; name: string; code: string | null }[]> {
  const { rows } = await db.query<{ id: number; name: string; code: string | null }>(
    `SELECT id, name, con_code AS code FROM institutions WHERE ${OFFERS_SSO} ORDER BY name`,
  );
  return rows;
}

/** Stores a sign-in on its way to the identity provider, forgetting those older than `ttlS`. A
 * SAML sign-in's state is its AuthnRequest ID. */
export async function savePendingSignIn(
  db: Queryable,
  state: string,
  institutionId: number,
  p: Omit<PendingSignIn, 'institution_id'>,
  ttlS: number,
  protocol: 'oidc' | 'saml' = 'oidc',
) {
  await db.query(`DELETE FROM sso_states WHERE created_at < now() - make_interval(secs => $1)`, [ttlS]);
  await db.query(
    `INSERT INTO sso_states (state, institution_id, code_verifier, nonce, return_to, link_user_id, protocol) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [state, institutionId, p.code_verifier, p.nonce, p.return_to, p.link_user_id, protocol],
  );
}

/** Takes a pending sign-in by its state, once, if younger than `ttlS`. */
export async function takePendingSignIn(
  db: Queryable,
  state: string,
  ttlS: number,
  protocol: 'oidc' | 'saml' = 'oidc',
): Promise<(PendingSignIn & { created_at: Date }) | null> {
  const { rows } = await db.query<PendingSignIn & { created_at: Date }>(
    `DELETE FROM sso_states WHERE state = $1 AND protocol = $3 AND created_at > now() - make_interval(secs => $2)
     RETURNING institution_id, code_verifier, nonce, return_to, link_user_id, created_at`,
    [state, ttlS, protocol],
  );
  return rows[0] ?? null;
}

/** What a verified SAML answer said, waiting for the app to collect it once. */
export interface SamlAnswer {
  institution_id: number;
  issuer: string;
  name_id: string;
  name_id_format: string | null;
  attributes: Record<string, string[]>;
  return_to: string;
  link_user_id: number | null;
}

export async function saveSamlAnswer(db: Queryable, handleHash: string, a: SamlAnswer, ttlS: number) {
  await db.query(`DELETE FROM saml_answers WHERE created_at < now() - make_interval(secs => $1)`, [ttlS]);
  await db.query(
    `INSERT INTO saml_answers (handle_hash, institution_id, issuer, name_id, name_id_format, attributes, return_to, link_user_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [handleHash, a.institution_id, a.issuer, a.name_id, a.name_id_format, JSON.stringify(a.attributes), a.return_to, a.link_user_id],
  );
}

/** Takes a verified SAML answer by its handle's hash, once, if younger than `ttlS`. */
export async function takeSamlAnswer(db: Queryable, handleHash: string, ttlS: number): Promise<SamlAnswer | null> {
  const { rows } = await db.query<SamlAnswer>(
    `DELETE FROM saml_answers WHERE handle_hash = $1 AND created_at > now() - make_interval(secs => $2)
     RETURNING institution_id, issuer, name_id, name_id_format, attributes, return_to, link_user_id`,
    [handleHash, ttlS],
  );
  return rows[0] ?? null;
}

/** A provider's account, as its ID token (or SAML assertion) names it, and the institution it signed in through. */
export interface SsoIdentity {
  issuer: string;
  subject: string;
  email: string;
  institutionId: number;
}

/** Why an institution's sign-in could not reach an account. */
export type SsoRefusal = 'account_exists' | 'console_account' | 'linked_elsewhere' | 'already_linked';

const hasConsoleRole = async (tx: Queryable, userId: number) =>
  (await tx.query('SELECT 1 FROM console_roles WHERE user_id = $1', [userId])).rows.length > 0;

/** The account an institution's sign-in signs in: the one bound to the identity, else a new one
 * for its address, bound to it. An existing account with that address that the identity is not
 * bound to is refused (its owner signs in and links it first), and so is a console account. Two
 * first sign-ins of one identity at once make one account: the second waits on the address's
 * unique index, then finds the identity the first bound. */
export async function ssoAccount(db: Db, id: SsoIdentity): Promise<{ userId: number } | { refused: SsoRefusal }> {
  try {
    return await ssoAccountOnce(db, id);
  } catch (err) {
    // Bound meanwhile to an account of another address: that sign-in won; ask again, and find it.
    if (err instanceof BoundMeanwhile) return ssoAccountOnce(db, id);
    throw err;
  }
}

class BoundMeanwhile extends Error {}

function ssoAccountOnce(db: Db, id: SsoIdentity): Promise<{ userId: number } | { refused: SsoRefusal }> {
  return db.transaction(async (tx) => {
    const bound = async () =>
      (
        await tx.query<{ user_id: number }>('SELECT user_id FROM sso_identities WHERE issuer = $1 AND subject = $2', [
          id.issuer,
          id.subject,
        ])
      ).rows[0]?.user_id;
    const answer = async (userId: number) => ((await hasConsoleRole(tx, userId)) ? { refused: 'console_account' as const } : { userId });
    // The address before the identity: a first sign-in of this identity that commits between the
    // two reads made both rows at once, so the second read finds it bound and never refuses it as
    // someone else's account.
    const existing = (await tx.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [id.email])).rows[0];
    const known = await bound();
    if (known) return answer(known);
    if (existing) return (await hasConsoleRole(tx, existing.id)) ? { refused: 'console_account' } : { refused: 'account_exists' };
    const made = (
      await tx.query<{ id: number }>(
        `INSERT INTO users (uuid, email, email_verified) VALUES ($1, $2, true) ON CONFLICT (email) DO NOTHING RETURNING id`,
        [crypto.randomUUID(), id.email],
      )
    ).rows[0];
    if (!made) {
      const now = await bound();
      return now ? answer(now) : { refused: 'account_exists' };
    }
    const linked = await tx.query(
      `INSERT INTO sso_identities (issuer, subject, user_id, institution_id) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING user_id`,
      [id.issuer, id.subject, made.id, id.institutionId],
    );
    // Rolls back the account just made.
    if (!linked.rows.length) throw new BoundMeanwhile();
    return { userId: made.id };
  });
}

/** Links the identity to the signed-in reader's account (from My Account). Refused for a console
 * account, an identity bound to another account, or an account bound to another identity at this
 * provider; linking again is fine. */
export function linkSsoIdentity(db: Db, userId: number, id: SsoIdentity): Promise<{ userId: number } | { refused: SsoRefusal }> {
  return db.transaction(async (tx) => {
    if (await hasConsoleRole(tx, userId)) return { refused: 'console_account' };
    const linked = await tx.query(
      `INSERT INTO sso_identities (issuer, subject, user_id, institution_id) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING user_id`,
      [id.issuer, id.subject, userId, id.institutionId],
    );
    if (linked.rows.length) return { userId };
    const owner = (
      await tx.query<{ user_id: number }>('SELECT user_id FROM sso_identities WHERE issuer = $1 AND subject = $2', [id.issuer, id.subject])
    ).rows[0];
    if (owner?.user_id === userId) return { userId };
    return { refused: owner ? 'linked_elsewhere' : 'already_linked' };
  });
}

/** The reader's institution sign-ins: those linked, and those they could link (an institution
 * that offers one and is theirs, or has proven their address's domain). A console account has none. */
export async function ssoLinksOf(
  db: Queryable,
  userId: number,
): Promise<{ linked: { institution: string; linkedAt: string }[]; canLink: { id: number; name: string }[] }> {
  if (await hasConsoleRole(db, userId)) return { linked: [], canLink: [] };
  const [linked, canLink] = await Promise.all([
    db.query<{ institution: string; linked_at: Date }>(
      `SELECT coalesce(i.name, s.issuer) AS institution, s.linked_at FROM sso_identities s LEFT JOIN institutions i ON i.id = s.institution_id
       WHERE s.user_id = $1 ORDER BY s.linked_at`,
      [userId],
    ),
    db.query<{ id: number; name: string }>(
      `SELECT institutions.id, institutions.name FROM institutions, users u
       WHERE u.id = $1 AND u.user_type = 'user' AND ${OFFERS_SSO}
         AND (institutions.id = u.institution_id OR EXISTS (SELECT 1 FROM institution_domains d WHERE d.institution_id = institutions.id
              AND d.proven_at IS NOT NULL AND d.domain = lower(split_part(u.email, '@', 2))))
         AND NOT EXISTS (SELECT 1 FROM sso_identities s WHERE s.user_id = u.id
                         AND s.issuer = coalesce(institutions.saml_entity_id, institutions.sso_issuer))
       ORDER BY institutions.name`,
      [userId],
    ),
  ]);
  return {
    linked: linked.rows.map((r) => ({ institution: r.institution, linkedAt: new Date(r.linked_at).toISOString() })),
    canLink: canLink.rows,
  };
}
