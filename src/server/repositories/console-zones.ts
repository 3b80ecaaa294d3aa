// The console's zones section: an institution's Smart Reading Zones, written through
// the zone repository's own writes (one model) and audited in the same transaction, with the
// readers in each zone now. A zone of another institution is "no such zone" here.
import type { Db, Queryable } from '../db/index';
import { recordAudit } from './console';
import { ZONE_SELECT, ZoneInputError, insertZone, removeZone, replaceZone, toZone, zoneInput, type Zone, type ZoneRow } from './zones';
import type { ConsoleZone, ConsoleZoneBody, ZoneBounds } from '../../shared/schemas/console-inbox';
import type { ZoneInput } from '../../shared/schemas/zones';
import { NETWORK_REFUSALS, librarianNetworkProblems } from '../../shared/zone-networks';

/** What the audit log keeps of a zone: everything a librarian set. */
const audited = (z: Zone): Omit<ZoneInput, 'institutionId'> => {
  const { institutionId: _owner, ...rest } = zoneInput(z);
  return rest;
};

async function zonesOf(db: Queryable, institutionId: number, zoneId: number | null, lock = false): Promise<ConsoleZone[]> {
  const { rows } = await db.query<ZoneRow & { readers_now: number }>(
    `SELECT q.*, (SELECT count(*)::int FROM zone_passes p WHERE p.zone_id = q.id AND p.ends_at > now()) AS readers_now
     FROM (${ZONE_SELECT} WHERE z.institution_id = $1 AND ($2::int IS NULL OR z.id = $2::int) ${lock ? 'FOR UPDATE OF z' : ''}) q
     ORDER BY q.name, q.id`,
    [institutionId, zoneId],
  );
  return rows.map((r) => {
    const z = toZone(r);
    return { ...audited(z), id: z.id, readersNow: r.readers_now, updatedAt: z.updatedAt.toISOString() };
  });
}

/** The institution's zones (inactive ones too), by name, each with the readers in it now. */
export const institutionZones = (db: Queryable, institutionId: number) => zonesOf(db, institutionId, null);

/** One of the institution's zones, or null (another institution's is none of its). */
export const institutionZone = async (db: Queryable, institutionId: number, zoneId: number): Promise<ConsoleZone | null> =>
  (await zonesOf(db, institutionId, zoneId))[0] ?? null;

/** What the institution's subscription covers, which bounds its zones. */
export async function zoneBounds(db: Queryable, institutionId: number): Promise<ZoneBounds> {
  const { rows } = await db.query<ZoneBounds>(
    'SELECT name, newspapers, journals, age_rating AS "ageRating" FROM institutions WHERE id = $1',
    [institutionId],
  );
  return rows[0];
}

/** The console's zones take only networks a librarian may use (shared/zone-networks.ts); those
 * the operator set on the zone may stay. */
function checkNetworks(networks: string[], kept: string[]) {
  const [problem] = librarianNetworkProblems(networks, kept);
  if (problem) {
    const refusal = NETWORK_REFUSALS[problem.refusal];
    throw new ZoneInputError(refusal.message(problem.network), refusal.code);
  }
}

const asInput = (institutionId: number, body: ConsoleZoneBody): ZoneInput => ({ ...body, institutionId });
const asAudit = ({ id: _id, readersNow: _n, updatedAt: _u, ...zone }: ConsoleZone) => zone;

export function createInstitutionZone(db: Db, institutionId: number, body: ConsoleZoneBody, actorId: number): Promise<ConsoleZone> {
  return db.transaction(async (tx) => {
    checkNetworks(body.networks, []);
    const id = await insertZone(tx, asInput(institutionId, body), actorId);
    const [zone] = await zonesOf(tx, institutionId, id);
    await recordAudit(tx, { actorId, institutionId, action: 'zone.create', target: String(id), before: null, after: asAudit(zone) });
    return zone;
  });
}

/** Replaces the zone's fields; null when the institution has no such zone. */
export function updateInstitutionZone(
  db: Db,
  institutionId: number,
  zoneId: number,
  body: ConsoleZoneBody,
  actorId: number,
): Promise<ConsoleZone | null> {
  return db.transaction(async (tx) => {
    const [before] = await zonesOf(tx, institutionId, zoneId, true);
    if (!before) return null;
    checkNetworks(body.networks, before.networks);
    await replaceZone(tx, zoneId, asInput(institutionId, body), actorId);
    const [after] = await zonesOf(tx, institutionId, zoneId);
    await recordAudit(tx, {
      actorId,
      institutionId,
      action: 'zone.edit',
      target: String(zoneId),
      before: asAudit(before),
      after: asAudit(after),
    });
    return after;
  });
}

/** Removes the zone (its passes and sightings go with it); false when the institution has no such zone. */
export function removeInstitutionZone(db: Db, institutionId: number, zoneId: number, actorId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await zonesOf(tx, institutionId, zoneId, true);
    if (!before) return false;
    await removeZone(tx, zoneId);
    await recordAudit(tx, { actorId, institutionId, action: 'zone.remove', target: String(zoneId), before: asAudit(before), after: null });
    return true;
  });
}
