// The console's access and branding sections: an institution's e-mail domains (each
// proven before it lets anyone in), its access codes, its subscription (read-only for librarians),
// its display name and logo.
import { z } from 'zod';
import { INT4_MAX, int, isoDate, line } from './fields';
import { InstitutionParams } from './console';

/** Codes made at once, at most; uses one code may allow, at most. */
export const CODE_BATCH_MAX = 500;
export const CODE_USES_MAX = 100_000;
/** E-mail domains one institution may hold. */
export const DOMAINS_MAX = 20;
/** Logo uploads: at most this many bytes; the three sizes of spec §3 (1x, 2x, 3x, 3:1 as the header shows them). */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_SIZES = [
  { width: 120, height: 40 },
  { width: 240, height: 80 },
  { width: 360, height: 120 },
] as const;

// A host name of letters, digits and hyphens, dot-separated, ending in a top-level part of 2 to
// 10 letters (spec §5's rule for what follows the @).
const DOMAIN = /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,10}$/;
/** Mail services anyone can sign up to: as an institution's domain they would let anyone in. */
export const PUBLIC_MAIL_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.co.in',
  'yahoo.co.uk',
  'ymail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'rediffmail.com',
  'zoho.com',
  'gmx.com',
  'gmx.net',
  'mail.com',
  'yandex.com',
  'yandex.ru',
  'mail.ru',
  'qq.com',
  '163.com',
  '126.com',
  // reserved for examples (RFC 2606): nobody's institution
  'example.com',
  'example.org',
  'example.net',
];
/** An e-mail domain as a librarian types it ("@Demo.edu " is demo.edu). */
export const EmailDomain = line({ error: 'Enter a domain, such as college.edu' })
  .toLowerCase()
  .transform((d) => d.replace(/^@/, ''))
  .pipe(
    z
      .string()
      .regex(DOMAIN, 'Enter a domain such as college.edu: letters, digits, hyphens and dots, without the part before the @.')
      .refine(
        (d) => !PUBLIC_MAIL_DOMAINS.includes(d),
        "That is a public mail service: anyone could join with it. Add your institution's own domain.",
      ),
  );

export const DomainBody = z.object({ domain: EmailDomain });

/** Where a domain stands: pending (proven by nobody yet: it lets nobody in), taken (another
 * institution proved it: this claim cannot be), verified (by its DNS record), approved (by a Lectern
 * admin), kept (it counted before ownership was checked, and was kept at the upgrade). */
export const DomainState = z.enum(['pending', 'taken', 'verified', 'approved', 'kept']);
export type DomainState = z.infer<typeof DomainState>;

/** The DNS record that proves a domain: a TXT record at `_lectern.<domain>`. */
export const domainRecord = (domain: string, token: string) => ({ name: `_lectern.${domain}`, value: `lectern-verify=${token}` });

export const InstitutionDomain = z.object({
  domain: z.string(),
  state: DomainState,
  addedAt: z.string(),
  /** When it began to count (null while it does not). */
  provenAt: z.string().nullable(),
  /** The TXT record to publish, while the domain is not proven. */
  record: z.object({ name: z.string(), value: z.string() }).nullable(),
  /** The last DNS check: when, and whether the record was found, absent, or the lookup failed. */
  checkedAt: z.string().nullable(),
  checkResult: z.enum(['found', 'absent', 'failed']).nullable(),
});
export type InstitutionDomain = z.infer<typeof InstitutionDomain>;

export const InstitutionDomains = z.object({ domains: z.array(InstitutionDomain) });

/** GET /api/console/domains (admins): the claims waiting for a decision and the domains kept at
 * the upgrade, oldest first, with their institution. */
export const DomainReview = z.object({
  domains: z.array(InstitutionDomain.extend({ institutionId: z.number().int(), institution: z.string() })),
});
export type DomainReview = z.infer<typeof DomainReview>;

export const Sections = z.object({ newspapers: z.boolean(), journals: z.boolean() });
export type Sections = z.infer<typeof Sections>;

/** A code a librarian chooses: at most 32 letters, digits and hyphens, starting with a letter or
 * digit, with at least CODE_MIN_CHARS letters or digits, so it cannot be guessed in a few hundred
 * tries (codes made before this rule keep working). */
export const CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{0,31}$/;
export const CODE_MIN_CHARS = 8;
const CODE_RULE = `A code has ${CODE_MIN_CHARS} to 32 letters, digits and hyphens (at least ${CODE_MIN_CHARS} letters or digits), and starts with a letter or digit.`;
/** A code of the librarian's choosing, as typed (upper-cased). */
export const OwnCode = line()
  .toUpperCase()
  .regex(CODE_PATTERN, CODE_RULE)
  .refine((c) => c.replace(/-/g, '').length >= CODE_MIN_CHARS, CODE_RULE);

/** POST …/access/codes: one code or a batch of `count`. */
export const CreateCodesBody = z
  .object({
    count: z.number().int().min(1, 'Make at least one code.').max(CODE_BATCH_MAX, `Make at most ${CODE_BATCH_MAX} codes at once.`),
    /** A code of the librarian's choosing (only when making one); else they are made up. */
    code: OwnCode.optional(),
    /** Accounts that may redeem each code; null for no limit. */
    maxUses: z
      .number()
      .int()
      .min(1, 'A code needs at least one use.')
      .max(CODE_USES_MAX, `A code allows at most ${CODE_USES_MAX.toLocaleString('en')} uses.`)
      .nullable(),
    /** The last day (UTC) the code works, and the access it gives lasts. */
    endsOn: isoDate,
    label: line().max(80, 'Keep the label under 80 characters.').default(''),
  })
  .extend(Sections.shape)
  .refine((b) => !b.code || b.count === 1, { message: 'A code of your choosing is made one at a time.', path: ['code'] });
export type CreateCodesBody = z.input<typeof CreateCodesBody>;

export const CodeParams = InstitutionParams.extend({
  codeId: int(1, INT4_MAX, 'expected a code id'),
});

export const CodeStatus = z.enum(['active', 'disabled', 'ended', 'used_up']);
export type CodeStatus = z.infer<typeof CodeStatus>;

export const AccessCodeRow = z.object({
  id: z.number().int(),
  code: z.string(),
  label: z.string(),
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  endsOn: z.string(),
  newspapers: z.boolean(),
  journals: z.boolean(),
  status: CodeStatus,
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type AccessCodeRow = z.infer<typeof AccessCodeRow>;

/** Codes a list shows at most (newest first); the CSV export has every one. */
export const CODES_LISTED = 1000;

/** GET …/access: the subscription (read-only), the domains and the codes. */
export const ConsoleAccess = z.object({
  subscription: z.object({ startsOn: z.string(), endsOn: z.string(), active: z.boolean() }).extend(Sections.shape),
  domains: z.array(InstitutionDomain),
  codes: z.array(AccessCodeRow),
  /** Codes in all (the list has the newest CODES_LISTED). */
  codeCount: z.number().int(),
});
export type ConsoleAccess = z.infer<typeof ConsoleAccess>;

export const CreatedCodes = z.object({ codes: z.array(AccessCodeRow) });

/** GET …/branding and the answer to its changes. Logo URLs are null while there is none. */
export const ConsoleBranding = z.object({
  name: z.string(),
  logo1: z.string().nullable(),
  logo2: z.string().nullable(),
  logo3: z.string().nullable(),
});
export type ConsoleBranding = z.infer<typeof ConsoleBranding>;

export const BrandingNameBody = z.object({
  name: line().min(2, 'The name needs at least 2 characters.').max(80, 'Keep the name under 80 characters.'),
});
