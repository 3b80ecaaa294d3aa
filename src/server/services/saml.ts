// Institution sign-in with SAML 2.0 (Shibboleth, OpenAthens, eduGAIN members), beside OpenID
// Connect (services/sso.ts) and ending in the same place: the same account rules, the same
// /login/sso/success page. Each institution is its own service provider (entity ID: its metadata
// address) with one key pair for the whole server, made on first use and kept in app_secrets.
//
// The AuthnRequest goes by the HTTP-Redirect binding, signed; its ID is kept server-side (sso_states)
// and taken once by the answer that names it (InResponseTo): an answer nobody asked for, or asked
// for once already, is refused. The response comes by HTTP-POST to the assertion consumer service,
// which accepts it only signed by a certificate of the institution's metadata (the response or the
// assertion), for our entity ID, within its time limits (60 s of clock skew), sent to our address
// (Destination and Recipient). It then hands the browser a one-use handle to the verified answer;
// the app collects it through /api/sso/complete like an OpenID one.
import crypto from 'node:crypto';
import { SAML, ValidateInResponseTo, generateServiceProviderMetadata, type CacheProvider, type Profile } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import type { Queryable } from '../db/index';
import { HttpError } from '../http-error';
import {
  saveSamlAnswer,
  savePendingSignIn,
  ssoInstitution,
  takePendingSignIn,
  takeSamlAnswer,
  type SamlAnswer,
  type SsoInstitution,
} from '../repositories/sso';
import { serverKeyPair } from './secrets';
import { selfSignedCertificate } from './self-signed';

const REQUEST_TTL_S = 600;
/** The app collects the answer right after the redirect. */
const ANSWER_TTL_S = 120;
const CLOCK_SKEW_MS = 60_000;
const PROTOCOL = 'urn:oasis:names:tc:SAML:2.0:protocol';
const PERSISTENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent';
/** The largest SAMLResponse (base64) the assertion service reads. */
export const SAML_RESPONSE_MAX = 256 * 1024;

/** The attributes read, by their URI name (SAML2 attribute profile) or their friendly name. */
const ATTRIBUTES = {
  eppn: ['urn:oid:1.3.6.1.4.1.5923.1.1.1.6', 'eduPersonPrincipalName'],
  mail: ['urn:oid:0.9.2342.19200300.100.1.3', 'mail'],
  affiliation: ['urn:oid:1.3.6.1.4.1.5923.1.1.1.9', 'eduPersonScopedAffiliation'],
  givenName: ['urn:oid:2.5.4.42', 'givenName'],
  sn: ['urn:oid:2.5.4.4', 'sn'],
  displayName: ['urn:oid:2.16.840.1.113730.3.1.241', 'displayName'],
} as const;
type Attr = keyof typeof ATTRIBUTES;
/** The affiliations that make a member of the institution. */
const MEMBER = new Set(['member', 'student', 'staff', 'faculty']);

/** Why an answer was refused at the assertion service, as the sign-in page explains it. */
export const SAML_ERRORS = {
  expired: 'the answer from your institution has expired or is not valid yet',
  audience: "your institution's answer was meant for another service",
  destination: "your institution's answer was sent to another address",
  replayed: 'the sign-in link has expired or was already used',
  signature: "your institution's answer was not signed with its key",
  refused: 'your institution did not sign you in',
  invalid: 'your institution did not confirm it',
} as const;
export type SamlError = keyof typeof SAML_ERRORS;

const failed = (why: string) =>
  new HttpError(400, 'sso_failed', `Sign-in with your institution did not complete: ${why}. Please try again.`);

class Refused extends Error {
  constructor(readonly code: SamlError) {
    super(code);
  }
}

function classify(err: unknown): SamlError {
  if (err instanceof Refused) return err.code;
  const msg = err instanceof Error ? err.message : '';
  if (/expired|not yet valid|subject confirmation/i.test(msg)) return 'expired';
  if (/audience/i.test(msg)) return 'audience';
  if (/InResponseTo/i.test(msg)) return 'replayed';
  if (/signature/i.test(msg)) return 'signature';
  if (/SAML provider returned/i.test(msg)) return 'refused';
  return 'invalid';
}

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('base64url');

// No control characters (NUL above all): no database column takes them.
// eslint-disable-next-line no-control-regex -- the pattern exists to refuse them
const CONTROL = /[\u0000-\u001f]/;

/** The attributes we read, each as its string values (at most 20 of 256 characters). */
function readAttributes(profile: Profile): Record<string, string[]> {
  const all = (profile.attributes ?? {}) as Record<string, unknown>;
  const out: Record<string, string[]> = {};
  for (const [key, names] of Object.entries(ATTRIBUTES)) {
    const raw = names.map((n) => all[n]).find((v) => v !== undefined);
    const values = (Array.isArray(raw) ? raw : [raw]).filter(
      (v): v is string => typeof v === 'string' && v.length <= 256 && !CONTROL.test(v),
    );
    if (values.length) out[key] = values.slice(0, 20).map((v) => v.trim());
  }
  return out;
}

