// Sighting a reader: which zones they are in (by the network the request came from, and by a
// reported position that is believable), what is kept of it (a sighting), the pass it opens or
// extends, and the arrival notification, which is queued, never awaited.
import type { FastifyInstance } from 'fastify';
import {
  PLACE_PASSES_PER_DAY,
  POSITION_ACCURACY_MAX_M,
  POSITION_ACCURACY_MIN_M,
  POSITION_MAX_AGE_MS,
  PROOF_ACCEPTS,
  ZONE_PROOF_HOURS,
  ZONE_TOKEN_READERS_MAX,
  ZONE_TOKEN_USES_PER_DAY,
  clockTime,
  impossibleTravel,
} from '../../shared/zones';
import type { ArrivalMessage, PassesReply, Position } from '../../shared/schemas/zones';
import {
  addSightings,
  admitTokenReader,
  currentPasses,
  lastPlaceSighting,
  livePasses,
  lockReader,
  passesOpeningMore,
  upsertPasses,
  zoneCodeSecret,
  zoneInUse,
  zonesAt,
  zonesById,
  type PassUpsert,
  type ZoneHere,
} from '../repositories/zones';
import { memberNamed } from '../repositories/network-arrivals';
import { HttpError } from '../http-error';
import { LIMITS, refund, spend, spendOne } from './rate-limit';
import { readZoneToken, zoneCodeMatches, zoneTokenHash, zoneTokenSigned } from './zone-codes';

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
  zone_token_invalid: [400, 'This QR code is not a valid Lectern zone code. Please scan the poster in the zone again.'],
  zone_token_other_zone: [400, 'This QR code belongs to another zone. Please scan the poster of the zone you are in.'],
  zone_token_expired: [403, 'This QR code has expired. Please scan the poster in the zone again.'],
  zone_closed: [403, 'This zone is closed now. Please come back during its opening hours.'],
  zone_place_needed: [403, 'This zone also needs your location. Please turn location on and try again on site.'],
  zone_network_needed: [403, 'This zone opens only on its Wi-Fi. Please connect to it and open Lectern again.'],
  zone_token_full: [429, 'This QR code has let in as many readers as it may. Please ask at the desk for the code shown there.'],
  zone_token_limit: [
    429,
    `You have used zone QR codes ${ZONE_TOKEN_USES_PER_DAY} times today. Please try again tomorrow, or use the zone's Wi-Fi.`,
  ],
  no_zone: [404, 'There is no such zone.'],
} as const;
export type PlaceRefusal = keyof typeof PLACE_REFUSALS;
const refused = (code: PlaceRefusal) => new HttpError(PLACE_REFUSALS[code][0], code, PLACE_REFUSALS[code][1]);

/** Queues an arrival push for each pass that started now (the request does not wait) and returns
 * the zones arrived in. */
function announce(
  app: FastifyInstance,
  userId: number,
  zones: Pick<ZoneHere, 'id' | 'name' | 'timeZone'>[],
  passes: PassUpsert[],
): number[] {
  const byId = new Map(zones.map((z) => [z.id, z]));
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
  /** The zone a code alone is for, or the zone a poster's link named. */
  zoneId?: number;
  /** A poster QR's token. */
  token?: string;
}

type Refusal = { refusal: PlaceRefusal; codeGuessed: boolean };
type ZoneOpened = Pick<ZoneHere, 'id' | 'name' | 'timeZone' | 'proof'>;

/** A poster token, checked: its zone (in use, open now), and its hash and expiry for the cap on
 * its readers. Each thing wrong with it is its own refusal. Every use counts against the reader's
 * day (ZONE_TOKEN_USES_PER_DAY), a refused one too. */
async function checkToken(app: FastifyInstance, r: Report, token: string) {
  const t = readZoneToken(token);
  if (!t) throw refused('zone_token_invalid');
  if (r.zoneId !== undefined && r.zoneId !== t.zoneId) throw refused('zone_token_other_zone');
  if (!(await spendOne(app.db, [LIMITS.zoneTokenPerUser, String(r.user.id)]))) throw refused('zone_token_limit');
  const zone = await zoneInUse(app.db, t.zoneId);
  if (!zone || !zoneTokenSigned(zone.secret, t)) throw refused('zone_token_invalid');
  if (t.expires * 1000 <= Date.now()) throw refused('zone_token_expired');
  if (!zone.openNow) throw refused('zone_closed');
  return { zone, hash: zoneTokenHash(token), expiresAt: new Date(t.expires * 1000) };
}

/** "I am here" from the app: the network as in sight, a position, the on-site code (typed, or a
 * poster's QR token). A position alone never opens reading for a guest. For a signed-in reader a
 * place is believed only when it is fresh, precise no more than a browser can be, and reachable
 * from their last place sighting; a place+code zone opens to a place only with its network (then
 * it is a network arrival), its code or a token (or a proof less than ZONE_PROOF_HOURS old on the
 * pass it extends); PLACE_PASSES_PER_DAY passes by place a day at most. A zone taking any proof
 * opens to its code or token alone (guests too: a code proves presence, a position does not).
 * A refused report is a 4xx and stores and extends nothing. */
