// Sighting a reader: which zones they are in (by the network the request came from, and by a
// reported position precise enough to mean something), what is kept of it (a sighting), the pass
// it opens or extends, and the arrival notification, which is queued, never awaited.
import type { FastifyInstance } from 'fastify';
import { POSITION_ACCURACY_MAX_M } from '../../shared/zones';
import type { ArrivalMessage, PassesReply, Position } from '../../shared/schemas/zones';
import { addSightings, currentPasses, upsertPasses, zonesAt, type ZoneHere } from '../repositories/zones';

type Lang = 'en' | 'hi';

/** The zone screen of the app, in the reader's language. */
export const ZONE_SCREEN = { en: '/reading-zone', hi: '/hi/reading-zone' } as const;

/** "4:30 pm", or "Tue, 9:00 am" when the pass ends on another day, in the zone's time zone. */
function until(endsAt: Date, timeZone: string, lang: Lang, now = new Date()): string {
  const locale = lang === 'hi' ? 'hi-IN' : 'en-IN';
  const day = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(d);
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    ...(day(endsAt) === day(now) ? {} : { weekday: 'short' }),
  }).format(endsAt);
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

export interface Whereabouts {
  /** The client address as Fastify decided it (req.ip: TRUST_PROXY as configured). */
  ip?: string;
  /** A reported position; ignored when less accurate than POSITION_ACCURACY_MAX_M. */
  position?: Position;
}

/** Sights the reader: stores a sighting per zone found, opens or extends their passes, and queues
 * an arrival push for each pass that started now. Returns the zones that were arrived in. With
 * only an address and no zone on that network this is one indexed query. */
export async function sight(app: FastifyInstance, userId: number, where: Whereabouts): Promise<number[]> {
  const position = where.position && where.position.accuracy <= POSITION_ACCURACY_MAX_M ? where.position : undefined;
  const zones = await zonesAt(app.db, { ip: where.ip, position });
  if (!zones.length) return [];
  await addSightings(
    app.db,
    userId,
    zones.map((z) => ({ zoneId: z.id, via: z.via })),
    position,
  );
  const passes = await upsertPasses(
    app.db,
    userId,
    zones.map((z) => z.id),
  );
  const byId = new Map<number, ZoneHere>(zones.map((z) => [z.id, z]));
  const arrived = passes.filter((p) => p.arrived);
  for (const p of arrived) {
    const zone = byId.get(p.zoneId)!;
    // Queued and sent by the push plugin in the background: the request does not wait.
    app.push.sendToUser(userId, (lang) => arrivalMessage(zone, p.endsAt, lang));
  }
  return arrived.map((p) => p.zoneId);
}

/** sight, then the reader's current passes (what the app shows). */
export async function sightReader(app: FastifyInstance, userId: number, where: Whereabouts): Promise<PassesReply> {
  const arrived = await sight(app, userId, where);
  return { passes: await currentPasses(app.db, userId), arrived };
}
