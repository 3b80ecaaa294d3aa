// Smart Reading Zone rules shared by the app and the server: distance on the Earth, a circle's
// bounding box (the index the server searches first), opening hours in the zone's time zone, and
// the constants of the feature.

/** Radius of a zone's circle, in metres. */
export const ZONE_RADIUS_MIN_M = 50;
export const ZONE_RADIUS_MAX_M = 2000;
/** Pass length after the last sighting, in minutes. */
export const PASS_MINUTES_DEFAULT = 120;
export const PASS_MINUTES_MIN = 5;
export const PASS_MINUTES_MAX = 1440;
/** Positions less accurate than this (metres) say too little to place a reader in a zone. */
export const POSITION_ACCURACY_MAX_M = 500;
/** The app reports a position at most this often, unless the reader moved ZONE_REPORT_MOVE_M. */
export const ZONE_REPORT_EVERY_MS = 5 * 60_000;
export const ZONE_REPORT_MOVE_M = 100;
/** Browsers report accuracy as the radius of 95 % confidence; a phone's best in open sky is about
 * 3 m (iOS rarely under 5 m) and indoors 10 m or more. A finer claim (0 m is a script's default)
 * is not a real fix. */
export const POSITION_ACCURACY_MIN_M = 2;
/** A position report must be this fresh (the fix's age on the device, its own clock both times):
 * the app asks for a new fix before each report, the watcher takes fixes up to a minute old. */
export const POSITION_MAX_AGE_MS = 2 * 60_000;
/** Faster than any trip between two places (an airliner with a jet-stream tailwind, door to door
 * far slower): a report implying more is impossible travel. */
export const TRAVEL_MAX_KMH = 1200;
/** Passes a signed-in reader may start by place in a day (sliding 24 h). A student moving between
 * a campus's zones all day starts a handful (one per zone visited, again only after a pass ran
 * out); 20 is never met that way, and stops one account sweeping zone after zone. */
export const PLACE_PASSES_PER_DAY = 20;
/** In a zone that asks for a second proof (its network or the on-site code), a proof lets place
 * reports keep the pass going for this long; then the code again (or the network). One visit's day. */
export const ZONE_PROOF_HOURS = 8;
/** The on-site code: digits, and how often it changes (the one before still counts). */
export const ZONE_CODE_DIGITS = 6;
export const ZONE_CODE_PERIOD_S = 300;
/** How a zone's owner wants presence proven (migration 034): `network` its address ranges (or an
 * arrival the venue's network reports); `place` a signed-in account's position; `place+code` a
 * position and the on-site code (the desk's 6 digits or the poster's QR), the zone's network also
 * counting; `any` the network, a position, or the on-site code alone. */
export const ZONE_PROOFS = ['network', 'place', 'place+code', 'any'] as const;
export type ZoneProof = (typeof ZONE_PROOFS)[number];
/** Which proofs open a pass in a zone of each kind. */
export const PROOF_ACCEPTS: Record<ZoneProof, { network: boolean; place: boolean; placeWithCode: boolean; codeAlone: boolean }> = {
  network: { network: true, place: false, placeWithCode: false, codeAlone: false },
  place: { network: false, place: true, placeWithCode: true, codeAlone: false },
  'place+code': { network: true, place: false, placeWithCode: true, codeAlone: false },
  any: { network: true, place: true, placeWithCode: true, codeAlone: true },
};
/** The poster's QR token: a desk screen's is good for this long after its step begins (the page
 * shows a new one every ZONE_TOKEN_STEP_S), a printed one until the day's opening hours end. */
export const ZONE_TOKEN_STEP_S = 300;
export const ZONE_TOKEN_SCREEN_S = 600;
/** Distinct readers one token may let in, and token uses per reader a day (sliding 24 h). */
export const ZONE_TOKEN_READERS_MAX = 500;
export const ZONE_TOKEN_USES_PER_DAY = 30;
/** Location data (sightings, ended passes) is deleted after this many days (spec §1). */
export const LOCATION_RETENTION_DAYS = 15;
/** Sightings keep positions rounded to this many decimals of a degree (about 100 m). */
export const SIGHTING_DECIMALS = 3;

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** Opening hours: for each day the periods open, "HH:MM" to "HH:MM" (a close before the open runs
 * past midnight; "24:00" closes at midnight). A day not named is closed; null hours: always open. */
