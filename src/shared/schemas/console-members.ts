// The console's members and access requests: the list with its search and filters, a
// member's page, the changes a librarian makes, and the institution IDs waiting for a decision.
import { z } from 'zod';
import { int, isoDate, line, text } from './fields';

/** Members on one page of the list. */
export const MEMBERS_PAGE_SIZE = 50;
/** "Access ending" means within this many days. */
export const ENDING_DAYS = 30;
/** The list counts at most this many matches (as the catalogue's shown total, spec §9). */
export const MEMBERS_COUNT_CAP = 9000;

/** active: access not ended; ending: ends within ENDING_DAYS; expired: ended; pending: an ID request waits. */
export const MemberFilter = z.enum(['all', 'active', 'ending', 'expired', 'pending']);
export type MemberFilter = z.infer<typeof MemberFilter>;

export const MembersQuery = z.object({
  q: line().max(100, 'Search with at most 100 characters.').default(''),
  filter: MemberFilter.default('all'),
  page: int(0, 10_000).default(0),
});
export type MembersQuery = z.infer<typeof MembersQuery>;

/** A member's standing: their access (by when it ends) or an ID request waiting. */
export const MemberStatus = z.enum(['active', 'ending', 'expired', 'pending']);
export type MemberStatus = z.infer<typeof MemberStatus>;

export const MemberRow = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  status: MemberStatus,
  /** When access ends (ISO), or null for a reader who only asks to join. */
  accessEndsAt: z.string().nullable(),
  /** When they last opened an issue (ISO), or null (also when the institution keeps it private). */
  lastReadAt: z.string().nullable(),
});
export type MemberRow = z.infer<typeof MemberRow>;

export const MembersList = z.object({
  members: z.array(MemberRow),
  /** Matches, counted up to MEMBERS_COUNT_CAP. */
  total: z.number().int(),
  page: z.number().int(),
  nbPages: z.number().int(),
  /** Whether the institution shows members' reading to librarians (else lastReadAt is always null). */
  showReading: z.boolean(),
});
export type MembersList = z.infer<typeof MembersList>;

export const MemberParams = z.object({
  institutionId: int(1),
  memberId: int(1),
});

/** A member's page: how they sign in, their devices with downloads, what they read last. */
export const MemberDetail = MemberRow.extend({
  joinedAt: z.string(),
  /** The institution's subscription end: access cannot be extended past it. */
  subscriptionEndsAt: z.string(),
  signInWays: z.object({
    email: z.boolean(),
    mobile: z.boolean(),
    password: z.boolean(),
    /** An access code of the institution attached them (its code). */
    accessCode: z.string().nullable(),
  }),
  /** Signed-in devices (live sessions), newest use first. */
  sessions: z.array(z.object({ device: z.string(), signedInAt: z.string(), lastSeenAt: z.string() })),
  /** Devices holding downloaded issues, each by a short label (never the device's own id). */
  devices: z.array(z.object({ label: z.string(), downloads: z.number().int(), lastAt: z.string() })),
  lastRead: z.object({ at: z.string(), title: z.string(), issueId: z.number().int() }).nullable(),
  /** What the institution shows librarians: hidden parts come empty (sessions, devices, lastRead). */
  shown: z.object({ reading: z.boolean(), devices: z.boolean() }),
});
export type MemberDetail = z.infer<typeof MemberDetail>;

/** Extends a member's access to the end of this day (UTC). */
export const ExtendAccessBody = z.object({ until: isoDate });

/** An institution ID waiting for a decision. */
export const IdRequestRow = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  createdAt: z.string(),
});
export type IdRequestRow = z.infer<typeof IdRequestRow>;
export const IdRequestList = z.object({ requests: z.array(IdRequestRow) });

export const IdRequestParams = z.object({ institutionId: int(1), requestId: int(1) });

export const RejectIdBody = z.object({
  reason: text({ error: 'Say why the ID is not accepted.' })
    .min(1, 'Say why the ID is not accepted.')
    .max(500, 'Keep the reason under 500 characters.'),
});

export const Done = z.object({ ok: z.literal(true) });

/** The members list as CSV: the list's filters, every page. */
export const MembersCsvQuery = MembersQuery.omit({ page: true });

/** An ID request decided: whether the reader was told and joined. */
export const IdRequestDecided = z.object({ ok: z.literal(true), told: z.boolean(), joined: z.boolean() });
