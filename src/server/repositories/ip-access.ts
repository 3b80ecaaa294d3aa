// IP authentication: an institution's campus ranges (institution_ip_ranges, migration 037). A
// librarian proposes a range within the bounds zones' networks have (shared/zone-networks.ts); an
// admin approves it, and from then on the institution's subscription opens to readers at those
// addresses (entitlement.ts). Approved ranges never overlap between or within institutions: the
// database's exclusion constraint refuses the second of two approvals, however close together.
import type { Db, Queryable } from '../db/index';
import { recordAudit } from './console';
import { refuse, type Refusal } from './refusal';
import { clientInet } from './zones';
import { librarianNetworkRefusal, type NetworkRefusal } from '../../shared/zone-networks';
import type { IpRange } from '../../shared/schemas/ip-access';

/** The institution whose approved range holds this address and whose subscription runs now. */
export async function ipInstitution(db: Queryable, ip: string | undefined): Promise<{ id: number; name: string } | null> {
  const address = clientInet(ip);
  if (!address) return null;
  const { rows } = await db.query<{ id: number; name: string }>(
    `SELECT i.id, i.name FROM institution_ip_ranges r JOIN institutions i ON i.id = r.institution_id
     WHERE r.approved_at IS NOT NULL AND r.net >>= $1::inet AND i.sub_end > now() LIMIT 1`,
    [address],
  );
  return rows[0] ?? null;
}

/** Every approved range of an institution whose subscription runs now (the request caps keep
 * them in memory: services/campus-addresses.ts). */
export async function approvedNetworks(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ net: string }>(
    `SELECT r.net::text AS net FROM institution_ip_ranges r JOIN institutions i ON i.id = r.institution_id
     WHERE r.approved_at IS NOT NULL AND i.sub_end > now()`,
  );
  return rows.map((r) => r.net);
}

interface RangeRow {
  id: number;
  net: string;
  proposed_by: string | null;
  proposed_at: Date;
  approved_at: Date | null;
}

const toRange = (r: RangeRow): IpRange => ({
  id: r.id,
  network: r.net,
  state: r.approved_at ? 'approved' : 'proposed',
  proposedBy: r.proposed_by,
  proposedAt: r.proposed_at.toISOString(),
  approvedAt: r.approved_at?.toISOString() ?? null,
  wide: librarianNetworkRefusal(r.net) === 'too_wide',
});

export async function institutionRanges(db: Queryable, institutionId: number): Promise<IpRange[]> {
  const { rows } = await db.query<RangeRow>(
    `SELECT r.id, r.net::text AS net, u.email AS proposed_by, r.proposed_at, r.approved_at
     FROM institution_ip_ranges r LEFT JOIN users u ON u.id = r.proposed_by
     WHERE r.institution_id = $1 ORDER BY r.net`,
    [institutionId],
  );
  return rows.map(toRange);
}

const RANGE_REFUSALS: Record<NetworkRefusal, (n: string) => string> = {
  everything: (n) => `${n} is the whole internet: a campus range must be your institution's own addresses.`,
  too_wide: (n) => `${n} is wider than a campus range may be (at most /16 for IPv4, /48 for IPv6). Ask Lectern for a wider one.`,
  private: (n) => `${n} is a private network: Lectern sees your campus by its public addresses. Your network team knows them.`,
  reserved: (n) => `${n} is a reserved range (loopback, link-local, multicast, documentation or similar) that no reader comes from.`,
};

/** Why this range may not be added by this caller: in the console, private, reserved and
 * whole-internet ranges by nobody and wider than a /16 or /48 only by an admin; the operator
 * command (a LAN install, a test campus on loopback) may add any. */
function boundsRefusal(network: string, actor: RangeActor): Refusal | null {
  const why = librarianNetworkRefusal(network);
  if (!why || actor.operator || (why === 'too_wide' && actor.admin)) return null;
  return refuse(400, `ip_range_${why}`, RANGE_REFUSALS[why](network));
}

/** Another institution's approved range (or one of this institution's) that overlaps, if any. */
async function overlapping(tx: Queryable, network: string, exceptId: number | null) {
  const { rows } = await tx.query<{ net: string; name: string; institution_id: number }>(
    `SELECT r.net::text AS net, i.name, r.institution_id FROM institution_ip_ranges r JOIN institutions i ON i.id = r.institution_id
     WHERE r.approved_at IS NOT NULL AND r.net && $1::cidr AND r.id IS DISTINCT FROM $2::int LIMIT 1`,
    [network, exceptId],
  );
  return rows[0] ?? null;
}

const overlapRefusal = (network: string, other: { net: string; name: string } | null, institutionId: number, otherInst?: number) =>
  refuse(
    409,
    'ip_range_overlaps',
    other && otherInst === institutionId
      ? `${network} overlaps your range ${other.net}.`
      : `${network} overlaps a range of another institution${other ? ` (${other.net})` : ''}. An address can belong to one institution only.`,
  );