export function createSamlService(db: Queryable, publicUrl: string) {
  const entityId = (institutionId: number) => `${publicUrl}/saml/${institutionId}/metadata`;
  const acsUrl = (institutionId: number) => `${publicUrl}/saml/${institutionId}/acs`;
  let keys: Promise<{ privateKey: string; cert: string }> | null = null;
  /** The service provider's key pair and certificate, made by the first process that needs them. */
  const spKeys = () =>
    (keys ??= serverKeyPair(db, 'saml-sp-key', () => {
      const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
      const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
      return { privateKey: pem, cert: selfSignedCertificate(pem, new URL(publicUrl).hostname || 'lectern') };
    }));

  async function samlFor(inst: SsoInstitution, extra: { requestId?: string; cache?: CacheProvider } = {}) {
    const { privateKey } = await spKeys();
    return new SAML({
      callbackUrl: acsUrl(inst.id),
      entryPoint: inst.saml_sso_url!,
      issuer: entityId(inst.id),
      audience: entityId(inst.id),
      idpCert: inst.saml_certs!,
      privateKey,
      decryptionPvk: privateKey,
      signatureAlgorithm: 'sha256',
      digestAlgorithm: 'sha256',
      // No NameIDPolicy format: the provider picks (our metadata prefers persistent), so a
      // provider that cannot make one still answers.
      identifierFormat: null,
      // Either the response or the assertion must be signed (node-saml checks the assertion
      // whenever the response carries no valid signature).
      wantAssertionsSigned: false,
      wantAuthnResponseSigned: false,
      // Providers that sign in with more than a password answer with another context.
      disableRequestedAuthnContext: true,
      acceptedClockSkewMs: CLOCK_SKEW_MS,
      validateInResponseTo: ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: REQUEST_TTL_S * 1000,
      generateUniqueId: () => extra.requestId ?? `_${crypto.randomBytes(20).toString('hex')}`,
      cacheProvider: extra.cache,
    });
  }

  return {
    entityId,
    acsUrl,

    /** Our service provider metadata for an institution (what its identity provider registers). */
    async metadata(institutionId: number): Promise<string> {
      const { privateKey, cert } = await spKeys();
      return generateServiceProviderMetadata({
        issuer: entityId(institutionId),
        callbackUrl: acsUrl(institutionId),
        privateKey,
        publicCerts: cert,
        decryptionPvk: privateKey,
        decryptionCert: cert,
        identifierFormat: PERSISTENT,
        wantAssertionsSigned: true,
      });
    },

    /** The provider's sign-in address with a signed AuthnRequest; its ID is kept for the answer. */
    async start(inst: SsoInstitution, returnTo: string, linkUserId: number | null): Promise<URL> {
      const requestId = `_${crypto.randomBytes(20).toString('hex')}`;
      await savePendingSignIn(
        db,
        requestId,
        inst.id,
        { code_verifier: null, nonce: null, return_to: returnTo, link_user_id: linkUserId },
        REQUEST_TTL_S,
        'saml',
      );
      const saml = await samlFor(inst, { requestId });
      return new URL(await saml.getAuthorizeUrlAsync(requestId, undefined, {}));
    },

    /** Checks a response posted to an institution's assertion service; a handle to the verified
     * answer, or why it was refused. */
    async consume(
      institutionId: number,
      body: { SAMLResponse?: unknown; RelayState?: unknown },
    ): Promise<{ handle: string } | { error: SamlError }> {
      const inst = await ssoInstitution(db, { id: institutionId });
      const response = typeof body.SAMLResponse === 'string' ? body.SAMLResponse : '';
      if (!inst?.saml_entity_id || !response || response.length > SAML_RESPONSE_MAX) return { error: 'invalid' };
      let taken: Awaited<ReturnType<typeof takePendingSignIn>> = null;
      let takenId = '';
      // InResponseTo names a request of ours, taken once (a second post of the same answer, even
      // at the same moment, finds nothing), and only for this institution.
      const cache: CacheProvider = {
        saveAsync: async () => null,
        removeAsync: async () => null,
        getAsync: async (id: string) => {
          if (!taken && !takenId) {
            takenId = id;
            const row = await takePendingSignIn(db, id, REQUEST_TTL_S, 'saml');
            taken = row?.institution_id === institutionId ? row : null;
          }
          return taken && id === takenId ? new Date(taken.created_at).toISOString() : null;
        },
      };
      try {
        checkDestination(response, acsUrl(institutionId));
        const saml = await samlFor(inst, { cache });
        const { profile } = await saml.validatePostResponseAsync({
          SAMLResponse: response,
          RelayState: typeof body.RelayState === 'string' ? body.RelayState : '',
        });
        const pending = taken as Awaited<ReturnType<typeof takePendingSignIn>>;
        if (!profile || !pending) throw new Refused('invalid');
        if (body.RelayState !== takenId) throw new Refused('replayed');
        if (profile.issuer !== inst.saml_entity_id) throw new Refused('signature');
        checkRecipient(profile, acsUrl(institutionId), takenId);
        const handle = crypto.randomBytes(32).toString('base64url');
        const answer: SamlAnswer = {
          institution_id: institutionId,
          issuer: inst.saml_entity_id,
          name_id: profile.nameID ?? '',
          name_id_format: profile.nameIDFormat ?? null,
          attributes: readAttributes(profile),
          return_to: pending.return_to,
          link_user_id: pending.link_user_id,
        };
        await saveSamlAnswer(db, sha256(handle), answer, ANSWER_TTL_S);
        return { handle };
      } catch (err) {
        return { error: classify(err) };
      }
    },

    /** The verified answer behind a handle, once, as services/sso.ts's completion gives it: the
     * account (issuer and eduPersonPrincipalName, else a persistent NameID), the address, and the
     * name. Only a member, student, staff or faculty affiliation scoped to one of the institution's
     * proven domains counts, and only an address at one of them. */
    async complete(params: URLSearchParams) {
      const error = params.get('saml_error');
      if (error !== null) throw failed(SAML_ERRORS[error as SamlError] ?? SAML_ERRORS.invalid);
      const answer = await takeSamlAnswer(db, sha256(params.get('saml') ?? ''), ANSWER_TTL_S);
      if (!answer) throw failed('the sign-in link has expired');
      const inst = await ssoInstitution(db, { id: answer.institution_id });
      if (!inst || inst.saml_entity_id !== answer.issuer) throw failed('your institution no longer offers it');
      const attr = (k: Attr) => answer.attributes[k] ?? [];
      const domains = inst.email_domains.map((d) => d.toLowerCase());
      const shown = domains.map((d) => `@${d}`).join(', ') || 'it has no e-mail domain';
      const member = attr('affiliation').some((v) => {
        const at = v.lastIndexOf('@');
        return at > 0 && MEMBER.has(v.slice(0, at).toLowerCase()) && domains.includes(v.slice(at + 1).toLowerCase());
      });
      if (!member) throw failed(`your institution did not say you are a member, student, staff or faculty of ${inst.name} (${shown})`);
      const email = attr('mail')[0]?.toLowerCase() ?? '';
      if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw failed('your institution did not share your e-mail address');
      if (!domains.includes(email.slice(email.lastIndexOf('@') + 1))) throw failed(`${email} is not an address of ${inst.name} (${shown})`);
      const eppn = attr('eppn')[0];
      const subject = eppn?.includes('@') ? eppn : answer.name_id_format === PERSISTENT && answer.name_id ? answer.name_id : '';
      if (!subject) throw failed('your institution did not name the account (no eduPersonPrincipalName or persistent NameID)');
      const display = attr('displayName')[0] ?? '';
      return {
        institutionId: inst.id,
        institutionName: inst.name,
        issuer: answer.issuer,
        subject,
        linkUserId: answer.link_user_id,
        email,
        firstName: attr('givenName')[0] ?? display.split(' ')[0] ?? '',
        lastName: attr('sn')[0] ?? display.split(' ').slice(1).join(' '),
        returnTo: answer.return_to,
      };
    },
  };
}
export type SamlService = ReturnType<typeof createSamlService>;

