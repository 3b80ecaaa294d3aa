// The console's admin side: institutions (create, their subscription and limits), their
// single sign-on, the librarian role; and the audit log every console user sees of their institution.
import { z } from 'zod';
import { int, isoDate, line, raw, text } from './fields';
import { Email } from './account';
import { Sections } from './console-access';

/** Downloads and devices a reader may hold, at most, when an institution sets its own limit. */
export const LIMIT_MAX = 1000;
/** Audit entries on one page of the activity log. */
export const ACTIVITY_PAGE_SIZE = 25;

const limit = (what: string) =>
  z
    .number({ error: `The ${what} limit is a whole number (or empty for Lectern's default).` })
    .int(`The ${what} limit is a whole number (or empty for Lectern's default).`)
    .min(0, `The ${what} limit cannot be below 0.`)
    .max(LIMIT_MAX, `The ${what} limit is at most ${LIMIT_MAX}.`)
    .nullable();

const SettingsFields = z
  .object({
    country: line()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'The country is a two-letter code, such as IN.'),
    /** Titles rated above it are hidden from members; 8 or more: no limit (spec §5). */
    ageRating: z
      .number({ error: 'The age rating is a whole number from 1 to 18.' })
      .int('The age rating is a whole number from 1 to 18.')
      .min(1, 'The age rating is a whole number from 1 to 18.')
      .max(18, 'The age rating is a whole number from 1 to 18.'),
    /** The subscription's first and last day (UTC). */
    startsOn: isoDate,
    endsOn: isoDate,
    /** Null: Lectern's default. */
    downloadLimit: limit('download'),
    deviceLimit: limit('device'),
  })
  .extend(Sections.shape);
const inOrder: [(b: { startsOn: string; endsOn: string }) => boolean, { message: string; path: string[] }] = [
  (b) => b.endsOn >= b.startsOn,
  { message: 'The subscription cannot end before it starts.', path: ['endsOn'] },
];

/** What an admin sets for an institution (its name and org code stay as made; branding renames). */
export const InstitutionSettingsBody = SettingsFields.refine(...inOrder);
export type InstitutionSettingsBody = z.input<typeof InstitutionSettingsBody>;

/** POST /api/console/institutions: a new institution. */
export const CreateInstitutionBody = SettingsFields.extend({
  name: line().min(2, 'The name needs at least 2 characters.').max(80, 'Keep the name under 80 characters.'),
  /** The code readers and harvesters know the institution by (spec: conCode). */
  orgCode: line()
    .toUpperCase()
    .regex(/^[A-Z0-9][A-Z0-9-]{1,23}$/, 'The org code has 2 to 24 letters, digits and hyphens, and starts with a letter or digit.'),
}).refine(...inOrder);
export type CreateInstitutionBody = z.input<typeof CreateInstitutionBody>;

/** The institution's OpenID Connect sign-in; the client secret is never sent back, only whether it is set. */
export const SsoSettings = z.object({ issuer: z.string(), clientId: z.string(), secretSet: z.boolean() });

/** The institution's SAML identity provider, as its metadata named it. */
export const SamlSettings = z.object({
  entityId: z.string(),
  ssoUrl: z.string(),
  /** Where the metadata was fetched from (null: pasted). */
  metadataUrl: z.string().nullable(),
  /** How many signing certificates it has. */
  certs: z.number().int(),
});

/** GET …/settings, and the answer to every admin change of an institution. */
export const InstitutionSettings = z
  .object({
    id: z.number().int(),
    name: z.string(),
    orgCode: z.string().nullable(),
    country: z.string(),
    ageRating: z.number().int(),
    startsOn: z.string(),
    endsOn: z.string(),
    downloadLimit: z.number().int().nullable(),
    deviceLimit: z.number().int().nullable(),
    sso: SsoSettings.nullable(),
    /** The address to register with the institution's provider. */
    ssoRedirectUri: z.string(),
    saml: SamlSettings.nullable(),
    /** Our service provider metadata for this institution (its address is also our entity ID). */
    samlSpMetadata: z.string(),
  })
  .extend(Sections.shape);
export type InstitutionSettings = z.infer<typeof InstitutionSettings>;

const loopback = ['localhost', '127.0.0.1', '[::1]'];
/** An issuer is an https address; plain http only on this machine (a provider under test). */
const Issuer = line()
  .max(500, 'Keep the issuer under 500 characters.')
  .refine((s) => {
    try {
      const url = new URL(s);
      return url.protocol === 'https:' || (url.protocol === 'http:' && loopback.includes(url.hostname));
    } catch {
      return false;
    }
  }, 'The issuer is the provider’s https address, such as https://login.college.edu.');

/** POST …/sso: turns on (or changes) single sign-on. An empty secret keeps the one set. */
export const SsoBody = z.object({
  issuer: Issuer,
  clientId: line().min(1, 'Enter the client ID the provider gave you.').max(200, 'Keep the client ID under 200 characters.'),
  clientSecret: raw().max(500, 'Keep the client secret under 500 characters.').default(''),
});
export type SsoBody = z.input<typeof SsoBody>;

/** POST …/saml: SAML sign-in from the identity provider's metadata, by address or pasted. */
export const SamlBody = z
  .object({
    metadataUrl: line().max(2000, 'Keep the address under 2,000 characters.').default(''),
    metadataXml: text().max(1_000_000, 'Paste at most 1 MB of metadata.').default(''),
  })
  .refine((b) => Boolean(b.metadataUrl) !== Boolean(b.metadataXml), {
    message: 'Give the metadata address or paste the metadata (one of the two).',
    path: ['metadataUrl'],
  });
export type SamlBody = z.input<typeof SamlBody>;

export const LibrarianBody = z.object({ email: Email });

/** GET …/librarians: who runs the institution in the console. */
export const Librarians = z.object({
  librarians: z.array(z.object({ email: z.string(), name: z.string(), grantedAt: z.string() })),
});
export type Librarians = z.infer<typeof Librarians>;

export const ActivityQuery = z.object({ page: int(0, 1_000_000).default(0) });

/** One console change: who, when, what, and the value before and after (as recorded). */
export const AuditRow = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string(),
  /** The institution's name; null for an admin-only entry (an institution made, an admin's role). */
  institution: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditRow = z.infer<typeof AuditRow>;

/** GET …/activity and GET /api/console/activity (admins: every entry): newest first, paged. */
export const ActivityPage = z.object({
  entries: z.array(AuditRow),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type ActivityPage = z.infer<typeof ActivityPage>;
