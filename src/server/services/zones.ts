// Sighting a reader: which zones they are in (by the network the request came from, and by a
// reported position that is believable), what is kept of it (a sighting), the pass it opens or
// extends, and the arrival notification, which is queued, never awaited.
import type { FastifyInstance } from 'fastify';
import {
  PLACE_PASSES_PER_DAY,
  POSITION_ACCURACY_MAX_M,
  POSITION_ACCURACY_MIN_M,
  POSITION_MAX_AGE_MS,
  ZONE_PROOF_HOURS,
  clockTime,
  impossibleTravel,
} from '../../shared/zones';
import type { ArrivalMessage, PassesReply, Position } from '../../shared/schemas/zones';
import {
  addSightings,
  currentPasses,
  lastPlaceSighting,
  livePasses,
  lockReader,
  passesOpeningMore,
  upsertPasses,
  zoneCodeSecret,
  zonesAt,
  zonesById,
  type PassUpsert,
  type ZoneHere,
} from '../repositories/zones';
import { memberNamed } from '../repositories/network-arrivals';
import { HttpError } from '../plugins/errors';
import { LIMITS, refund, spend, spendOne } from './rate-limit';
import { zoneCodeMatches } from './zone-codes';

type Lang = 'en' | 'hi';

/** The zone screen of the app, in the reader's language. */
export const ZONE_SCREEN = { en: '/reading-zone', hi: '/hi/reading-zone' } as const;

/** "4:30 pm" (Hindi: "शाम 4:30"), with the weekday when the pass ends on another day, in the zone's time zone. */
function until(endsAt: Date, timeZone: string, lang: Lang, now = new Date()): string {
  const day = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(d);
  return clockTime(endsAt, lang, { timeZone, weekday: day(endsAt) !== day(now) });
}

/** The arrival notification in the reader's language. */
export function arrivalMessage(zone: { id: number; name: string; timeZone: string }, endsAt: Date, lang: Lang): ArrivalMessage {
  const time = until(endsAt, zone.timeZone, lang);
  return {
    type: 'zone-arrival',
    title: lang === 'hi' ? 'आप स्मार्ट रीडिंग ज़ोन में हैं' : "You're in a Smart Reading Zone",
    body: lang === 'hi' ? `${zone.name}: यहाँ ${time} तक पढ़ना मुफ़्त है।` : `${zone.name}: reading is free here until ${time}.`,
    url: ZONE_SCREEN[lang],
    zoneId: zone.id,
    endsAt: endsAt.toISOString(),
    lang,
  };
}

/** Why a place report opened nothing: each a 4xx with its own code, which the app explains. */
export const PLACE_REFUSALS = {
  zone_sign_in_needed: [
    403,
    "Reading free by your location needs a Lectern account: please sign in. On the zone's Wi-Fi a guest session is enough.",
  ],
  implausible_accuracy: [
    400,
    `A position claiming to be accurate to under ${POSITION_ACCURACY_MIN_M} m is not a real reading. Please try again on site.`,
  ],
  stale_position: [400, 'This position is too old to use. Please try again on site, with location on.'],
  impossible_travel: [
    403,
    'Your position moved faster than anyone can travel since your last one, so it was not used. Please try again on site.',
  ],
  zone_code_needed: [403, 'This zone also asks for the code shown at its desk (or its Wi-Fi). Please enter the code.'],
  zone_code_wrong: [403, 'That is not the code shown at the desk now. Please check it and try again.'],
  zone_place_limit: [
    429,
    `You have started ${PLACE_PASSES_PER_DAY} zone passes by location today. Please try again tomorrow, or use the zone's Wi-Fi.`,
  ],
} as const;
export type PlaceRefusal = keyof typeof PLACE_REFUSALS;
const refused = (code: PlaceRefusal) => new HttpError(PLACE_REFUSALS[code][0], code, PLACE_REFUSALS[code][1]);

