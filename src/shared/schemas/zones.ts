// Smart Reading Zone API (own backend, /api/zones and /api/push): what the app sends and receives.
// The operator command and (later) the librarian console write zones with ZoneInput.
import { z } from 'zod';
import { int, line, text } from './fields';
import {
  PASS_MINUTES_DEFAULT,
  PASS_MINUTES_MAX,
  PASS_MINUTES_MIN,
  WEEKDAYS,
  ZONE_RADIUS_MAX_M,
  ZONE_RADIUS_MIN_M,
  ZONE_CODE_DIGITS,
  ZONE_PROOFS,
  ZONE_SECTIONS,
  isTimeZone,
} from '../zones';

export const Latitude = z.number().min(-90).max(90);
export const Longitude = z.number().min(-180).max(180);

/** A position the app reports (Geolocation API coordinates; accuracy in metres; the fix's age
 * in ms, measured on the device: now minus the position's timestamp). */
export const Position = z.object({
  lat: Latitude,
  lng: Longitude,
  accuracy: z.number().min(0).max(100_000),
  ageMs: z.number().int().min(0).max(86_400_000),
});
export type Position = z.infer<typeof Position>;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const Period = z.tuple([z.string().regex(HHMM, 'expected HH:MM'), z.string().regex(HHMM, 'expected HH:MM')]);
export const ZoneHours = z
  .object(
    Object.fromEntries(WEEKDAYS.map((d) => [d, z.array(Period).max(6).optional()])) as Record<
      (typeof WEEKDAYS)[number],
      z.ZodOptional<z.ZodArray<typeof Period>>
    >,
  )
  .strict()
  .nullable();

/** What a zone opens: the whole catalogue, or chosen sections, categories (cat_id) and titles (mid). */
export const ZoneOpens = z.union([
  z.object({ all: z.literal(true) }).strict(),
  z
    .object({
      all: z.literal(false),
      sections: z.array(z.enum(ZONE_SECTIONS)).max(3).default([]),
      categories: z.array(int(1)).max(500).default([]),
      titles: z.array(int(1)).max(5000).default([]),
    })
    .strict(),
]);
export type ZoneOpens = z.infer<typeof ZoneOpens>;

const IPV4 = /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
/** Whether "address[/prefix]" is an IPv4 or IPv6 network the database's cidr type takes (host bits
 * are cleared when stored). IPv6 is checked by the URL parser, which exists in the browser too. */
export function isCidr(value: string): boolean {
  const [address, prefix, extra] = value.split('/');
  if (extra !== undefined || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))) return false;
  if (IPV4.test(address)) return prefix === undefined || Number(prefix) <= 32;
  if (!address.includes(':') || !/^[0-9a-fA-F:.]+$/.test(address)) return false;
  try {
    new URL(`http://[${address}]/`);
  } catch {
    return false;
  }
  return prefix === undefined || Number(prefix) <= 128;
}

/** IPv4 or IPv6 network in CIDR notation ("10.20.0.0/16", "2001:db8::/48"); a bare address is one host. */
export const Cidr = line()
  .min(2)
  .max(64)
  .regex(/^[0-9a-fA-F:.]+(\/\d{1,3})?$/, { message: 'expected a network such as 10.20.0.0/16 or 2001:db8::/48', abort: true })
  .refine(isCidr, 'expected a network such as 10.20.0.0/16 or 2001:db8::/48');

/** A zone's fields (ZoneInput without the rule that ties place and networks). */
export const ZoneFields = z.object({
  name: line().min(1).max(120),
  description: text().max(1000).default(''),
  institutionId: int(1).nullable().default(null),
  place: z
    .object({ lat: Latitude, lng: Longitude, radiusM: int(ZONE_RADIUS_MIN_M, ZONE_RADIUS_MAX_M) })
    .nullable()
    .default(null),
  networks: z.array(Cidr).max(100).default([]),
  hours: ZoneHours.default(null),
  timeZone: line().max(64).refine(isTimeZone, 'expected a time zone such as Asia/Kolkata').default('Asia/Kolkata'),
  passMinutes: int(PASS_MINUTES_MIN, PASS_MINUTES_MAX).default(PASS_MINUTES_DEFAULT),
  opens: ZoneOpens.default({ all: true }),
  active: z.boolean().default(true),
  /** How presence is proven here (shared/zones.ts PROOF_ACCEPTS). */
  proof: z.enum(ZONE_PROOFS).default('any'),
});
/** A zone is found by place, by network, or both: never by neither. */
export const zoneIsFindable = (z: { place: unknown; networks: string[] }) => Boolean(z.place || z.networks.length);
export const ZONE_UNFINDABLE = 'A zone needs a place (centre and radius) or at least one network.';
/** A proof the zone can be given: by network needs a network, by place a place. */
export const zoneProofFits = (z: { proof: string; place: unknown; networks: string[] }) =>
  z.proof === 'network' ? z.networks.length > 0 : z.proof === 'place' || z.proof === 'place+code' ? Boolean(z.place) : true;
