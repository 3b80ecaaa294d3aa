// The demo's Smart Reading Zones, applied on every start while DEMO is on (so a demo database
// made before zones existed gets them too): Demo University's library in Delhi (weekday hours),
// a public city library in Mumbai (always open, the whole catalogue): a browser told it is there
// (DevTools' Sensors, or a test) arrives. A public zone on the network the demo runs on only when
// asked for (DEMO_ZONE_CIDR): on by default it put every browser on the machine in a zone, so the
// expired and no-access flows of the demo logins never showed.
import type { Db } from '../db/index';
import type { Config } from '../config';
import { ZoneInput } from '../../shared/schemas/zones';
import { createZone, removeZone, updateZone } from '../repositories/zones';
import { DEMO_INSTITUTIONS } from './institutions';

/** The places of the demo zones (tests and the end-to-end run set the browser's position here). */
export const DEMO_ZONES = {
  university: {
    name: 'Demo University Library',
    description: "Demo University's central library: its members and visitors read free here on weekdays.",
    place: { lat: 28.6869, lng: 77.209, radiusM: 400 },
  },
  city: {
    name: 'City Library, Mumbai',
    description: 'A public library: anyone reads the whole catalogue free inside it.',
    place: { lat: 18.9317, lng: 72.8362, radiusM: 250 },
  },
  network: {
    name: 'Lectern demo zone (this network)',
    description: 'Every device on the network this demo runs on (DEMO_ZONE_CIDR) is in this zone.',
  },
} as const;

async function upsertByName(db: Db, input: unknown): Promise<number> {
  const zone = ZoneInput.parse(input);
  const { rows } = await db.query<{ id: number }>('SELECT id FROM zones WHERE name = $1 ORDER BY id LIMIT 1', [zone.name]);
  if (rows[0]) {
    await updateZone(db, rows[0].id, zone);
    return rows[0].id;
  }
  return createZone(db, zone);
}

export async function applyDemoZones(db: Db, config: Pick<Config, 'demoZoneCidr'>): Promise<void> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM institutions WHERE con_code = $1', [DEMO_INSTITUTIONS[0].conCode]);
  if (rows[0]) {
    await upsertByName(db, {
      ...DEMO_ZONES.university,
      institutionId: rows[0].id,
      hours: {
        mon: [['08:00', '20:00']],
        tue: [['08:00', '20:00']],
        wed: [['08:00', '20:00']],
        thu: [['08:00', '20:00']],
        fri: [['08:00', '20:00']],
      },
      timeZone: 'Asia/Kolkata',
      passMinutes: 120,
      opens: { all: true },
    });
  }
  await upsertByName(db, { ...DEMO_ZONES.city, hours: null, timeZone: 'Asia/Kolkata', passMinutes: 120, opens: { all: true } });

  const cidrs = config.demoZoneCidr;
  if (cidrs.length) {
    const parsed = ZoneInput.safeParse({
      ...DEMO_ZONES.network,
      networks: cidrs,
      passMinutes: 120,
      opens: { all: true },
      proof: 'network',
    });
    if (!parsed.success)
      throw new Error(`DEMO_ZONE_CIDR must be a comma list of networks such as 192.168.1.0/24,::1/128 (or "off"): ${cidrs.join(',')}`);
    await upsertByName(db, parsed.data);
    console.log(`Smart Reading Zone "${DEMO_ZONES.network.name}": ${cidrs.join(', ')} (DEMO_ZONE_CIDR; "off" for none).`);
  } else {
    await removeDemoNetworkZone(db);
  }
}

/** The demo's network zone goes when it is turned off, and on any start without the demo: left
 * behind a proxy on the same host, a loopback zone would give every visitor free reading. */
export async function removeDemoNetworkZone(db: Db): Promise<void> {
  const { rows: old } = await db.query<{ id: number }>('SELECT id FROM zones WHERE name = $1', [DEMO_ZONES.network.name]);
  for (const z of old) await removeZone(db, z.id);
}
