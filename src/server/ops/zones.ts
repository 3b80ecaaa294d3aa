// Operator command for Smart Reading Zones (public zones, and what a librarian may not do in the
// console: networks wider than a /16 or /48, private or reserved ranges):
//   npm run zones                        lists every zone
//   npm run zones -- add --name "…" [flags]   creates one
//   npm run zones -- edit <id> [flags]   changes the given fields of one (the rest stay)
//   npm run zones -- remove <id>         removes one (its passes and sightings go with it)
//   npm run zones -- code <id>           the on-site code to put up at its desk now
//   npm run zones -- radius <id>         its RADIUS accounting clients (arrival told by the venue's network)
//   npm run zones -- radius <id> add --match nas-id:<NAS-Identifier> | ssid:<SSID or Called-Station-Id> | nas-ip:<address>
//                                        [--secret <16+ characters>]  adds one (a secret is made and shown once when none is given)
//   npm run zones -- radius <id> remove <client id>
//   npm run zones -- webhook <id>        a new webhook secret for its controller (shown once; the old one stops working)
//   npm run zones -- poster <id>         the poster's QR link, good until today's opening hours end
// Flags: --description, --lat --lng --radius (metres) | --no-place, --cidr a,b | --cidr none,
// --hours 'mon-fri 08:00-20:00, sat 09:00-13:00' | --hours always, --tz Asia/Kolkata,
// --pass-minutes 120, --opens all | sections:newspapers,journals | categories:1,2 | titles:5,6
// (repeatable), --institution <id> | none, --active | --inactive, --proof network | place | place+code | any.
// Every change is in the audit log (as the operator); a wide network is flagged there too.
// Uses the same DATABASE_URL / DATA_DIR as the server. PGlite is one process: stop the server
// first when it runs on PGlite.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../config';
import { openDb } from '../db/index';
import { migrate } from '../db/migrate';
import { HoursError, PROOF_ACCEPTS, ZONE_PROOFS, formatHours, parseHours, type ZoneProof } from '../../shared/zones';
import { ZoneInput } from '../../shared/schemas/zones';
import { ZoneInputError, allZones, getZone, insertZone, removeZone, replaceZone, zoneInput, type Zone } from '../repositories/zones';
import { recordAudit } from '../repositories/console';
import { currentZoneCode } from '../services/zone-codes';
import {
  RADIUS_SECRET_MIN,
  addRadiusClient,
  matchValue,
  newSecret,
  removeRadiusClient,
  replaceWebhookSecret,
  zoneRadiusClients,
  type RadiusMatch,
} from '../repositories/network-arrivals';

const MATCH_FLAGS: Record<string, RadiusMatch> = { 'nas-id': 'nas_identifier', ssid: 'called_station', 'nas-ip': 'nas_ip' };
const MATCH_NAMES: Record<RadiusMatch, string> = { nas_identifier: 'nas-id', called_station: 'ssid', nas_ip: 'nas-ip' };
import { printedPoster } from '../services/zone-posters';

const USAGE = `Usage:
  npm run zones
  npm run zones -- add --name "Name" [--lat 28.61 --lng 77.21 --radius 300] [--cidr 10.0.0.0/8,2001:db8::/32]
      [--hours 'mon-fri 08:00-20:00, sat 09:00-13:00'] [--tz Asia/Kolkata] [--pass-minutes 120]
      [--opens all|sections:newspapers,journals|categories:1,2|titles:5,6] [--institution <id>] [--inactive] [--description "…"]
      [--proof network|place|place+code|any]
  npm run zones -- edit <id> [the same flags; --no-place, --cidr none, --hours always, --institution none, --active]
  npm run zones -- remove <id>
  npm run zones -- code <id>
  npm run zones -- radius <id> [add --match nas-id:<id>|ssid:<ssid>|nas-ip:<address> [--secret <16+ characters>] | remove <client id>]
  npm run zones -- webhook <id>
  npm run zones -- poster <id>`;

class UsageError extends Error {}