export async function reportHere(app: FastifyInstance, r: Report, client: string): Promise<number[]> {
  const position = r.position && r.position.accuracy <= POSITION_ACCURACY_MAX_M ? r.position : undefined;
  if (position && position.accuracy < POSITION_ACCURACY_MIN_M) throw refused('implausible_accuracy');
  if (position && position.ageMs > POSITION_MAX_AGE_MS) throw refused('stale_position');
  const token = r.token ? await checkToken(app, r, r.token) : null;
  // A guess at a zone's code is spent before it is checked (given back when it was right or not needed).
  const codeTries = r.code
    ? await spend(app.db, [
        [LIMITS.zoneCodeFailPerUser, String(r.user.id)],
        [LIMITS.zoneCodeFailPerIp, client],
      ])
    : [];
  const now = Date.now();
  let outcome: Refusal | { zones: ZoneOpened[]; passes: PassUpsert[]; codeGuessed: boolean };
  try {
    outcome = await app.db.transaction(async (tx) => {
      await lockReader(tx, r.user.id);
      const found = await zonesAt(tx, { ip: r.ip, position });
      const network = found.filter((z) => z.via === 'network');
      let placed = found.filter((z) => z.via === 'place');
      let codeGuessed = false;
      const proved = new Set<number>();
      // The on-site code alone: a token, or the desk's code for the zone named, where the zone takes it.
      const alone: ZoneOpened[] = [];
      if (token) {
        proved.add(token.zone.id);
        if (PROOF_ACCEPTS[token.zone.proof].codeAlone) alone.push(token.zone);
      } else if (r.code && r.zoneId !== undefined) {
        const zone = await zoneInUse(tx, r.zoneId);
        if (!zone) return { refusal: 'no_zone', codeGuessed };
        if (PROOF_ACCEPTS[zone.proof].codeAlone) {
          if (!zone.openNow) return { refusal: 'zone_closed', codeGuessed };
          codeGuessed = true;
          if (!zoneCodeMatches(zone.secret, r.code, now)) return { refusal: 'zone_code_wrong', codeGuessed };
          proved.add(zone.id);
          alone.push(zone);
        }
      }
      if (placed.length && r.user.type === 'guest') {
        if (!network.length && !alone.length) return { refusal: 'zone_sign_in_needed', codeGuessed };
        placed = []; // the network or the code is what counts for a guest
      }
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
        const asking = placed.filter((z) => !PROOF_ACCEPTS[z.proof].place && !proved.has(z.id));
        if (r.code && asking.length && !codeGuessed) {
          codeGuessed = true;
          for (const z of asking) if (zoneCodeMatches((await zoneCodeSecret(tx, z.id))!, r.code, now)) proved.add(z.id);
          if (!asking.some((z) => proved.has(z.id))) return { refusal: 'zone_code_wrong', codeGuessed };
        }
        const recentProof = (id: number) => {
          const at = live.get(id)?.provedAt;
          return !!at && now - at.getTime() < ZONE_PROOF_HOURS * 3_600_000;
        };
        const open = placed.filter((z) => PROOF_ACCEPTS[z.proof].place || proved.has(z.id) || recentProof(z.id));
        if (!open.length && !network.length && !alone.length) return { refusal: 'zone_code_needed', codeGuessed };
        // Each pass a place report starts is spent against the day's allowance first; past it, the
        // zones left over are not opened (and nothing is when none was).
        placed = [];
        for (const z of open) {
          if (!live.has(z.id) && !(await spendOne(tx, [LIMITS.placePassesPerDay, String(r.user.id)], now))) continue;
          placed.push(z);
        }
        if (!placed.length && !network.length && !alone.length) return { refusal: 'zone_place_limit', codeGuessed };
      }
      const byId = new Map<number, ZoneOpened>([...alone, ...placed, ...network].map((z) => [z.id, z]));
      const zones = [...byId.values()];
      if (token) {
        // A token that opened nothing says what its zone asks for instead.
        if (!byId.has(token.zone.id)) {
          const accepts = PROOF_ACCEPTS[token.zone.proof];
          const why = !accepts.placeWithCode
            ? 'zone_network_needed'
            : r.user.type === 'guest'
              ? 'zone_sign_in_needed'
              : 'zone_place_needed';
          return { refusal: why, codeGuessed };
        }
        // Counted last, with what it opens: a refused report lets no one in on the token. Thrown,
        // not returned, so the reader's row just written is rolled back with everything else.
        if (
          !(await admitTokenReader(
            tx,
            { hash: token.hash, zoneId: token.zone.id, expiresAt: token.expiresAt },
            r.user.id,
            ZONE_TOKEN_READERS_MAX,
          ))
        )
          throw refused('zone_token_full');
      }
      if (!zones.length) return { zones, passes: [], codeGuessed };
      const sighted = [...network, ...placed];
      await addSightings(
        tx,
        r.user.id,
        sighted.map((z) => ({ zoneId: z.id, via: z.via })),
        position,
      );
      const viaNetwork = new Set(network.map((z) => z.id));
      const passes = await upsertPasses(
        tx,
        r.user.id,
        zones.map((z) => ({ id: z.id, proved: viaNetwork.has(z.id) || proved.has(z.id) })),
      );
      return { zones, passes, codeGuessed };
    });
  } catch (err) {
    await refund(app.db, codeTries);
    throw err;
  }
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