/** Queues an arrival push for each pass that started now (the request does not wait) and returns
 * the zones arrived in. */
function announce(app: FastifyInstance, userId: number, zones: ZoneHere[], passes: PassUpsert[]): number[] {
  const byId = new Map<number, ZoneHere>(zones.map((z) => [z.id, z]));
  const arrived = passes.filter((p) => p.arrived);
  for (const p of arrived) {
    const zone = byId.get(p.zoneId)!;
    app.push.sendToUser(userId, (lang) => arrivalMessage(zone, p.endsAt, lang));
  }
  return arrived.map((p) => p.zoneId);
}

/** A network proved the reader is in these zones (found by the address a request came from, or
 * told by the venue's RADIUS accounting or controller): stores a sighting per zone, opens or
 * extends those passes as proven, and queues an arrival push for each pass that started now.
 * Returns the zones arrived in. */
export async function arriveByNetwork(app: FastifyInstance, userId: number, zones: ZoneHere[]): Promise<number[]> {
  if (!zones.length) return [];
  await addSightings(
    app.db,
    userId,
    zones.map((z) => ({ zoneId: z.id, via: 'network' as const })),
  );
  const passes = await upsertPasses(
    app.db,
    userId,
    zones.map((z) => ({ id: z.id, proved: true })),
  );
  return announce(app, userId, zones, passes);
}

/** Sights the reader by the network the request came from (req.ip, as TRUST_PROXY decides). With
 * no zone on that network this is one indexed query. Returns the zones arrived in. */
export async function sight(app: FastifyInstance, userId: number, where: { ip?: string }): Promise<number[]> {
  return arriveByNetwork(app, userId, await zonesAt(app.db, { ip: where.ip }));
}

/** The venue's network says `userName` joined it in these zones (a RADIUS Accounting-Start or
 * Interim-Update, or a controller's webhook): a member's e-mail address or linked identity arrives
 * by network in those of the zones open now; anyone else stores nothing. Returns the zones arrived
 * in (none for an unknown name, a closed zone, or a pass that was already running). */
export async function arriveNamed(app: FastifyInstance, userName: string, zoneIds: number[]): Promise<number[]> {
  const userId = await memberNamed(app.db, userName);
  if (userId === null) return [];
  return arriveByNetwork(app, userId, await zonesById(app.db, zoneIds));
}

export interface Report {
  user: { id: number; type: 'user' | 'guest' };
  /** The client address as Fastify decided it (req.ip: TRUST_PROXY as configured). */
  ip?: string;
  /** A reported position; ignored when less accurate than POSITION_ACCURACY_MAX_M. */
  position?: Position;
  /** The on-site code the reader typed. */
  code?: string;
}

/** "I am here" from the app: the network as in sight, and a position, which alone never opens
 * reading for a guest. For a signed-in reader a place is believed only when it is fresh, precise
 * no more than a browser can be, and reachable from their last place sighting; in a zone that asks
 * for a second proof, only with its network (then it is a network arrival) or its on-site code (or
 * a proof less than ZONE_PROOF_HOURS old on the pass it extends); and PLACE_PASSES_PER_DAY passes
 * by place a day at most. A refused report is a 4xx and stores and extends nothing. */
