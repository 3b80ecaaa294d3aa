// The console's zones and enquiries sections: an institution's Smart Reading Zones on
// the zone model of ZoneInput (the institution is the one in the address), and its enquiries inbox.
import { z } from 'zod';
import { int } from './fields';
import { InstitutionParams } from './console';
import { ZONE_PROOFS } from '../zones';
import { ZONE_PROOF_UNFIT, ZONE_UNFINDABLE, ZoneFields, ZoneHours, ZoneOpens, zoneIsFindable, zoneProofFits } from './zones';

/** A zone as a librarian writes it: every field of the zone model but the owner. */
export const ConsoleZoneBody = ZoneFields.omit({ institutionId: true })
  .refine(zoneIsFindable, ZONE_UNFINDABLE)
  .refine(zoneProofFits, { message: ZONE_PROOF_UNFIT, path: ['proof'] });
export type ConsoleZoneBody = z.infer<typeof ConsoleZoneBody>;

export const ConsoleZone = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  place: z.object({ lat: z.number(), lng: z.number(), radiusM: z.number() }).nullable(),
  networks: z.array(z.string()),
  hours: ZoneHours,
  timeZone: z.string(),
  passMinutes: z.number().int(),
  opens: ZoneOpens,
  active: z.boolean(),
  /** How presence is proven here (shared/zones.ts PROOF_ACCEPTS). */
  proof: z.enum(ZONE_PROOFS),
  /** Readers whose pass of this zone has not ended. */
  readersNow: z.number().int(),
  updatedAt: z.string(),
});
export type ConsoleZone = z.infer<typeof ConsoleZone>;

/** What the institution's subscription covers now: its zones open no more (checked on the server
 * too; the form says so before sending). */
export const ZoneBounds = z.object({ name: z.string(), newspapers: z.boolean(), journals: z.boolean(), ageRating: z.number().int() });
export type ZoneBounds = z.infer<typeof ZoneBounds>;

export const ConsoleZones = z.object({ zones: z.array(ConsoleZone), bounds: ZoneBounds });
export type ConsoleZones = z.infer<typeof ConsoleZones>;

export const ZoneParams = InstitutionParams.extend({ zoneId: int(1) });

/** The code to put up at a zone's desk now, and when the next one takes over. */
export const ZoneCodeReply = z.object({ code: z.string(), changesAt: z.string(), periodSeconds: z.number().int() });
export type ZoneCodeReply = z.infer<typeof ZoneCodeReply>;

/** GET …/zones/:zoneId/poster: for a desk screen (a token good for minutes, a new one every step) or
 * for print (good until today's opening hours end). */
export const PosterQuery = z.object({ print: z.enum(['0', '1']).default('0') });
export const PosterReply = z.object({
  zone: z.object({ id: z.number().int(), name: z.string(), description: z.string(), proof: z.enum(ZONE_PROOFS), timeZone: z.string() }),
  institution: z.object({ name: z.string(), logoUrl: z.string().nullable() }).nullable(),
  /** What the QR code carries: the zone screen with the zone and its token. */
  url: z.string(),
  /** The QR code as SVG (made on the server). */
  svg: z.string(),
  expiresAt: z.string(),
  /** A desk screen shows the next token then. */
  refreshAt: z.string(),
  /** The date printed on a paper poster (YYYY-MM-DD, the zone's time zone). */
  date: z.string(),
  code: ZoneCodeReply,
});
export type PosterReply = z.infer<typeof PosterReply>;

export const ENQUIRY_STATUSES = ['new', 'answered', 'closed'] as const;
export const EnquiryStatus = z.enum(ENQUIRY_STATUSES);
export type EnquiryStatus = z.infer<typeof EnquiryStatus>;
/** Enquiries on one page of the inbox; pages are zero-based, at most ENQUIRY_PAGES_MAX. */
export const ENQUIRY_PAGE_SIZE = 20;
export const ENQUIRY_PAGES_MAX = 1000;

export const EnquiriesQuery = z.object({
  status: EnquiryStatus.optional(),
  page: int(0, ENQUIRY_PAGES_MAX - 1).default(0),
});

export const Enquiry = z.object({
  id: z.number().int(),
  /** 'institution': the enquiry form (with the institution's details); 'question': a reader's own. */
  kind: z.enum(['institution', 'question']),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  institutionName: z.string().nullable(),
  designation: z.string().nullable(),
  mobile: z.string().nullable(),
  campuses: z.string().nullable(),
  students: z.string().nullable(),
  /** The institution it belongs to (admins see every institution's and those of none). */
  institutionId: z.number().int().nullable(),
  institution: z.string().nullable(),
  status: EnquiryStatus,
  statusAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Enquiry = z.infer<typeof Enquiry>;

export const EnquiryPage = z.object({
  enquiries: z.array(Enquiry),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Enquiries matching the filter, on every page. */
  total: z.number().int(),
  /** Enquiries of each status, whatever the filter. */
  counts: z.object({ new: z.number().int(), answered: z.number().int(), closed: z.number().int() }),
});
export type EnquiryPage = z.infer<typeof EnquiryPage>;

export const EnquiryParams = InstitutionParams.extend({ enquiryId: int(1) });
export const AdminEnquiryParams = z.object({ enquiryId: int(1) });
export const EnquiryStatusBody = z.object({ status: EnquiryStatus });
