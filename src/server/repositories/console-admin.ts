// The console's admin side: institutions made and set by an admin (subscription,
// sections, age rating, country, limits), their single sign-on, and who is their librarian.
// Every change is audited in its own transaction; a client secret never leaves the database
// (not in an answer, not in the audit log).
import type { Db, Queryable } from '../db/index';
import { recordAudit } from './console';
import { claimName } from './institutions';
import { refuse, type Refusal } from './refusal';
import type { z } from 'zod';
import type {
  CreateInstitutionBody,
  InstitutionSettings,
  InstitutionSettingsBody,
  Librarians,
  SsoBody,
} from '../../shared/schemas/console-admin';

type Settings = z.output<typeof InstitutionSettingsBody>;
/** An institution as this file reads it (without the addresses, which are the server's). */
export type StoredSettings = Omit<InstitutionSettings, 'ssoRedirectUri' | 'samlSpMetadata'>;

const COLUMNS = `id, name, con_code AS "orgCode", country, age_rating AS "ageRating",
  to_char(sub_start AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "startsOn", to_char(sub_end AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "endsOn",
  newspapers, journals, download_limit AS "downloadLimit", device_limit AS "deviceLimit",
  CASE WHEN sso_issuer IS NULL THEN NULL
       ELSE json_build_object('issuer', sso_issuer, 'clientId', sso_client_id, 'secretSet', sso_client_secret IS NOT NULL) END AS sso,
  CASE WHEN saml_entity_id IS NULL THEN NULL
       ELSE json_build_object('entityId', saml_entity_id, 'ssoUrl', saml_sso_url, 'metadataUrl', saml_metadata_url,
                              'certs', coalesce(array_length(saml_certs, 1), 0)) END AS saml`;

// A subscription runs from the first moment of its first day to the last second of its last (UTC).
const SET_PERIOD = `sub_start = $2::date::timestamp AT TIME ZONE 'UTC', sub_end = ($3::date + 1)::timestamp AT TIME ZONE 'UTC' - interval '1 second'`;

export async function institutionSettings(db: Queryable, institutionId: number): Promise<StoredSettings> {
  return (await db.query<StoredSettings>(`SELECT ${COLUMNS} FROM institutions WHERE id = $1`, [institutionId])).rows[0];
}

/** What the audit log keeps of an institution's settings. */
const audited = ({ id: _id, name: _name, orgCode: _code, ...rest }: StoredSettings) => rest;

const codeTaken = (code: string) => refuse(409, 'org_code_taken', `The org code ${code} belongs to another institution.`);