/** The response must say it was sent to this assertion service (Destination): an answer an
 * institution's provider made for another service is not accepted here. */
function checkDestination(response: string, acs: string) {
  const xml = Buffer.from(response, 'base64').toString('utf8');
  if (/<!DOCTYPE/i.test(xml)) throw new Refused('invalid');
  let broken = false;
  const root = new DOMParser({ errorHandler: (level: string) => void (level !== 'warning' && (broken = true)) }).parseFromString(
    xml,
    'text/xml',
  ).documentElement;
  if (broken || !root || root.namespaceURI !== PROTOCOL || root.localName !== 'Response') throw new Refused('invalid');
  if (root.getAttribute('Destination') !== acs) throw new Refused('destination');
}

/** The signed assertion's subject confirmation must be for this assertion service and answer the
 * request taken (the response's own InResponseTo is not covered by an assertion's signature). */
function checkRecipient(profile: Profile, acs: string, requestId: string) {
  const assertion = profile.getAssertion?.() as
    { Assertion?: { Subject?: { SubjectConfirmation?: { SubjectConfirmationData?: { $?: Record<string, string> }[] }[] }[] } } | undefined;
  const data = (assertion?.Assertion?.Subject?.[0]?.SubjectConfirmation ?? []).flatMap((c) => c.SubjectConfirmationData ?? []);
  const bearer = data.map((d) => d.$ ?? {});
  if (!bearer.length) throw new Refused('invalid');
  if (bearer.some((d) => d.Recipient !== undefined && d.Recipient !== acs)) throw new Refused('destination');
  if (bearer.some((d) => d.InResponseTo !== undefined && d.InResponseTo !== requestId)) throw new Refused('replayed');
}