const OPTIONS = {
  name: { type: 'string' },
  description: { type: 'string' },
  lat: { type: 'string' },
  lng: { type: 'string' },
  radius: { type: 'string' },
  'no-place': { type: 'boolean' },
  cidr: { type: 'string' },
  hours: { type: 'string' },
  tz: { type: 'string' },
  'pass-minutes': { type: 'string' },
  opens: { type: 'string', multiple: true },
  institution: { type: 'string' },
  active: { type: 'boolean' },
  inactive: { type: 'boolean' },
  proof: { type: 'string' },
  match: { type: 'string' },
  secret: { type: 'string' },
} as const;
type Flags = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

/** --opens values: all, or any of sections:…, categories:…, titles:… (numbers are checked by ZoneInput). */
function parseOpens(values: string[]): unknown {
  if (values.length === 1 && values[0].trim() === 'all') return { all: true };
  const opens: Record<string, unknown> = { all: false };
  for (const v of values) {
    const m = /^(sections|categories|titles):(.*)$/.exec(v.trim());
    if (!m) throw new UsageError(`--opens: cannot read "${v}" (expected all, sections:…, categories:… or titles:…)`);
    opens[m[1]] = m[2].split(',').map((x) => (m[1] === 'sections' ? x.trim() : x.trim() === '' ? NaN : Number(x)));
  }
  return opens;
}

/** The flags laid over a zone's current fields (nothing, for a new zone). */
function merge(base: Partial<ZoneInput>, f: Flags): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  if (f.name !== undefined) out.name = f.name;
  if (f.description !== undefined) out.description = f.description;
  const num = (v: string | undefined) => (v === undefined ? undefined : v.trim() === '' ? NaN : Number(v));
  if (f['no-place']) out.place = null;
  else if (f.lat !== undefined || f.lng !== undefined || f.radius !== undefined) {
    const p = base.place;
    out.place = { lat: num(f.lat) ?? p?.lat, lng: num(f.lng) ?? p?.lng, radiusM: num(f.radius) ?? p?.radiusM };
    if (Object.values(out.place as object).includes(undefined)) throw new UsageError('A place needs --lat, --lng and --radius (metres).');
  }
  if (f.cidr !== undefined)
    out.networks =
      f.cidr.trim() === 'none'
        ? []
        : f.cidr
            .split(',')
            .map((c) => c.trim())
            .filter(Boolean);
  if (f.hours !== undefined) out.hours = parseHours(f.hours);
  if (f.tz !== undefined) out.timeZone = f.tz;
  if (f['pass-minutes'] !== undefined) out.passMinutes = num(f['pass-minutes']);
  if (f.opens !== undefined) out.opens = parseOpens(f.opens);
  if (f.institution !== undefined) out.institutionId = f.institution.trim() === 'none' ? null : num(f.institution);
  if (f.active && f.inactive) throw new UsageError('--active and --inactive together');
  if (f.active) out.active = true;
  if (f.inactive) out.active = false;
  if (f.proof !== undefined) {
    const proof = f.proof.trim();
    if (!(ZONE_PROOFS as readonly string[]).includes(proof)) throw new UsageError(`--proof: expected ${ZONE_PROOFS.join(', ')}`);
    out.proof = proof;
  }
  return out;
}

