// Arrival told by the venue's network: a zone's RADIUS accounting clients and webhook secret
// (written by the zone's owner in the console or by the operator command), the Wi-Fi identities
// members linked to their account, who a reported user name is, and the replay memory shared by
// every server process. All SQL of this feature lives here.
import crypto from 'node:crypto';
import type { Queryable } from '../db/index';
import { clientInet, lockReader } from './zones';
import { recordAudit } from './console';

export const RADIUS_MATCHES = ['nas_identifier', 'called_station', 'nas_ip'] as const;
export type RadiusMatch = (typeof RADIUS_MATCHES)[number];
/** A shared secret shorter than this is refused (RFC 2865 §3 asks for at least 16 octets). */
export const RADIUS_SECRET_MIN = 16;
/** Linked identities per account. */
export const IDENTITIES_PER_ACCOUNT = 5;
/** How long a packet or a webhook signature is remembered (and how old an Event-Timestamp or a
 * webhook timestamp may be): 5 minutes. */
export const REPLAY_WINDOW_S = 300;

export interface RadiusClient {
  id: number;
  zoneId: number;
  matchBy: RadiusMatch;
  matchValue: string;
  secret: string;
}

/** A secret the server makes: 16 random bytes as 32 hex digits. Letters and digits only, because an
 * access point's form, a shell or radclient takes a secret that starts with "-" as an option. */
export const newSecret = () => crypto.randomBytes(16).toString('hex');

/** Every RADIUS client of every zone (the listener keeps them in memory, read again every few seconds). */
export async function allRadiusClients(db: Queryable): Promise<RadiusClient[]> {
  const { rows } = await db.query<{ id: number; zone_id: number; match_by: RadiusMatch; match_value: string; secret: string }>(
    'SELECT id, zone_id, match_by, match_value, secret FROM zone_radius_clients ORDER BY id',
  );
  return rows.map((r) => ({ id: r.id, zoneId: r.zone_id, matchBy: r.match_by, matchValue: r.match_value, secret: r.secret }));
}

/** A zone's RADIUS clients without their secrets (what the console and the command list). */
export async function zoneRadiusClients(db: Queryable, zoneId: number): Promise<Omit<RadiusClient, 'secret'>[]> {
  return (await allRadiusClients(db)).filter((c) => c.zoneId === zoneId).map(({ secret: _secret, ...c }) => c);
}

/** The match value as stored: lower case and trimmed; an address in the form the listener compares
 * (IPv4-mapped IPv6 as IPv4). Null when a NAS-IP-Address match is no address. */
export function matchValue(matchBy: RadiusMatch, value: string): string | null {
  if (matchBy === 'nas_ip') return clientInet(value.trim()) ?? null;
  return value.trim().toLowerCase();
}
const normaliseMatch = (v: string) => v.trim().toLowerCase();

