// Smart Reading Zones: the zones themselves (written by the operator command and the librarian
// console), where a reader is (by network or by place, through the GiST indexes), zone passes,
// sightings and their retention. All zone SQL lives here.
import crypto from 'node:crypto';
import { isIP } from 'node:net';
import type { Db, Queryable } from '../db/index';
import { prepared } from '../db/prepared';
import { accessEnds, isLive, sectionOpen } from './membership';
import { opensTitle, titleSections, type TitleSql } from './opens';
import { recordAudit } from './console';
import { AGE_RATE_APPLY_BELOW, HIDDEN_CATEGORY, JOURNAL_SECTION, NEWSPAPER_CATEGORY } from '../../shared/constants';
import {
  LOCATION_RETENTION_DAYS,
  PROOF_ACCEPTS,
  SIGHTING_DECIMALS,
  boundingBox,
  distanceM,
  isOpenAt,
  type Fixed,
  type ZoneProof,
  type ZoneSection,
} from '../../shared/zones';
import { isWideNetwork, sameNetwork } from '../../shared/zone-networks';
import type { ZoneInput, ZoneOpens, ZonePass, ZoneSummary } from '../../shared/schemas/zones';

/** A zone with everything the operator wrote (its networks too). */
export interface Zone extends ZoneInput {
  id: number;
  institution: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A zone the reader was found in, and how. */
export interface ZoneHere {
  id: number;
  name: string;
  timeZone: string;
  via: 'network' | 'place';
  proof: ZoneProof;
}

export interface PassUpsert {
  zoneId: number;
  /** The pass started with this sighting (it was new, or the last one had ended). */
  arrived: boolean;
  endsAt: Date;
}

/** A zone that cannot be written as asked (an unknown institution, more than its owner's
 * subscription covers, a network a librarian may not use): the command prints the message, the
 * console answers 400 with the code. */
export class ZoneInputError extends Error {
  constructor(
    message: string,
    public code = 'bad_zone',
  ) {
    super(message);
  }
}

/** An active zone whose owner (if any) still subscribes: `z` names the zones row. A lapsed
 * institution's zone neither finds readers nor opens reading. */
const usable = (z: string) =>
  `${z}.active AND (${z}.institution_id IS NULL OR EXISTS (SELECT 1 FROM institutions zi WHERE zi.id = ${z}.institution_id AND ${isLive('zi')}))`;

/** The client address as the database's inet takes it: IPv4-mapped IPv6 as IPv4 (so an IPv4 range
 * matches a dual-stack socket's address), no IPv6 zone index; undefined when it is no address. */
export function clientInet(ip: string | undefined): string | undefined {
  if (!ip) return undefined;
  const bare = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  const address = mapped ? mapped[1] : bare;
  return isIP(address) ? address : undefined;
}

// ---------- the operator's writes ----------

const list = (items: (string | number)[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** A zone opens at most what its owner's subscription covers: refused here when it names a
 * section the subscription lacks (as a section, its category or a title of it) or a title above
 * its age rating. "The whole catalogue" is bounded when read (passOpening), so it stays allowed. */
async function checkOwner(db: Queryable, id: number | null, opens: ZoneOpens) {
  if (id === null) return;
  const { rows } = await db.query<{ name: string; newspapers: boolean; journals: boolean; age_rating: number }>(
    'SELECT name, newspapers, journals, age_rating FROM institutions WHERE id = $1',
    [id],
  );
  if (!rows.length) throw new ZoneInputError(`There is no institution #${id}.`, 'no_institution');
  if (opens.all) return;
  const owner = rows[0];
  const { rows: titles } = await db.query<{ mid: number; newspaper: boolean; journal: boolean; age_rating: number }>(
    `SELECT mid, type = 'newspaper' OR cat_id = ${NEWSPAPER_CATEGORY} AS newspaper, type = 'journal' OR cat_id = ${JOURNAL_SECTION} AS journal,
       age_rating FROM titles WHERE mid = ANY ($1::int[]) ORDER BY mid`,
    [opens.titles],
  );
  const lacking: string[] = [];
  const through: number[] = [];
  for (const [section, has, category] of [
    ['newspapers', owner.newspapers, NEWSPAPER_CATEGORY],
    ['journals', owner.journals, JOURNAL_SECTION],
  ] as const) {
    if (has) continue;
    const inSection = titles.filter((t) => (section === 'newspapers' ? t.newspaper : t.journal)).map((t) => t.mid);
    if (opens.sections.includes(section) || opens.categories.includes(category) || inSection.length) lacking.push(section);
    through.push(...inSection);
  }
  const rated = owner.age_rating < AGE_RATE_APPLY_BELOW ? titles.filter((t) => t.age_rating > owner.age_rating).map((t) => t.mid) : [];
  const titled = (mids: number[]) => `title${mids.length > 1 ? 's' : ''} ${list(mids)}`;
  const problems = [
    lacking.length &&
      `${owner.name}'s subscription does not include ${list(lacking)}, so its zones cannot open them${through.length ? ` (${titled(through)})` : ''}`,
    rated.length && `${titled(rated)} ${rated.length > 1 ? 'are' : 'is'} rated above ${owner.name}'s age rating (${owner.age_rating})`,
  ].filter(Boolean);
  if (problems.length) {
    const message = `${problems.join('; ')}.`;
    throw new ZoneInputError(message[0].toUpperCase() + message.slice(1), 'zone_beyond_subscription');
  }
}

const zoneNetworks = async (db: Queryable, zoneId: number): Promise<string[]> =>
  (
    await db.query<{ net: string }>('SELECT n.net::text AS net FROM zone_networks n WHERE n.zone_id = $1 ORDER BY n.net', [zoneId])
  ).rows.map((r) => r.net);

/** A zone given a wide network (as wide as a librarian may go, or wider; a private or reserved
 * range), however it was made, is flagged in the audit log: `zone.wide` with the networks added. */
async function flagWide(tx: Queryable, zoneId: number, institutionId: number | null, before: string[], actorId: number | null) {
  const added = (await zoneNetworks(tx, zoneId)).filter((n) => isWideNetwork(n) && !before.some((b) => sameNetwork(b, n)));
  if (added.length)
    await recordAudit(tx, {
      actorId,
      institutionId,
      action: 'zone.wide',
      target: String(zoneId),
      before: null,
      after: { networks: added },
    });
}

/** The columns of a zone row from a ZoneInput; `area` is the circle's bounding box (x = lng, y = lat). */
function columns(input: ZoneInput): unknown[] {
  const p = input.place;
  const box = p ? boundingBox(p.lat, p.lng, p.radiusM) : null;
  return [
    input.name,
    input.description,
    input.institutionId,
    p?.lat ?? null,
    p?.lng ?? null,
    p?.radiusM ?? null,
    box ? `((${box[0]},${box[1]}),(${box[2]},${box[3]}))` : null,
    input.hours === null ? null : JSON.stringify(input.hours),
    input.timeZone,
    input.passMinutes,
    JSON.stringify(input.opens),
    input.active,
    input.proof,
  ];
}

async function setNetworks(tx: Queryable, zoneId: number, networks: string[]) {
  await tx.query('DELETE FROM zone_networks WHERE zone_id = $1', [zoneId]);
  // network() clears host bits (10.1.2.3/8 is stored as 10.0.0.0/8), which the cidr type requires.
  if (networks.length)
    await tx.query(`INSERT INTO zone_networks (zone_id, net) SELECT DISTINCT $1::int, network(n)::cidr FROM unnest($2::inet[]) AS n`, [
      zoneId,
      networks,
    ]);
}

/** Creates a zone from a validated ZoneInput inside the caller's transaction (`actorId`: who, for
 * the audit log; null for the operator); returns its id. The zone's code secret is made here. */
export async function insertZone(tx: Queryable, input: ZoneInput, actorId: number | null = null): Promise<number> {
  await checkOwner(tx, input.institutionId, input.opens);
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO zones (name, description, institution_id, lat, lng, radius_m, area, hours, time_zone, pass_minutes, opens, active,
       proof, code_secret)
     VALUES ($1, $2, $3, $4, $5, $6, $7::box, $8::jsonb, $9, $10, $11::jsonb, $12, $13, $14) RETURNING id`,
    [...columns(input), crypto.randomBytes(32).toString('base64')],
  );
  await setNetworks(tx, rows[0].id, input.networks);
  await flagWide(tx, rows[0].id, input.institutionId, [], actorId);
  return rows[0].id;
}

/** Creates a zone from a validated ZoneInput; returns its id. */
export function createZone(db: Db, input: ZoneInput): Promise<number> {
  return db.transaction((tx) => insertZone(tx, input));
}

/** Replaces a zone with a validated ZoneInput (its networks too) inside the caller's transaction;
 * false when there is no such zone. */
export async function replaceZone(tx: Queryable, id: number, input: ZoneInput, actorId: number | null = null): Promise<boolean> {
  await checkOwner(tx, input.institutionId, input.opens);
  const { rows } = await tx.query(
    `UPDATE zones SET name = $1, description = $2, institution_id = $3, lat = $4, lng = $5, radius_m = $6, area = $7::box,
       hours = $8::jsonb, time_zone = $9, pass_minutes = $10, opens = $11::jsonb, active = $12, proof = $13, updated_at = now()
     WHERE id = $14 RETURNING id`,
    [...columns(input), id],
  );
  if (!rows.length) return false;
  const before = await zoneNetworks(tx, id);
  await setNetworks(tx, id, input.networks);
  await flagWide(tx, id, input.institutionId, before, actorId);
  return true;
}

/** Replaces a zone with a validated ZoneInput (its networks too); false when there is no such zone. */
export function updateZone(db: Db, id: number, input: ZoneInput): Promise<boolean> {
  return db.transaction((tx) => replaceZone(tx, id, input));
}

/** Removes a zone (its networks, passes and sightings go with it); false when there is none. */
export async function removeZone(db: Queryable, id: number): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM zones WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
}

export interface ZoneRow {
  id: number;
  name: string;
  description: string;
  institution_id: number | null;
  institution: string | null;
  lat: number | null;
  lng: number | null;
  radius_m: number | null;
  hours: ZoneInput['hours'];
  time_zone: string;
  pass_minutes: number;
  opens: ZoneOpens;
  active: boolean;
  proof: ZoneProof;
  networks: string[] | null;
  created_at: Date;
  updated_at: Date;
}

export const toZone = (r: ZoneRow): Zone => ({
  id: r.id,
  name: r.name,
  description: r.description,
  institutionId: r.institution_id,
  institution: r.institution,
  place: r.lat === null || r.lng === null || r.radius_m === null ? null : { lat: r.lat, lng: r.lng, radiusM: r.radius_m },
  networks: r.networks ?? [],
  hours: r.hours,
  timeZone: r.time_zone,
  passMinutes: r.pass_minutes,
  opens: r.opens,
  active: r.active,
  proof: r.proof,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export const ZONE_SELECT = `SELECT z.id, z.name, z.description, z.institution_id, i.name AS institution, z.lat, z.lng, z.radius_m, z.hours,
    z.time_zone, z.pass_minutes, z.opens, z.active, z.proof, z.created_at, z.updated_at,
    (SELECT array_agg(n.net::text ORDER BY n.net) FROM zone_networks n WHERE n.zone_id = z.id) AS networks
  FROM zones z LEFT JOIN institutions i ON i.id = z.institution_id`;

/** Every zone, inactive ones too (the operator's list). */
export async function allZones(db: Queryable): Promise<Zone[]> {
  const { rows } = await db.query<ZoneRow>(`${ZONE_SELECT} ORDER BY z.id`);
  return rows.map(toZone);
}

export async function getZone(db: Queryable, id: number): Promise<Zone | null> {
  const { rows } = await db.query<ZoneRow>(`${ZONE_SELECT} WHERE z.id = $1`, [id]);
  return rows[0] ? toZone(rows[0]) : null;
}

/** A zone as ZoneInput again (to edit a few of its fields and validate the whole). */
export const zoneInput = (z: Zone): ZoneInput => ({
  name: z.name,
  description: z.description,
  institutionId: z.institutionId,
  place: z.place,
  networks: z.networks,
  hours: z.hours,
  timeZone: z.timeZone,
  passMinutes: z.passMinutes,
  opens: z.opens,
  active: z.active,
  proof: z.proof,
});

/** What a zone really opens: an institution's zone no more than its subscription covers now (a
 * section it lost is no longer opened; the age rating is applied when reading, passOpening). */
export function ownerOpens(opens: ZoneOpens, owner: { newspapers: boolean | null; journals: boolean | null } | null): ZoneOpens {
  if (!owner || owner.newspapers === null || (owner.newspapers && owner.journals)) return opens;
  const covered: ZoneSection[] = [
    'magazines',
    ...(owner.newspapers ? ['newspapers' as const] : []),
    ...(owner.journals ? ['journals' as const] : []),
  ];
  if (opens.all) return { all: false, sections: covered, categories: [], titles: [] };
  const lost = [...(owner.newspapers ? [] : [NEWSPAPER_CATEGORY]), ...(owner.journals ? [] : [JOURNAL_SECTION])];
  return {
    ...opens,
    sections: opens.sections.filter((x) => covered.includes(x)),
    categories: opens.categories.filter((c) => !lost.includes(c)),
  };
}

// ---------- where the reader is ----------

/** The query behind zonesAt (the benchmark explains it): each part is one GiST index lookup, the
 * networks containing the address (inet_ops) and the boxes containing the point (the box form of
 * `area @> point`, as GiST's box_ops indexes box @> box, not box @> point). Null when there is
 * nothing to look for. */
export function zonesAtQuery(where: { ip?: string; position?: { lat: number; lng: number } }): { sql: string; params: unknown[] } | null {
  const ip = clientInet(where.ip);
  const parts: string[] = [];
  const params: unknown[] = [];
  const cols = `z.id, z.name, z.time_zone, z.hours, z.lat, z.lng, z.radius_m, z.proof`;
  if (ip) {
    params.push(ip);
    parts.push(
      `SELECT ${cols}, 'network' AS via FROM zone_networks n JOIN zones z ON z.id = n.zone_id WHERE n.net >>= $${params.length}::inet AND ${usable('z')}`,
    );
  }
  if (where.position) {
    params.push(where.position.lng, where.position.lat);
    const p = `point($${params.length - 1}::float8, $${params.length}::float8)`;
    parts.push(`SELECT ${cols}, 'place' AS via FROM zones z WHERE z.area @> box(${p}, ${p}) AND ${usable('z')}`);
  }
  return parts.length ? { sql: prepared(parts.join(' UNION ALL ')), params } : null;
}

/** The zones open now at this address and/or position: the index lookups of zonesAtQuery, then
 * the exact circle and the opening hours. A zone found both ways counts by network (no position kept). */
export async function zonesAt(
  db: Queryable,
  where: { ip?: string; position?: { lat: number; lng: number } },
  at: Date = new Date(),
): Promise<ZoneHere[]> {
  const query = zonesAtQuery(where);
  if (!query) return [];
  const { rows } = await db.query<{
    id: number;
    name: string;
    time_zone: string;
    hours: ZoneInput['hours'];
    lat: number | null;
    lng: number | null;
    radius_m: number | null;
    proof: ZoneProof;
    via: 'network' | 'place';
  }>(query.sql, query.params);
  const found = new Map<number, ZoneHere>();
  for (const r of rows) {
    // In the box but outside the circle: not there. On the edge counts (a micrometre of floating point allowed).
    if (
      r.via === 'place' &&
      (r.lat === null || r.lng === null || distanceM({ lat: r.lat, lng: r.lng }, where.position!) > r.radius_m! + 1e-6)
    )
      continue;
    if (!isOpenAt(r.hours, r.time_zone, at)) continue;
    // A way the zone's owner did not choose finds nothing there (a place zone's Wi-Fi, a network zone's circle).
    const accepts = PROOF_ACCEPTS[r.proof];
    if (r.via === 'network' ? !accepts.network : !accepts.place && !accepts.placeWithCode) continue;
    if (!found.has(r.id) || r.via === 'network')
      found.set(r.id, { id: r.id, name: r.name, timeZone: r.time_zone, via: r.via, proof: r.proof });
  }
  return [...found.values()];
}

/** Those of these zones that are in use and open now, as found by their network: a venue's
 * network (its RADIUS accounting or its controller's webhook) told us the reader is there. */
export async function zonesById(db: Queryable, ids: number[], at: Date = new Date()): Promise<ZoneHere[]> {
  if (!ids.length) return [];
  const { rows } = await db.query<{ id: number; name: string; time_zone: string; hours: ZoneInput['hours']; proof: ZoneProof }>(
    `SELECT z.id, z.name, z.time_zone, z.hours, z.proof FROM zones z WHERE z.id = ANY ($1::int[]) AND ${usable('z')} ORDER BY z.id`,
    [ids],
  );
  // A zone proven by place alone was not asked to take its network's word.
  return rows
    .filter((r) => PROOF_ACCEPTS[r.proof].network && isOpenAt(r.hours, r.time_zone, at))
    .map((r) => ({ id: r.id, name: r.name, timeZone: r.time_zone, via: 'network' as const, proof: r.proof }));
}

/** The query behind listZones (the benchmark explains it). The nearest zones come from the GiST
 * index's distance order (no tie-breaker there: one would turn the index scan into a sort of every
 * zone), and only those few are joined to their institution and networks. */
export function listZonesQuery(position: { lat: number; lng: number } | undefined, limit: number): { sql: string; params: unknown[] } {
  const order = position ? `z.area <-> point($2::float8, $3::float8)` : `z.name, z.id`;
  return {
    sql: `SELECT z.id, z.name, z.description, i.name AS institution, i.newspapers, i.journals, z.lat, z.lng, z.radius_m, z.hours, z.time_zone,
            z.pass_minutes, z.opens, z.proof,
            -- A scalar lookup per listed zone (its primary key); EXISTS was planned as a scan of every network.
            coalesce((SELECT true FROM zone_networks n WHERE n.zone_id = z.id LIMIT 1), false) AS by_network
          FROM (SELECT * FROM zones z WHERE ${usable('z')} ORDER BY ${order} LIMIT $1) z
          LEFT JOIN institutions i ON i.id = z.institution_id
          ORDER BY ${order}`,
    params: position ? [limit, position.lng, position.lat] : [limit],
  };
}

/** Zones for the app: nearest first when a position is given (the GiST index orders by distance
 * to the box; zones known only by network come after), else by name; at most `limit`. Public and
 * institution zones alike, never their networks. */
export async function listZones(
  db: Queryable,
  position?: { lat: number; lng: number },
  limit = 50,
  at = new Date(),
): Promise<ZoneSummary[]> {
  const query = listZonesQuery(position, limit);
  const { rows } = await db.query<{
    id: number;
    name: string;
    description: string;
    institution: string | null;
    newspapers: boolean | null;
    journals: boolean | null;
    lat: number | null;
    lng: number | null;
    radius_m: number | null;
    by_network: boolean;
    hours: ZoneInput['hours'];
    time_zone: string;
    pass_minutes: number;
    opens: ZoneOpens;
    proof: ZoneProof;
  }>(query.sql, query.params);
  const zones = rows.map((r) => {
    const place = r.lat === null || r.lng === null || r.radius_m === null ? null : { lat: r.lat, lng: r.lng, radiusM: r.radius_m };
    return {
      id: r.id,
      name: r.name,
      description: r.description,
      institution: r.institution,
      place,
      byNetwork: r.by_network,
      hours: r.hours,
      timeZone: r.time_zone,
      openNow: isOpenAt(r.hours, r.time_zone, at),
      passMinutes: r.pass_minutes,
      opens: ownerOpens(r.opens, r),
      proof: r.proof,
      distanceM: position && place ? Math.round(distanceM(position, place)) : null,
    };
  });
  // The index orders by the box; the centre's distance decides among the few it returned.
  if (position) zones.sort((a, b) => (a.distanceM ?? Infinity) - (b.distanceM ?? Infinity));
  return zones;
}

// ---------- passes and sightings ----------

/** Opens or extends the reader's passes of these zones in one statement. A pass that had ended
 * starts again; `started_at = now()` after it says the pass began with this sighting (an arrival),
 * which concurrent sightings cannot both see: the second waits for the first's row and extends it.
 * `proved`: the sighting proved presence (the zone's network, or its on-site code). */
export async function upsertPasses(db: Queryable, userId: number, zones: { id: number; proved: boolean }[]): Promise<PassUpsert[]> {
  if (!zones.length) return [];
  const { rows } = await db.query<{ zone_id: number; arrived: boolean; ends_at: Date }>(
    `INSERT INTO zone_passes AS p (user_id, zone_id, started_at, last_seen_at, ends_at, proved_at)
     SELECT $1, z.id, now(), now(), now() + make_interval(mins => z.pass_minutes), CASE WHEN s.proved THEN now() END
     FROM unnest($2::int[], $3::boolean[]) AS s(zone_id, proved) JOIN zones z ON z.id = s.zone_id ORDER BY z.id
     ON CONFLICT (user_id, zone_id) DO UPDATE SET
       started_at = CASE WHEN p.ends_at <= now() THEN now() ELSE p.started_at END,
       last_seen_at = now(),
       ends_at = EXCLUDED.ends_at,
       proved_at = coalesce(EXCLUDED.proved_at, p.proved_at)
     RETURNING p.zone_id, p.started_at = now() AS arrived, p.ends_at`,
    [userId, zones.map((z) => z.id), zones.map((z) => z.proved)],
  );
  return rows.map((r) => ({ zoneId: r.zone_id, arrived: r.arrived, endsAt: r.ends_at }));
}

/** Holds the reader's place reports one at a time until the caller's transaction ends: the
 * impossible-travel check reads the last sighting, which a concurrent report must not skip. */
export async function lockReader(tx: Queryable, userId: number): Promise<void> {
  await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
}

/** The reader's last sighting by place (a position kept rounded; its accuracy, or none for one
 * kept before accuracies were), or null. */
export async function lastPlaceSighting(
  db: Queryable,
  userId: number,
): Promise<(Omit<Fixed, 'accuracy'> & { accuracy: number | null }) | null> {
  const { rows } = await db.query<{ lat: string; lng: string; accuracy_m: number | null; at: Date }>(
    `SELECT lat::text, lng::text, accuracy_m, at FROM zone_sightings
     WHERE user_id = $1 AND via = 'place' AND lat IS NOT NULL ORDER BY at DESC, id DESC LIMIT 1`,
    [userId],
  );
  const r = rows[0];
  return r ? { lat: Number(r.lat), lng: Number(r.lng), accuracy: r.accuracy_m, at: r.at.getTime() } : null;
}

/** The reader's passes of these zones that have not ended, with when presence was last proven. */
export async function livePasses(db: Queryable, userId: number, zoneIds: number[]): Promise<Map<number, { provedAt: Date | null }>> {
  const { rows } = await db.query<{ zone_id: number; proved_at: Date | null }>(
    'SELECT zone_id, proved_at FROM zone_passes WHERE user_id = $1 AND zone_id = ANY ($2::int[]) AND ends_at > now()',
    [userId, zoneIds],
  );
  return new Map(rows.map((r) => [r.zone_id, { provedAt: r.proved_at }]));
}

/** The secret behind a zone's on-site code (never shown), or null when there is no such zone. */
export async function zoneCodeSecret(db: Queryable, zoneId: number): Promise<string | null> {
  const { rows } = await db.query<{ code_secret: string }>('SELECT code_secret FROM zones WHERE id = $1', [zoneId]);
  return rows[0]?.code_secret ?? null;
}

/** A zone in use named by a poster token or a code alone, with whether it is open at `at`; null
 * when there is no such zone in use. */
export async function zoneInUse(
  db: Queryable,
  zoneId: number,
  at: Date = new Date(),
): Promise<(Omit<ZoneHere, 'via'> & { openNow: boolean; secret: string }) | null> {
  const { rows } = await db.query<{
    id: number;
    name: string;
    time_zone: string;
    hours: ZoneInput['hours'];
    proof: ZoneProof;
    code_secret: string;
  }>(`SELECT z.id, z.name, z.time_zone, z.hours, z.proof, z.code_secret FROM zones z WHERE z.id = $1 AND ${usable('z')}`, [zoneId]);
  const r = rows[0];
  return r
    ? { id: r.id, name: r.name, timeZone: r.time_zone, proof: r.proof, secret: r.code_secret, openNow: isOpenAt(r.hours, r.time_zone, at) }
    : null;
}

/** Lets this reader in on a poster token: a reader it let in before passes again; a new one is
 * counted against the token's `max` distinct readers in one statement (the token's row is locked
 * while it counts, so readers arriving at once cannot pass the cap together). False when full. */
export async function admitTokenReader(
  tx: Queryable,
  t: { hash: string; zoneId: number; expiresAt: Date },
  userId: number,
  max: number,
): Promise<boolean> {
  const seen = await tx.query(
    `INSERT INTO zone_token_readers (token_hash, user_id, expires_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1`,
    [t.hash, userId, t.expiresAt],
  );
  if (!seen.rows.length) return true;
  const counted = await tx.query(
    `INSERT INTO zone_tokens AS k (token_hash, zone_id, readers, expires_at) VALUES ($1, $2, 1, $3)
     ON CONFLICT (token_hash) DO UPDATE SET readers = k.readers + 1 WHERE k.readers < $4 RETURNING readers`,
    [t.hash, t.zoneId, t.expiresAt, max],
  );
  return counted.rows.length > 0;
}

/** The reader's passes that have not ended, of zones still in use; latest ending first. */
export async function currentPasses(db: Queryable, userId: number): Promise<Omit<ZonePass, 'opensMore'>[]> {
  const { rows } = await db.query<{
    zone_id: number;
    name: string;
    started_at: Date;
    last_seen_at: Date;
    ends_at: Date;
    opens: ZoneOpens;
    newspapers: boolean | null;
    journals: boolean | null;
  }>(
    `SELECT p.zone_id, z.name, p.started_at, p.last_seen_at, p.ends_at, z.opens, owner.newspapers, owner.journals
     FROM zone_passes p JOIN zones z ON z.id = p.zone_id LEFT JOIN institutions owner ON owner.id = z.institution_id
     WHERE p.user_id = $1 AND p.ends_at > now() AND ${usable('z')} ORDER BY p.ends_at DESC, p.zone_id`,
    [userId],
  );
  return rows.map((r) => ({
    zoneId: r.zone_id,
    zoneName: r.name,
    startedAt: r.started_at.toISOString(),
    lastSeenAt: r.last_seen_at.toISOString(),
    endsAt: r.ends_at.toISOString(),
    opens: ownerOpens(r.opens, r),
  }));
}

/** Records that the reader was in these zones: by place with the position rounded (about 100 m)
 * and its accuracy (whole metres, rounded up), by network with none. Only zones the reader was in
 * reach here; addresses are never stored. */
export async function addSightings(
  db: Queryable,
  userId: number,
  zones: { zoneId: number; via: 'network' | 'place' }[],
  position?: { lat: number; lng: number; accuracy: number },
): Promise<void> {
  if (!zones.length) return;
  const round = (v: number | undefined) => (v === undefined ? null : Number(v.toFixed(SIGHTING_DECIMALS)));
  const placed = (z: { via: string }) => z.via === 'place' && position !== undefined;
  await db.query(
    `INSERT INTO zone_sightings (user_id, zone_id, via, lat, lng, accuracy_m)
     SELECT $1, s.zone_id, s.via, s.lat, s.lng, s.accuracy
     FROM unnest($2::int[], $3::text[], $4::numeric[], $5::numeric[], $6::int[]) AS s(zone_id, via, lat, lng, accuracy)`,
    [
      userId,
      zones.map((z) => z.zoneId),
      zones.map((z) => z.via),
      zones.map((z) => (placed(z) ? round(position?.lat) : null)),
      zones.map((z) => (placed(z) ? round(position?.lng) : null)),
      zones.map((z) => (placed(z) ? Math.ceil(position!.accuracy) : null)),
    ],
  );
}

/** Whether the pass's zone (`z`, its owner `owner`) opens the title: the whole catalogue, the
 * title's section, its category or the title itself; an institution's zone no more than the
 * institution's subscription covers now: its sections and its age rating (spec §5: 8 or more is no
 * limit); a public zone has no such bound. */
const zoneOpensTitle = (t: TitleSql & { ageRating: string }) =>
  `(owner.id IS NULL OR owner.age_rating >= ${AGE_RATE_APPLY_BELOW} OR ${t.ageRating}::int <= owner.age_rating)
   AND (owner.id IS NULL OR ((owner.newspapers OR NOT 'newspapers' = ANY (${t.sections}::text[]))
        AND (owner.journals OR NOT 'journals' = ANY (${t.sections}::text[]))))
   AND ${opensTitle('z.opens', t)}`;

/** The zone whose live pass lets this reader read this title, or null: an active pass of a zone
 * in use that opens it (zoneOpensTitle). */
export async function passOpening(
  db: Queryable,
  userId: number,
  title: { mid: number; catId: number; sections: ZoneSection[]; ageRating: number },
): Promise<{ zoneId: number; endsAt: Date } | null> {
  const { rows } = await db.query<{ zone_id: number; ends_at: Date }>(
    `SELECT p.zone_id, p.ends_at
     FROM zone_passes p JOIN zones z ON z.id = p.zone_id LEFT JOIN institutions owner ON owner.id = z.institution_id
     WHERE p.user_id = $1 AND p.ends_at > now() AND ${usable('z')}
       AND ${zoneOpensTitle({ mid: '$2', catId: '$3', sections: '$4', ageRating: '$5' })}
     ORDER BY p.ends_at DESC LIMIT 1`,
    [userId, title.mid, title.catId, title.sections, title.ageRating],
  );
  return rows[0] ? { zoneId: rows[0].zone_id, endsAt: rows[0].ends_at } : null;
}

/** Which of the reader's live passes open a title the reader could not read without them: a
 * title of the catalogue the zone opens (zoneOpensTitle) that the reader's own access does not
 * cover. Their own access is checkReading's, in the same order: a live institution (the access
 * code's end and sections too) covers its sections up to its age rating; a running plan period
 * covers what it opens where the institution is missing, ended or lacks the section, never past
 * the institution's age rating. Country blocks are left out: a zone never lifts them. One query;
 * for a reader with no access of their own the first title the zone opens answers it. */
export async function passesOpeningMore(db: Queryable, userId: number): Promise<Set<number>> {
  const t: TitleSql & { ageRating: string } = { mid: 't.mid', catId: 't.cat_id', sections: 's.sections', ageRating: 't.age_rating' };
  const live = `(ri.id IS NOT NULL AND ${accessEnds('u', 'ri')} > now())`;
  const sectionsOk = `((NOT 'newspapers' = ANY (s.sections) OR coalesce(${sectionOpen('ri', 'rc', 'newspapers')}, false))
      AND (NOT 'journals' = ANY (s.sections) OR coalesce(${sectionOpen('ri', 'rc', 'journals')}, false)))`;
  const ageOk = `(ri.age_rating >= ${AGE_RATE_APPLY_BELOW} OR t.age_rating <= ri.age_rating)`;
  const plan = `EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id AND o.state = 'paid' AND o.starts_at <= now() AND o.ends_at > now()
      AND ${opensTitle('o.opens', t)})`;
  const { rows } = await db.query<{ zone_id: number }>(
    `SELECT p.zone_id
     FROM zone_passes p JOIN zones z ON z.id = p.zone_id LEFT JOIN institutions owner ON owner.id = z.institution_id
     JOIN users u ON u.id = p.user_id LEFT JOIN institutions ri ON ri.id = u.institution_id
     LEFT JOIN access_codes rc ON rc.id = u.access_code_id
     WHERE p.user_id = $1 AND p.ends_at > now() AND ${usable('z')}
       AND EXISTS (
         SELECT 1 FROM titles t CROSS JOIN LATERAL (SELECT ${titleSections('t')} AS sections) s
         WHERE t.cat_id <> ${HIDDEN_CATEGORY} AND ${zoneOpensTitle(t)}
           AND NOT ((${live} AND ${sectionsOk} AND ${ageOk}) OR (NOT (${live} AND ${sectionsOk}) AND ${plan})))`,
    [userId],
  );
  return new Set(rows.map((r) => r.zone_id));
}

/** Spec §1: location data goes after LOCATION_RETENTION_DAYS: sightings older than that, and
 * passes that ended that long ago. */
export async function purgeLocationData(db: Queryable): Promise<{ sightings: number; passes: number }> {
  const days = `interval '${LOCATION_RETENTION_DAYS} days'`;
  const s = await db.query<{ n: number }>(
    `WITH d AS (DELETE FROM zone_sightings WHERE at < now() - ${days} RETURNING 1) SELECT count(*)::int AS n FROM d`,
  );
  const p = await db.query<{ n: number }>(
    `WITH d AS (DELETE FROM zone_passes WHERE ends_at < now() - ${days} RETURNING 1) SELECT count(*)::int AS n FROM d`,
  );
  // Poster tokens' readers go a day after the token expired (a replay of it is refused by then anyway).
  await db.query(`DELETE FROM zone_token_readers WHERE expires_at < now() - interval '1 day'`);
  await db.query(`DELETE FROM zone_tokens WHERE expires_at < now() - interval '1 day'`);
  return { sightings: s.rows[0].n, passes: p.rows[0].n };
}