function validate(input: Record<string, unknown>): ZoneInput {
  const parsed = ZoneInput.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new UsageError(
    `The zone is not valid:\n${parsed.error.issues.map((i) => `  ${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`).join('\n')}`,
  );
}

/** What the audit log keeps of a zone (its owner is the entry's institution). */
const audited = ({ institutionId: _owner, ...rest }: ZoneInput) => rest;

const idArg = (v: string | undefined) => {
  if (!/^\d{1,9}$/.test(v ?? '')) throw new UsageError(`Expected a zone id, got ${JSON.stringify(v ?? '')}.\n${USAGE}`);
  return Number(v);
};

const PROOF_TEXT: Record<ZoneProof, string> = {
  network: 'network (its networks, or an arrival the venue reports)',
  place: "place (a signed-in reader's position)",
  'place+code': 'place+code (a position and the on-site code or poster; its network also counts)',
  any: 'any (its network, a position, or the on-site code or poster alone)',
};

function describe(z: Zone): string {
  const opens = z.opens.all
    ? 'everything'
    : [
        z.opens.sections.length && `sections ${z.opens.sections.join(',')}`,
        z.opens.categories.length && `categories ${z.opens.categories.join(',')}`,
        z.opens.titles.length && `titles ${z.opens.titles.join(',')}`,
      ]
        .filter(Boolean)
        .join('; ') || 'nothing';
  return [
    `#${z.id}  ${z.name}${z.active ? '' : '  (inactive)'}  ${z.institution ? `owned by ${z.institution} (#${z.institutionId})` : 'public'}`,
    `     place: ${z.place ? `${z.place.lat}, ${z.place.lng} within ${z.place.radiusM} m` : 'none'}   networks: ${z.networks.join(', ') || 'none'}`,
    `     hours: ${formatHours(z.hours)} (${z.timeZone})   pass: ${z.passMinutes} min   opens: ${opens}`,
    `     proof of presence: ${PROOF_TEXT[z.proof]}`,
  ].join('\n');
}

const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const { values, positionals } = parseArgs({ args: process.argv.slice(2), options: OPTIONS, allowPositionals: true, strict: true });
  const [action = 'list', id, ...extra] = positionals;
  if (extra.length && action !== 'radius') throw new UsageError(`Unexpected ${extra.join(' ')}.\n${USAGE}`);
  await migrate(db);
  if (action === 'list') {
    const zones = await allZones(db);
    console.log(zones.length ? zones.map(describe).join('\n') : 'No zones yet. Add one with: npm run zones -- add --name "…" …');
  } else if (action === 'add') {
    if (id !== undefined) throw new UsageError(`add takes no id.\n${USAGE}`);
    const input = validate(merge({}, values));
    const zoneId = await db.transaction(async (tx) => {
      const zoneId = await insertZone(tx, input);
      await recordAudit(tx, {
        actorId: null,
        institutionId: input.institutionId,
        action: 'zone.create',
        target: String(zoneId),
        before: null,
        after: audited(input),
      });
      return zoneId;
    });
    console.log(`Added:\n${describe((await getZone(db, zoneId))!)}`);
  } else if (action === 'edit') {
    const zone = await getZone(db, idArg(id));
    if (!zone) throw new UsageError(`There is no zone #${id}.`);
    const input = validate(merge(zoneInput(zone), values));
    await db.transaction(async (tx) => {
      await replaceZone(tx, zone.id, input);
      const after = zoneInput((await getZone(tx, zone.id))!);
      await recordAudit(tx, {
        actorId: null,
        institutionId: input.institutionId,
        action: 'zone.edit',
        target: String(zone.id),
        before: audited(zoneInput(zone)),
        after: audited(after),
      });
    });
    console.log(`Changed:\n${describe((await getZone(db, zone.id))!)}`);
  } else if (action === 'remove') {
    const zone = await getZone(db, idArg(id));
    if (!zone) throw new UsageError(`There is no zone #${id}.`);
    await db.transaction(async (tx) => {
      await removeZone(tx, zone.id);
      await recordAudit(tx, {
        actorId: null,
        institutionId: zone.institutionId,
        action: 'zone.remove',
        target: String(zone.id),
        before: audited(zoneInput(zone)),
        after: null,
      });
    });
    console.log(`Zone #${id} removed.`);
  } else if (action === 'code') {
    const zone = await getZone(db, idArg(id));
    if (!zone) throw new UsageError(`There is no zone #${id}.`);
    const code = (await currentZoneCode(db, zone.id))!;
    console.log(
      `${zone.name}: ${code.code.slice(0, 3)} ${code.code.slice(3)} until ${code.changesAt.toISOString()} (a new code every ${code.periodSeconds / 60} minutes; the one before still counts)` +
        (PROOF_ACCEPTS[zone.proof].placeWithCode
          ? ''
          : '\nThis zone does not take it (proof by network): --proof place+code or --proof any does.'),
    );
  } else if (action === 'radius') {
    const zone = await getZone(db, idArg(id));
    if (!zone) throw new UsageError(`There is no zone #${id}.`);
    const [sub = 'list', clientArg, ...rest] = extra;
    if (rest.length) throw new UsageError(`Unexpected ${rest.join(' ')}.\n${USAGE}`);
    if (sub === 'list') {
      const clients = await zoneRadiusClients(db, zone.id);
      console.log(
        clients.length
          ? clients.map((c) => `  client #${c.id}  ${MATCH_NAMES[c.matchBy]}:${c.matchValue}`).join('\n')
          : `${zone.name} has no RADIUS client. Add one with: npm run zones -- radius ${zone.id} add --match nas-id:<NAS-Identifier>`,
      );
    } else if (sub === 'add') {
      const m = /^(nas-id|ssid|nas-ip):(.+)$/.exec(values.match?.trim() ?? '');
      if (!m) throw new UsageError('--match: expected nas-id:<NAS-Identifier>, ssid:<SSID or Called-Station-Id> or nas-ip:<address>.');
      const matchBy = MATCH_FLAGS[m[1]];
      const value = matchValue(matchBy, m[2]);
      if (value === null) throw new UsageError(`--match nas-ip: "${m[2]}" is no IPv4 or IPv6 address.`);
      if (values.secret !== undefined && (values.secret.length < RADIUS_SECRET_MIN || values.secret.length > 128))
        throw new UsageError(`--secret: a shared secret has ${RADIUS_SECRET_MIN} to 128 characters.`);
      const secret = values.secret ?? newSecret();
      const clientId = await db.transaction((tx) => addRadiusClient(tx, zone, { matchBy, matchValue: value, secret }, null));
      console.log(
        `${zone.name}: RADIUS client #${clientId} (${MATCH_NAMES[matchBy]}:${value}).` +
          (values.secret === undefined ? `\nShared secret (shown this once; put it in the RADIUS server's client entry): ${secret}` : ''),
      );
    } else if (sub === 'remove') {
      if (!(await db.transaction((tx) => removeRadiusClient(tx, zone, idArg(clientArg), null))))
        throw new UsageError(`${zone.name} has no RADIUS client #${clientArg}.`);
      console.log(`RADIUS client #${clientArg} removed.`);
    } else throw new UsageError(USAGE);
  } else if (action === 'webhook') {
    const zone = await getZone(db, idArg(id));
    if (!zone) throw new UsageError(`There is no zone #${id}.`);
    const secret = await db.transaction((tx) => replaceWebhookSecret(tx, zone, null));
    console.log(
      `${zone.name}: webhook POST /api/zones/${zone.id}/arrivals\nSecret (shown this once; any earlier one stops working now): ${secret}`,
    );
  } else if (action === 'poster') {
    const zone = await getZone(db, idArg(id));
    if (!zone) throw new UsageError(`There is no zone #${id}.`);
    const poster = await printedPoster(db, zone.id, config.publicUrl);
    if (!poster) throw new UsageError(`${zone.name} does not open again today: print its poster on a day it opens.`);
    console.log(`${zone.name}, ${poster.date}: ${poster.url}\n(good until ${poster.expiresAt.toISOString()})`);
  } else {
    throw new UsageError(USAGE);
  }
} catch (err) {
  // Bad input says what is wrong; anything else (the database) says so too, without a stack.
  const known = err instanceof UsageError || err instanceof HoursError || err instanceof ZoneInputError || err instanceof z.ZodError;
  // parseArgs refuses unknown or malformed flags with a TypeError carrying an ERR_PARSE_ARGS code.
  const flags = String((err as { code?: unknown }).code ?? '').startsWith('ERR_PARSE_ARGS');
  console.error(known ? (err as Error).message : flags ? `${(err as Error).message}\n${USAGE}` : `Failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