export const ZONE_PROOF_UNFIT = 'Proof by network needs at least one network, and proof by place a place (centre and radius).';
export const ZoneInput = ZoneFields.refine(zoneIsFindable, ZONE_UNFINDABLE).refine(zoneProofFits, {
  message: ZONE_PROOF_UNFIT,
  path: ['proof'],
});
export type ZoneInput = z.infer<typeof ZoneInput>;

/** A zone as the app shows it (its networks are not public). */
export const ZoneSummary = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  institution: z.string().nullable(),
  place: z.object({ lat: z.number(), lng: z.number(), radiusM: z.number() }).nullable(),
  byNetwork: z.boolean(),
  hours: ZoneHours,
  timeZone: z.string(),
  openNow: z.boolean(),
  passMinutes: z.number(),
  opens: ZoneOpens,
  /** How presence is proven here (shared/zones.ts PROOF_ACCEPTS). */
  proof: z.enum(ZONE_PROOFS),
  /** Metres from the position asked about, when one was given and the zone has a place. */
  distanceM: z.number().nullable(),
});
export type ZoneSummary = z.infer<typeof ZoneSummary>;

/** A coordinate in a query string: a plain decimal number ("", "0x1F", "NaN", "Infinity" are refused). */
const coordinate = (max: number) =>
  z
    .string()
    .regex(/^-?\d{1,3}(\.\d{1,15})?$/, 'expected a number such as 28.6139')
    .transform(Number)
    .pipe(z.number().min(-max).max(max));
/** GET /api/zones: both lat and lng (distances, nearest first) or neither. */
export const ZonesQuery = z
  .object({ lat: coordinate(90).optional(), lng: coordinate(180).optional() })
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), 'give both lat and lng, or neither');
export const ZonesReply = z.object({ zones: z.array(ZoneSummary) });

export const ZonePass = z.object({
  zoneId: z.number(),
  zoneName: z.string(),
  startedAt: z.string(),
  lastSeenAt: z.string(),
  /** The pass ends then unless the reader is seen in the zone again. */
  endsAt: z.string(),
  opens: ZoneOpens,
  /** The pass opens something the reader could not read without it (their institution or plan
   * does not cover all the zone opens): the app mentions the pass only then. */
  opensMore: z.boolean(),
});
export type ZonePass = z.infer<typeof ZonePass>;

/** The code shown at a zone's desk, as typed (spaces and dashes between the digits are fine). */
export const ZoneCodeInput = line()
  .max(20)
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(new RegExp(`^\\d{${ZONE_CODE_DIGITS}}$`), `expected the ${ZONE_CODE_DIGITS}-digit code shown at the desk`));

/** POST /api/zones/here: "I am here" (the app opening, coming online, a position from watchPosition),
 * with the zone's on-site code when the reader typed one. */
export const HereBody = z.object({
  position: Position.optional(),
  code: ZoneCodeInput.optional(),
  /** The zone the code alone is for (a zone that takes the on-site code alone). */
  zoneId: int(1).optional(),
  /** The token of a zone's poster QR (checked on the server, which names what is wrong with it). */
  token: line().max(100).optional(),
});
/** Current passes, and which of them started with this report (an arrival). */
export const PassesReply = z.object({ passes: z.array(ZonePass), arrived: z.array(z.number()) });
export type PassesReply = z.infer<typeof PassesReply>;

/** POST /api/zones/ping: the service worker's background ping (no user token; the ping key names the reader). */
export const PingBody = z.object({ key: line().min(20).max(100) });

/** Web Push: the browser's PushSubscription.toJSON(), for this device, in this language. */
export const PushSubscribeBody = z.object({
  subscription: z.object({
    // The server also checks the host against the known push services (PUSH_SERVICE_HOSTS).
    endpoint: line()
      .url()
      .max(2000)
      .refine((u) => u.startsWith('https://'), 'expected an https endpoint'),
    keys: z.object({ p256dh: line().min(80).max(120), auth: line().min(16).max(40) }),
  }),
  deviceId: line().min(1).max(100),
  lang: z.enum(['en', 'hi']).default('en'),
});
export const PushSubscribeReply = z.object({ status: z.literal(1), pingKey: z.string() });
export const PushUnsubscribeBody = z.object({ endpoint: line().max(2000).optional(), deviceId: line().max(100).optional() });
export const PushKeyReply = z.object({ publicKey: z.string() });

/** What an arrival push carries; the service worker shows it as is. */
export const ArrivalMessage = z.object({
  type: z.literal('zone-arrival'),
  title: z.string(),
  body: z.string(),
  /** Where a click goes: the zone screen (in the reader's language). */
  url: z.string(),
  zoneId: z.number(),
  endsAt: z.string(),
  lang: z.enum(['en', 'hi']),
});
export type ArrivalMessage = z.infer<typeof ArrivalMessage>;