/** Makes an institution; refused when its name or its org code is another's (by any spelling). */
export function createInstitution(db: Db, body: z.output<typeof CreateInstitutionBody>, actorId: number) {
  return db.transaction(async (tx): Promise<StoredSettings | Refusal> => {
    const nameTaken = await claimName(tx, body.name, null);
    if (nameTaken) return nameTaken;
    const taken = await tx.query('SELECT 1 FROM institutions WHERE upper(con_code) = upper($1)', [body.orgCode]);
    if (taken.rows.length) return codeTaken(body.orgCode);
    // Two admins making the same code at once: the unique index lets one in, the other gets no row.
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO institutions (name, con_code, sub_start, sub_end, newspapers, journals, country, age_rating, download_limit, device_limit)
       VALUES ($1, $4, $2::date::timestamp AT TIME ZONE 'UTC', ($3::date + 1)::timestamp AT TIME ZONE 'UTC' - interval '1 second',
               $5, $6, $7, $8, $9, $10)
       ON CONFLICT (con_code) DO NOTHING RETURNING id`,
      [body.name, body.startsOn, body.endsOn, body.orgCode, ...settingValues(body)],
    );
    if (!rows[0]) return codeTaken(body.orgCode);
    const made = await institutionSettings(tx, rows[0].id);
    // Admin-only (no institution): a librarian's log starts with what happens after.
    await recordAudit(tx, {
      actorId,
      institutionId: null,
      action: 'institution.create',
      target: `${made.name} (${made.orgCode})`,
      after: audited(made),
    });
    return made;
  });
}

const settingValues = (b: Settings) => [b.newspapers, b.journals, b.country, b.ageRating, b.downloadLimit, b.deviceLimit];

/** Sets an institution's subscription, sections, country, age rating and limits. */
export function updateInstitution(db: Db, institutionId: number, body: Settings, actorId: number): Promise<StoredSettings> {
  return db.transaction(async (tx) => {
    const before = await institutionSettings(tx, institutionId);
    await tx.query(
      `UPDATE institutions SET ${SET_PERIOD}, newspapers = $4, journals = $5, country = $6, age_rating = $7,
         download_limit = $8, device_limit = $9 WHERE id = $1`,
      [institutionId, body.startsOn, body.endsOn, ...settingValues(body)],
    );
    const after = await institutionSettings(tx, institutionId);
    await recordAudit(tx, {
      actorId,
      institutionId,
      action: 'institution.update',
      target: after.orgCode,
      before: audited(before),
      after: audited(after),
    });
    return after;
  });
}

/** The sign-in as the audit log shows it: the secret only as whether it is set or was replaced. */
const ssoAudit = (sso: StoredSettings['sso'], secretChanged = false) =>
  sso && { issuer: sso.issuer, clientId: sso.clientId, secret: secretChanged ? 'replaced' : 'set' };

/** Turns single sign-on on or changes it; an empty secret keeps the one set. Null when there is
 * no secret to keep (the first time, one must be given). */
export function setSso(db: Db, institutionId: number, body: z.output<typeof SsoBody>, actorId: number) {
  return db.transaction(async (tx): Promise<StoredSettings | null> => {
    const before = await institutionSettings(tx, institutionId);
    if (!body.clientSecret && !before.sso?.secretSet) return null;
    // An institution signs in through one system: OpenID Connect replaces SAML.
    await tx.query(
      `UPDATE institutions SET sso_issuer = $2, sso_client_id = $3, sso_client_secret = COALESCE(NULLIF($4, ''), sso_client_secret),
         ${NO_SAML} WHERE id = $1`,
      [institutionId, body.issuer, body.clientId, body.clientSecret],
    );
    const after = await institutionSettings(tx, institutionId);
    if (before.saml)
      await recordAudit(tx, { actorId, institutionId, action: 'saml.off', target: after.orgCode, before: samlAudit(before.saml) });
    await recordAudit(tx, {
      actorId,
      institutionId,
      action: 'sso.set',
      target: after.orgCode,
      before: ssoAudit(before.sso),
      after: ssoAudit(after.sso, Boolean(body.clientSecret) && Boolean(before.sso)),
    });
    return after;
  });
}

/** Turns single sign-on off: the issuer, client and secret are forgotten. */
export function turnOffSso(db: Db, institutionId: number, actorId: number): Promise<StoredSettings> {
  return db.transaction(async (tx) => {
    const before = await institutionSettings(tx, institutionId);
    if (!before.sso) return before;
    await tx.query(`UPDATE institutions SET ${NO_OIDC} WHERE id = $1`, [institutionId]);
    await recordAudit(tx, { actorId, institutionId, action: 'sso.off', target: before.orgCode, before: ssoAudit(before.sso), after: null });
    return institutionSettings(tx, institutionId);
  });
}

const samlAudit = (saml: StoredSettings['saml']) => saml && { saml };
// The columns that forget one sign-in system (an institution signs in through one).
const NO_SAML = 'saml_entity_id = NULL, saml_sso_url = NULL, saml_certs = NULL, saml_metadata_url = NULL';
const NO_OIDC = 'sso_issuer = NULL, sso_client_id = NULL, sso_client_secret = NULL';

/** Turns SAML sign-in on or changes it, from the identity provider's metadata (read by
 * services/saml-metadata.ts); OpenID Connect is turned off, as an institution signs in through one
 * system. The audit log keeps the entity ID, sign-in address, metadata address and certificate count. */
export function setSaml(db: Db, institutionId: number, idp: SamlIdp, actorId: number): Promise<StoredSettings> {
  return db.transaction(async (tx) => {
    const before = await institutionSettings(tx, institutionId);
    await tx.query(
      `UPDATE institutions SET saml_entity_id = $2, saml_sso_url = $3, saml_certs = $4, saml_metadata_url = $5, ${NO_OIDC} WHERE id = $1`,
      [institutionId, idp.entityId, idp.ssoUrl, idp.certs, idp.metadataUrl],
    );
    const after = await institutionSettings(tx, institutionId);
    if (before.sso)
      await recordAudit(tx, { actorId, institutionId, action: 'sso.off', target: after.orgCode, before: ssoAudit(before.sso) });
    await recordAudit(tx, {
      actorId,
      institutionId,
      action: 'saml.set',
      target: after.orgCode,
      before: samlAudit(before.saml),
      after: samlAudit(after.saml),
    });
    return after;
  });
}

/** Turns SAML sign-in off. */
export function turnOffSaml(db: Db, institutionId: number, actorId: number): Promise<StoredSettings> {
  return db.transaction(async (tx) => {
    const before = await institutionSettings(tx, institutionId);
    if (!before.saml) return before;
    await tx.query(`UPDATE institutions SET ${NO_SAML} WHERE id = $1`, [institutionId]);
    await recordAudit(tx, {
      actorId,
      institutionId,
      action: 'saml.off',
      target: before.orgCode,
      before: samlAudit(before.saml),
      after: null,
    });
    return institutionSettings(tx, institutionId);
  });
}

export interface SamlIdp {
  entityId: string;
  ssoUrl: string;
  certs: string[];
  metadataUrl: string | null;
}

/** The institution's librarians, by e-mail. */
export async function librariansOf(db: Queryable, institutionId: number): Promise<Librarians['librarians']> {
  const { rows } = await db.query<{ email: string; name: string; grantedAt: Date }>(
    `SELECT u.email, trim(u.first_name || ' ' || u.last_name) AS name, r.granted_at AS "grantedAt"
     FROM console_roles r JOIN users u ON u.id = r.user_id
     WHERE r.role = 'librarian' AND r.institution_id = $1 ORDER BY u.email`,
    [institutionId],
  );
  return rows.map((r) => ({ ...r, grantedAt: new Date(r.grantedAt).toISOString() }));
}