/** Adds (or replaces the secret of) a RADIUS client of a zone and audits it (never the secret). */
export async function addRadiusClient(
  tx: Queryable,
  zone: { id: number; institutionId: number | null },
  client: { matchBy: RadiusMatch; matchValue: string; secret: string },
  actorId: number | null,
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO zone_radius_clients (zone_id, match_by, match_value, secret) VALUES ($1, $2, $3, $4)
     ON CONFLICT (zone_id, match_by, match_value) DO UPDATE SET secret = EXCLUDED.secret RETURNING id`,
    [zone.id, client.matchBy, normaliseMatch(client.matchValue), client.secret],
  );
  await recordAudit(tx, {
    actorId,
    institutionId: zone.institutionId,
    action: 'zone.radius',
    target: String(zone.id),
    before: null,
    after: { client: rows[0].id, matchBy: client.matchBy, matchValue: normaliseMatch(client.matchValue) },
  });
  return rows[0].id;
}

/** Removes one RADIUS client of a zone (audited); false when the zone has no such client. */
export async function removeRadiusClient(
  tx: Queryable,
  zone: { id: number; institutionId: number | null },
  clientId: number,
  actorId: number | null,
): Promise<boolean> {
  const { rows } = await tx.query<{ match_by: string; match_value: string }>(
    'DELETE FROM zone_radius_clients WHERE id = $1 AND zone_id = $2 RETURNING match_by, match_value',
    [clientId, zone.id],
  );
  if (!rows.length) return false;
  await recordAudit(tx, {
    actorId,
    institutionId: zone.institutionId,
    action: 'zone.radius_remove',
    target: String(zone.id),
    before: { client: clientId, matchBy: rows[0].match_by, matchValue: rows[0].match_value },
    after: null,
  });
  return true;
}

/** Gives a zone a new webhook secret (the old one stops working at once), audited; returns it. */
export async function replaceWebhookSecret(tx: Queryable, zone: { id: number; institutionId: number | null }, actorId: number | null) {
  const secret = newSecret();
  await tx.query('UPDATE zones SET webhook_secret = $2 WHERE id = $1', [zone.id, secret]);
  await recordAudit(tx, {
    actorId,
    institutionId: zone.institutionId,
    action: 'zone.webhook_secret',
    target: String(zone.id),
    before: null,
    after: null,
  });
  return secret;
}

/** The zone's webhook secret, or null (no such zone, or it takes no webhook). */
export async function webhookSecret(db: Queryable, zoneId: number): Promise<string | null> {
  const { rows } = await db.query<{ webhook_secret: string | null }>('SELECT webhook_secret FROM zones WHERE id = $1', [zoneId]);
  return rows[0]?.webhook_secret ?? null;
}

/** Whether the zone takes a webhook (the console shows it, never the secret). */
export async function hasWebhook(db: Queryable, zoneId: number): Promise<boolean> {
  return (await webhookSecret(db, zoneId)) !== null;
}

// ---------- who the network names ----------

/** A user name as a network reports it, as identities are kept: trimmed, lower case. */
export const normaliseIdentity = (v: string) => v.trim().toLowerCase();

/** The member a network's user name names: a registered account's e-mail address or an identity
 * linked to one (case-insensitive); null for anyone else (a guest has no e-mail address). */
export async function memberNamed(db: Queryable, userName: string): Promise<number | null> {
  const name = normaliseIdentity(userName);
  if (name.length < 3 || name.length > 253) return null;
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM users WHERE email = $1 AND user_type = 'user'
     UNION ALL SELECT user_id FROM network_identities WHERE identity = $1 LIMIT 1`,
    [name],
  );
  return rows[0]?.id ?? null;
}

/** Whether this key (a packet's or a webhook signature's) is seen for the first time, remembering
 * it: one statement, so two processes given the same packet at once cannot both pass. */
export async function firstSighting(db: Queryable, key: string): Promise<boolean> {
  const { rows } = await db.query('INSERT INTO arrival_replays (key) VALUES ($1) ON CONFLICT (key) DO NOTHING RETURNING 1', [key]);
  return rows.length > 0;
}

/** Forgets keys older than the window (housekeeping). */
export async function pruneReplays(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM arrival_replays WHERE seen_at < now() - make_interval(secs => ${REPLAY_WINDOW_S})`);
}

// ---------- identities a member linked ----------

export interface LinkedIdentity {
  identity: string;
  createdAt: Date;
}

export async function linkedIdentities(db: Queryable, userId: number): Promise<LinkedIdentity[]> {
  const { rows } = await db.query<{ identity: string; created_at: Date }>(
    'SELECT identity, created_at FROM network_identities WHERE user_id = $1 ORDER BY created_at, identity',
    [userId],
  );
  return rows.map((r) => ({ identity: r.identity, createdAt: r.created_at }));
}

/** Links an identity to the member inside the caller's transaction: 'taken' when another account
 * has it, 'limit' past IDENTITIES_PER_ACCOUNT; linking one again is fine. The member's row is
 * locked first, so concurrent links count one after another. */
export async function linkIdentity(tx: Queryable, userId: number, identity: string): Promise<'linked' | 'taken' | 'limit'> {
  const id = normaliseIdentity(identity);
  await lockReader(tx, userId);
  const { rows: owner } = await tx.query<{ user_id: number }>('SELECT user_id FROM network_identities WHERE identity = $1', [id]);
  if (owner[0]) return owner[0].user_id === userId ? 'linked' : 'taken';
  const { rows } = await tx.query(
    `INSERT INTO network_identities (identity, user_id)
     SELECT $2, $1 WHERE (SELECT count(*) FROM network_identities WHERE user_id = $1) < ${IDENTITIES_PER_ACCOUNT}
     ON CONFLICT (identity) DO NOTHING RETURNING 1`,
    [userId, id],
  );
  if (rows.length) return 'linked';
  // Lost a race for the identity itself to another account, or at the limit.
  const { rows: again } = await tx.query<{ user_id: number }>('SELECT user_id FROM network_identities WHERE identity = $1', [id]);
  return again[0] && again[0].user_id !== userId ? 'taken' : again[0] ? 'linked' : 'limit';
}

export async function unlinkIdentity(db: Queryable, userId: number, identity: string): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM network_identities WHERE user_id = $1 AND identity = $2 RETURNING 1', [
    userId,
    normaliseIdentity(identity),
  ]);
  return rows.length > 0;
}