export type ZoneHours = Partial<Record<Weekday, [string, string][]>> | null;

/** A pass's end as the interface says it: "6:30 pm" in English; in Hindi with the Hindi day
 * period ("शाम 6:30": the am/pm of CLDR's Hindi is the Latin "am"), in the digits the rest of the
 * Hindi interface uses (hi-IN: 0-9). In the device's time zone unless one is given; with the
 * short weekday when asked. */
export function clockTime(at: Date, lang: string, opts: { timeZone?: string; weekday?: boolean } = {}): string {
  return new Intl.DateTimeFormat(lang === 'hi' ? 'hi-IN' : 'en-IN', {
    hour: 'numeric',
    minute: '2-digit',
    ...(lang === 'hi' ? { dayPeriod: 'short' as const } : {}),
    ...(opts.timeZone ? { timeZone: opts.timeZone } : {}),
    ...(opts.weekday ? { weekday: 'short' as const } : {}),
  }).format(at);
}

export const ZONE_SECTIONS = ['magazines', 'newspapers', 'journals'] as const;
export type ZoneSection = (typeof ZONE_SECTIONS)[number];

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceM(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** How far a stored sighting can be from where it was taken: half the last kept decimal of a
 * degree in latitude and longitude, diagonally (about 79 m at 3 decimals). */
const ROUNDING_SLACK_M = Math.ceil(Math.SQRT2 * 0.5 * 10 ** -SIGHTING_DECIMALS * rad(1) * EARTH_RADIUS_M);

export interface Fixed {
  lat: number;
  lng: number;
  /** Metres (95 % confidence). */
  accuracy: number;
  /** When the fix was taken (ms since the epoch). */
  at: number;
}

/** Whether going from `prev` to `next` is faster than any real transport, with both reports'
 * accuracies (and the rounding of a stored position) allowed for. */
export function impossibleTravel(prev: Fixed, next: Fixed): boolean {
  const slack = prev.accuracy + next.accuracy + ROUNDING_SLACK_M;
  const seconds = Math.max(0, (next.at - prev.at) / 1000);
  return distanceM(prev, next) > slack + (TRAVEL_MAX_KMH / 3.6) * seconds;
}

/** The box in degrees that holds a circle (a little larger, never smaller): [lngMin, latMin, lngMax, latMax]. */
export function boundingBox(lat: number, lng: number, radiusM: number): [number, number, number, number] {
  const dLat = (radiusM / EARTH_RADIUS_M) * (180 / Math.PI) * 1.001;
  const cos = Math.max(Math.cos(rad(Math.min(89.9, Math.abs(lat) + dLat))), 1e-6);
  const dLng = Math.min(180, dLat / cos);
  return [lng - dLng, Math.max(-90, lat - dLat), lng + dLng, Math.min(90, lat + dLat)];
}

// Making an Intl.DateTimeFormat costs far more than using one: one per time zone, kept.
const timeZones = new Map<string, Intl.DateTimeFormat>();
const dates = new Map<string, Intl.DateTimeFormat>();
function formatter(cache: Map<string, Intl.DateTimeFormat>, timeZone: string, make: () => Intl.DateTimeFormat) {
  let f = cache.get(timeZone);
  if (!f) cache.set(timeZone, (f = make()));
  return f;
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The weekday and minute of the day of `at` in a time zone. */
function localTime(at: Date, timeZone: string): { day: Weekday; minute: number } {
  const parts = formatter(
    timeZones,
    timeZone,
    () => new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  )
    .formatToParts(at)
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return { day: parts.weekday.toLowerCase().slice(0, 3) as Weekday, minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** Whether a zone with these hours is open at `at`. */
export function isOpenAt(hours: ZoneHours, timeZone: string, at: Date = new Date()): boolean {
  if (!hours) return true;
  const { day, minute } = localTime(at, timeZone);
  const yesterday = WEEKDAYS[(WEEKDAYS.indexOf(day) + 6) % 7];
  const today = (hours[day] ?? []).some(([from, to]) => {
    const [f, t] = [minutes(from), minutes(to)];
    return t > f ? minute >= f && minute < t : minute >= f; // past midnight: today's part
  });
  const spill = (hours[yesterday] ?? []).some(([from, to]) => minutes(to) <= minutes(from) && minute < minutes(to));
  return today || spill;
}

/** The date of `at` in a time zone (YYYY-MM-DD). */
export const localDate = (at: Date, timeZone: string): string =>
  formatter(
    dates,
    timeZone,
    () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  ).format(at);

/** When today's opening hours end (in the zone's time zone): the end of the last period open
 * today, or of the one running past midnight; midnight for a zone always open. Null when the zone
 * does not open again today. Minute by minute over a day at most (a printed poster asks, rarely). */
export function openUntilEndOfDay(hours: ZoneHours, timeZone: string, at: Date = new Date()): Date | null {
  const today = localDate(at, timeZone);
  let end: number | null = null;
  for (let t = Math.floor(at.getTime() / 60_000) * 60_000; t < at.getTime() + 26 * 3_600_000; t += 60_000) {
    const sameDay = localDate(new Date(t), timeZone) === today;
    if (!sameDay && (hours === null || end !== t)) break;
    if (isOpenAt(hours, timeZone, new Date(t))) end = t + 60_000;
  }
  return end === null ? null : new Date(end);
}

/** Whether a string names a time zone the runtime knows (Intl throws on others). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Opening hours a person typed that cannot be read: the message says what was expected. */
export class HoursError extends Error {}

/** 'mon-fri 08:00-20:00, sat 09:00-13:00 14:00-18:00' (or 'daily …', 'always'): the hours per day. */
export function parseHours(spec: string): ZoneHours {
  if (spec.trim().toLowerCase() === 'always') return null;
  const hours: Partial<Record<Weekday, [string, string][]>> = {};
  for (const part of spec.split(/[,;]/).map((p) => p.trim().toLowerCase())) {
    if (!part) continue;
    const [days, ...periods] = part.split(/\s+/);
    const picked = dayList(days);
    if (!picked || !periods.length) throw new HoursError(`Opening hours: cannot read "${part}" (expected e.g. "mon-fri 08:00-20:00")`);
    for (const p of periods) {
      const m = /^(\d{1,2}:\d{2})-(\d{1,2}:\d{2})$/.exec(p);
      if (!m) throw new HoursError(`Opening hours: cannot read the period "${p}" (expected HH:MM-HH:MM)`);
      const pad = (t: string) => t.padStart(5, '0');
      for (const d of picked) (hours[d] ??= []).push([pad(m[1]), pad(m[2])]);
    }
  }
  return hours;
}

function dayList(days: string): Weekday[] | null {
  if (days === 'daily') return [...WEEKDAYS];
  const day = (d: string) => WEEKDAYS.indexOf(d as Weekday);
  const range = /^([a-z]{3})-([a-z]{3})$/.exec(days);
  if (range) {
    const [from, to] = [day(range[1]), day(range[2])];
    if (from < 0 || to < 0) return null;
    return Array.from({ length: ((to - from + 7) % 7) + 1 }, (_, i) => WEEKDAYS[(from + i) % 7]);
  }
  return day(days) < 0 ? null : [days as Weekday];
}

/** "mon-fri 08:00-20:00, sat 09:00-13:00": days with the same periods run together. */
export function formatHours(hours: ZoneHours): string {
  if (!hours) return 'always open';
  const key = (d: Weekday) => (hours[d] ?? []).map(([a, b]) => `${a}-${b}`).join(' ');
  const parts: string[] = [];
  for (let i = 0; i < 7;) {
    let j = i;
    while (j + 1 < 7 && key(WEEKDAYS[j + 1]) === key(WEEKDAYS[i])) j++;
    if (key(WEEKDAYS[i])) parts.push(`${WEEKDAYS[i]}${j > i ? `-${WEEKDAYS[j]}` : ''} ${key(WEEKDAYS[i])}`);
    i = j + 1;
  }
  return parts.join(', ') || 'never open';
}