const isExclusion = (err: unknown) => (err as { code?: string })?.code === '23P01';

/** Who adds a range: a console user (a librarian, or an admin) or the operator command (id null). */
export type RangeActor = { id: number; admin: boolean; operator?: false } | { id: null; admin: true; operator: true };

/** A librarian's proposal (pending until an admin approves), or an admin's or the operator's range
 * (approved at once); audited either way. */
export async function proposeRange(db: Db, institutionId: number, network: string, actor: RangeActor): Promise<IpRange[] | Refusal> {
  const bounds = boundsRefusal(network, actor);
  if (bounds) return bounds;
  try {
    return await db.transaction(async (tx) => {
      const clash = await overlapping(tx, network, null);
      if (clash) return overlapRefusal(network, clash, institutionId, clash.institution_id);
      const { rows } = await tx.query<{ id: number; net: string }>(
        `INSERT INTO institution_ip_ranges (institution_id, net, proposed_by, approved_by, approved_at)
         VALUES ($1, $2::cidr, $3::int, CASE WHEN $4 THEN $3::int END, CASE WHEN $4 THEN now() END)
         ON CONFLICT (institution_id, net) DO NOTHING RETURNING id, net::text AS net`,
        [institutionId, network, actor.id, actor.admin],
      );
      if (!rows[0]) return refuse(409, 'ip_range_exists', `${network} is already one of your ranges.`);
      await recordAudit(tx, {
        actorId: actor.id,
        institutionId,
        action: actor.admin ? 'ip_range.add' : 'ip_range.propose',
        target: rows[0].net,
        before: null,
        after: { network: rows[0].net, approved: actor.admin, wide: librarianNetworkRefusal(rows[0].net) !== null },
      });
      return institutionRanges(tx, institutionId);
    });
  } catch (err) {
    if (isExclusion(err)) return overlapRefusal(network, null, institutionId);
    throw err;
  }
}

/** An admin approves a proposal: it counts from now on, unless an approved range overlaps it. */
export async function approveRange(db: Db, institutionId: number, rangeId: number, actorId: number): Promise<IpRange[] | Refusal> {
  try {
    return await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ net: string; approved_at: Date | null }>(
        'SELECT net::text AS net, approved_at FROM institution_ip_ranges WHERE id = $1 AND institution_id = $2 FOR UPDATE',
        [rangeId, institutionId],
      );
      if (!rows[0]) return refuse(404, 'no_ip_range', 'There is no such range.');
      if (rows[0].approved_at) return institutionRanges(tx, institutionId);
      const clash = await overlapping(tx, rows[0].net, rangeId);
      if (clash) return overlapRefusal(rows[0].net, clash, institutionId, clash.institution_id);
      await tx.query('UPDATE institution_ip_ranges SET approved_at = now(), approved_by = $2 WHERE id = $1', [rangeId, actorId]);
      await recordAudit(tx, {
        actorId,
        institutionId,
        action: 'ip_range.approve',
        target: rows[0].net,
        before: { network: rows[0].net, approved: false },
        after: { network: rows[0].net, approved: true },
      });
      return institutionRanges(tx, institutionId);
    });
  } catch (err) {
    // Two approvals of overlapping ranges at once: the constraint keeps the first.
    if (isExclusion(err)) return overlapRefusal('This range', null, institutionId);
    throw err;
  }
}

/** Removes a range (a proposal withdrawn or an approved range ended); audited. */
export async function removeRange(db: Db, institutionId: number, rangeId: number, actorId: number | null): Promise<IpRange[] | Refusal> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ net: string; approved_at: Date | null }>(
      'DELETE FROM institution_ip_ranges WHERE id = $1 AND institution_id = $2 RETURNING net::text AS net, approved_at',
      [rangeId, institutionId],
    );
    if (!rows[0]) return refuse(404, 'no_ip_range', 'There is no such range.');
    await recordAudit(tx, {
      actorId,
      institutionId,
      action: 'ip_range.remove',
      target: rows[0].net,
      before: { network: rows[0].net, approved: rows[0].approved_at !== null },
      after: null,
    });
    return institutionRanges(tx, institutionId);
  });
}

/** Every range, for the operator command. */
export async function allRanges(db: Queryable): Promise<(IpRange & { orgCode: string })[]> {
  const { rows } = await db.query<RangeRow & { org_code: string }>(
    `SELECT r.id, r.net::text AS net, u.email AS proposed_by, r.proposed_at, r.approved_at, i.con_code AS org_code
     FROM institution_ip_ranges r JOIN institutions i ON i.id = r.institution_id LEFT JOIN users u ON u.id = r.proposed_by
     ORDER BY i.con_code, r.net`,
  );
  return rows.map((r) => ({ ...toRange(r), orgCode: r.org_code }));
}