export async function reportHere(app: FastifyInstance, r: Report, client: string): Promise<number[]> {
  const position = r.position && r.position.accuracy <= POSITION_ACCURACY_MAX_M ? r.position : undefined;
  if (position && position.accuracy < POSITION_ACCURACY_MIN_M) throw refused('implausible_accuracy');
  if (position && position.ageMs > POSITION_MAX_AGE_MS) throw refused('stale_position');
  // A guess at a zone's code is spent before it is checked (given back when it was right or not needed).
  const codeTries = r.code
    ? await spend(app.db, [
        [LIMITS.zoneCodeFailPerUser, String(r.user.id)],
        [LIMITS.zoneCodeFailPerIp, client],
      ])
    : [];
  const now = Date.now();
  const outcome = await app.db.transaction(
    async (
      tx,
    ): Promise<{ refusal: PlaceRefusal; codeGuessed: boolean } | { zones: ZoneHere[]; passes: PassUpsert[]; codeGuessed: boolean }> => {
      await lockReader(tx, r.user.id);
      const found = await zonesAt(tx, { ip: r.ip, position });
      const network = found.filter((z) => z.via === 'network');
      let placed = found.filter((z) => z.via === 'place');
      if (placed.length && r.user.type === 'guest') {
        if (!network.length) return { refusal: 'zone_sign_in_needed', codeGuessed: false };
        placed = []; // the network is what counts for a guest
      }
      let codeGuessed = false;
      const proved = new Set<number>();
      if (placed.length) {
        const fix = { lat: position!.lat, lng: position!.lng, accuracy: position!.accuracy, at: now - position!.ageMs };
        const last = await lastPlaceSighting(tx, r.user.id);
        if (last && impossibleTravel({ ...last, accuracy: last.accuracy ?? POSITION_ACCURACY_MAX_M }, fix))
          return { refusal: 'impossible_travel', codeGuessed };
        const live = await livePasses(
          tx,
          r.user.id,
          placed.map((z) => z.id),
        );
        const asking = placed.filter((z) => z.proofRequired);
        if (r.code && asking.length) {
          codeGuessed = true;
          for (const z of asking) if (zoneCodeMatches((await zoneCodeSecret(tx, z.id))!, r.code, now)) proved.add(z.id);
          if (!proved.size) return { refusal: 'zone_code_wrong', codeGuessed };
        }
        const recentProof = (id: number) => {
          const at = live.get(id)?.provedAt;
          return !!at && now - at.getTime() < ZONE_PROOF_HOURS * 3_600_000;
        };
        const open = placed.filter((z) => !z.proofRequired || proved.has(z.id) || recentProof(z.id));
        if (!open.length && !network.length) return { refusal: 'zone_code_needed', codeGuessed };
        // Each pass a place report starts is spent against the day's allowance first; past it, the
        // zones left over are not opened (and nothing is when none was).
        placed = [];
        for (const z of open) {
          if (!live.has(z.id) && !(await spendOne(tx, [LIMITS.placePassesPerDay, String(r.user.id)], now))) continue;
          placed.push(z);
        }
        if (!placed.length && !network.length) return { refusal: 'zone_place_limit', codeGuessed };
      }
      const zones = [...network, ...placed];
      if (!zones.length) return { zones, passes: [], codeGuessed };
      await addSightings(
        tx,
        r.user.id,
        zones.map((z) => ({ zoneId: z.id, via: z.via })),
        position,
      );
      const passes = await upsertPasses(
        tx,
        r.user.id,
        zones.map((z) => ({ id: z.id, proved: z.via === 'network' || proved.has(z.id) })),
      );
      return { zones, passes, codeGuessed };
    },
  );
  // A wrong code stays counted; a right one, or one nothing asked for, is given back.
  if (!(outcome.codeGuessed && 'refusal' in outcome && outcome.refusal === 'zone_code_wrong')) await refund(app.db, codeTries);
  if ('refusal' in outcome) throw refused(outcome.refusal);
  return announce(app, r.user.id, outcome.zones, outcome.passes);
}

/** The reader's current passes (what the app shows), whether each opens more than the reader's
 * own access (the app's banner speaks only then), and which of them just began. */
export async function passesReply(app: FastifyInstance, userId: number, arrived: number[]): Promise<PassesReply> {
  const passes = await currentPasses(app.db, userId);
  const more = passes.length ? await passesOpeningMore(app.db, userId) : new Set<number>();
  return { passes: passes.map((p) => ({ ...p, opensMore: more.has(p.zoneId) })), arrived };
}
