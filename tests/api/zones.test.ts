// Smart Reading Zones on the server: zones written through the operator path (the command itself
// in zones-command.test.ts), arrival by network (IPv4, IPv6) and by place (inside, on the edge, outside, bad input,
// low accuracy), opening hours, passes (length, extension, a new arrival after one ended), the
// reading entitlement a pass gives (visitors, expired members, guests, chosen titles, the country
// block, the owner's age rating), read events and downloads under a pass, the 15-day purge, the
// service worker's ping, and concurrent reports making one arrival.
// On PostgreSQL too: concurrent reports making one arrival.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, signInByCode, unchecked, xsrfToken } from '../support/api-client';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { ZoneInput } from '../../src/shared/schemas/zones';
import { LOCATION_RETENTION_DAYS, boundingBox, distanceM } from '../../src/shared/zones';
import {
  ZoneInputError,
  allZones,
  createZone,
  getZone,
  removeZone,
  updateZone,
  zoneInput,
  zonesAt,
} from '../../src/server/repositories/zones';
import { hashPingKey } from '../../src/server/repositories/push-subscriptions';
import { housekeeping } from '../../src/server/jobs/housekeeping';
import { arrivalMessage } from '../../src/server/services/zones';
import { ZONE_ONLY_DOWNLOAD } from '../../src/server/routes/reader/index';
import { DEMO_ZONES, applyDemoZones } from '../../src/server/demo/zones';
import { parseDemoZoneCidr } from '../../src/server/config';
import * as endpoints from '../../src/shared/endpoints';
import { pathOf } from '../../src/shared/endpoints/endpoint';

let t: TestContext;
let xsrf: string;
const outbox = memoryOutbox();
beforeAll(async () => {
  t = await testApp(loadCatalogue, { mailer: outbox.mailer });
  xsrf = await xsrfToken(t.app);
});
afterAll(() => t?.close());

/** A client whose requests come from one address (the API client's default is a random 10.x one). */
const from = (ip?: string) => apiClient(t.app, xsrf, ip ? { ip } : {});
const signIn = (email: string) => signInByCode(t.db, from(), outbox, email);
const guest = async (uniqId: string) => {
  const res = await from().call(endpoints.guestLogin, { body: { uniqId, os: 'web' } });
  const { rows } = await t.db.query<{ id: number }>('SELECT id FROM users WHERE uuid = $1', [res.body.uuid]);
  return { token: res.body.jwtoken, id: rows[0].id };
};
const addZone = (input: z.input<typeof ZoneInput>) => createZone(t.db, ZoneInput.parse(input));
const firstIssue = async (mid: number) =>
  (await t.db.query<{ issue_id: number }>('SELECT min(issue_id) AS issue_id FROM issues WHERE mid = $1', [mid])).rows[0].issue_id;
const token = (who: { token: string }, mid: number, ip?: string) =>
  firstIssue(mid).then((issue) => from(ip).call(endpoints.readerToken, { body: { issue } }, who.token));
/** "I am here" from `ip`, with a position as the app sends it (a fix taken a second ago). */
const here = (who: { token: string }, ip: string, position?: { lat: number; lng: number; accuracy: number }) =>
  from(ip).call(endpoints.zonesHere, { body: position ? { position: { ageMs: 1000, ...position } } : {} }, who.token);
const passRow = async (userId: number, zoneId: number) =>
  (
    await t.db.query<{ started_at: Date; last_seen_at: Date; ends_at: Date }>(
      'SELECT started_at, last_seen_at, ends_at FROM zone_passes WHERE user_id = $1 AND zone_id = $2',
      [userId, zoneId],
    )
  ).rows[0];
const sightings = async (userId: number) =>
  (
    await t.db.query<{ zone_id: number; via: string; lat: string | null; lng: string | null }>(
      'SELECT zone_id, via, lat::text, lng::text FROM zone_sightings WHERE user_id = $1 ORDER BY id',
      [userId],
    )
  ).rows;
/** Metres to degrees of latitude (the haversine along a meridian is exact). */
const metresNorth = (m: number) => (m / 6_371_008.8) * (180 / Math.PI);

describe('zones through the operator path', () => {
  it('creates, lists, edits (networks replaced, box kept with the circle) and removes a zone', async () => {
    const id = await addZone({
      name: 'Operator Library',
      place: { lat: 12.9716, lng: 77.5946, radiusM: 300 },
      networks: ['172.31.7.9/24', '2001:db8:77::/48'],
      hours: { mon: [['09:00', '17:00']] },
      opens: { all: false, sections: ['newspapers'] },
    });
    const zone = await getZone(t.db, id);
    expect(zone).toMatchObject({
      name: 'Operator Library',
      institutionId: null,
      place: { lat: 12.9716, lng: 77.5946, radiusM: 300 },
      networks: ['172.31.7.0/24', '2001:db8:77::/48'], // host bits cleared
      timeZone: 'Asia/Kolkata',
      passMinutes: 120,
      opens: { all: false, sections: ['newspapers'], categories: [], titles: [] },
      active: true,
    });
    // The box as [lngMin, latMin, lngMax, latMax], to compare with boundingBox.
    const area = async () => {
      const { rows } = await t.db.query<{ b: number[] }>(
        `SELECT ARRAY[(area[1])[0], (area[1])[1], (area[0])[0], (area[0])[1]] AS b FROM zones WHERE id = $1`,
        [id],
      );
      return rows[0].b;
    };
    const near = (a: number[], b: number[]) => a.forEach((v, i) => expect(v).toBeCloseTo(b[i], 9));
    near(await area(), boundingBox(12.9716, 77.5946, 300));
    expect((await allZones(t.db)).map((z) => z.id)).toContain(id);

    await new Promise((r) => setTimeout(r, 5));
    const edited = ZoneInput.parse({ ...zoneInput(zone!), place: { lat: 13, lng: 77.6, radiusM: 500 }, networks: ['172.31.8.0/24'] });
    expect(await updateZone(t.db, id, edited)).toBe(true);
    const after = (await getZone(t.db, id))!;
    expect(after.networks).toEqual(['172.31.8.0/24']);
    expect(after.updatedAt.getTime()).toBeGreaterThan(zone!.updatedAt.getTime());
    near(await area(), boundingBox(13, 77.6, 500));

    expect(await updateZone(t.db, 999_999, edited)).toBe(false);
    expect(await removeZone(t.db, id)).toBe(true);
    expect(await removeZone(t.db, id)).toBe(false);
    expect((await t.db.query('SELECT 1 FROM zone_networks WHERE zone_id = $1', [id])).rows).toEqual([]);
  });

  it('refuses bad input with a clear message: networks, radius, time zone, neither place nor network, an unknown institution', async () => {
    const problems = (input: unknown) => {
      const r = ZoneInput.safeParse(input);
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    for (const cidr of ['10.0.0.0/99', '1.2.3', '256.1.1.1', '::g', '2001:db8::/129', '1.2.3.4/8/8'])
      expect(problems({ name: 'x', networks: [cidr] })).toEqual(['networks.0: expected a network such as 10.20.0.0/16 or 2001:db8::/48']);
    expect(problems({ name: 'x', place: { lat: 20, lng: 78, radiusM: 10 } })[0]).toMatch(/^place\.radiusM: Too small/);
    expect(problems({ name: 'x', networks: ['1.2.3.4'], timeZone: 'Mars/Base' })).toEqual([
      'timeZone: expected a time zone such as Asia/Kolkata',
    ]);
    expect(problems({ name: 'x' })).toEqual([': A zone needs a place (centre and radius) or at least one network.']);
    await expect(createZone(t.db, ZoneInput.parse({ name: 'x', networks: ['1.2.3.4'], institutionId: 999 }))).rejects.toThrow(
      new ZoneInputError('There is no institution #999.', 'no_institution'),
    );
  });
});

describe('arrival by network', () => {
  it('an address in a zone range (IPv4, IPv6, IPv4-mapped) starts a pass; other addresses do not', async () => {
    const v4 = await addZone({ name: 'Wi-Fi Library', networks: ['172.16.1.0/24'] });
    const v6 = await addZone({ name: 'IPv6 Reading Room', networks: ['2001:db8:1::/48'] });
    const r = await signIn('wifi@example.com');

    const outside = await here(r, '172.16.2.1');
    expect(outside.body).toEqual({ passes: [], arrived: [] });
    const inV4 = await here(r, '172.16.1.77');
    expect(inV4.status).toBe(200);
    expect(inV4.body.arrived).toEqual([v4]);
    expect(inV4.body.passes).toMatchObject([{ zoneId: v4, zoneName: 'Wi-Fi Library', opens: { all: true } }]);
    // Seen again: no second arrival.
    expect((await here(r, '172.16.1.78')).body.arrived).toEqual([]);

    expect((await here(r, '2001:db8:2::1')).body.arrived).toEqual([]);
    const inV6 = await here(r, '2001:db8:1:ab::cd');
    expect(inV6.body.arrived).toEqual([v6]);
    expect(inV6.body.passes.map((p) => p.zoneId).sort()).toEqual([v4, v6].sort());

    const other = await signIn('mapped@example.com');
    expect((await here(other, '::ffff:172.16.1.5')).body.arrived).toEqual([v4]);
    // Sightings by network keep no position (and never an address).
    expect(await sightings(r.id)).toEqual([
      { zone_id: v4, via: 'network', lat: null, lng: null },
      { zone_id: v4, via: 'network', lat: null, lng: null },
      { zone_id: v6, via: 'network', lat: null, lng: null },
    ]);
  });

  it('an X-Forwarded-For naming a zone address is not believed (no TRUST_PROXY by default)', async () => {
    await addZone({ name: 'Spoofed Wi-Fi', networks: ['172.16.8.0/24'] });
    const r = await signIn('spoof@example.com');
    const res = await from('198.51.100.7').call(endpoints.zonesHere, { headers: { 'x-forwarded-for': '172.16.8.8' } }, r.token);
    expect(res.body).toEqual({ passes: [], arrived: [] });
  });

  it('GET /api/zones/passes from a zone network counts too (guests included); signed out is a 401', async () => {
    const zone = await addZone({ name: 'Passes Wi-Fi', networks: ['172.16.3.0/24'] });
    const g = await guest('zones-passes-guest-0123');
    expect((await from('172.16.4.1').call(endpoints.zonesPasses, {}, g.token)).body).toEqual({ passes: [], arrived: [] });
    const res = await from('172.16.3.9').call(endpoints.zonesPasses, {}, g.token);
    expect(res.body.arrived).toEqual([zone]);
    expect((await from('172.16.4.1').call(endpoints.zonesPasses, {}, g.token)).body.passes).toHaveLength(1);
    expect((await from('172.16.3.9').call(endpoints.zonesPasses)).status).toBe(401);
    expect((await from('172.16.3.9').call(endpoints.zonesHere)).status).toBe(401);
  });
});

describe('arrival by place', () => {
  const centre = { lat: 28.6139, lng: 77.209 };
  let zone: number;
  beforeAll(async () => {
    zone = await addZone({ name: 'Circle Library', place: { ...centre, radiusM: 200 } });
  });

  it('inside counts, with the position kept rounded to about 100 m', async () => {
    const r = await signIn('inside@example.com');
    const res = await here(r, '203.0.113.1', { lat: 28.61412, lng: 77.20917, accuracy: 25 });
    expect(res.body.arrived).toEqual([zone]);
    expect(await sightings(r.id)).toEqual([{ zone_id: zone, via: 'place', lat: '28.614', lng: '77.209' }]);
  });

  it('exactly on the edge counts; a metre past it, or a box corner outside the circle, does not', async () => {
    const edge = { lat: centre.lat + metresNorth(200), lng: centre.lng };
    expect(distanceM(centre, edge)).toBeCloseTo(200, 6);
    expect((await here(await signIn('edge@example.com'), '203.0.113.2', { ...edge, accuracy: 10 })).body.arrived).toEqual([zone]);
    const past = { lat: centre.lat + metresNorth(201), lng: centre.lng };
    const r = await signIn('past@example.com');
    expect((await here(r, '203.0.113.3', { ...past, accuracy: 10 })).body.arrived).toEqual([]);
    const [, , lngMax, latMax] = boundingBox(centre.lat, centre.lng, 200);
    const corner = { lat: centre.lat + (latMax - centre.lat) * 0.95, lng: centre.lng + (lngMax - centre.lng) * 0.95 };
    expect((await here(r, '203.0.113.3', { ...corner, accuracy: 10 })).body.arrived).toEqual([]);
    // Positions outside every zone are never stored.
    expect(await sightings(r.id)).toEqual([]);
  });

  it('a position less accurate than 500 m is ignored (no pass, nothing stored)', async () => {
    const r = await signIn('vague@example.com');
    expect((await here(r, '203.0.113.4', { ...centre, accuracy: 501 })).body).toEqual({ passes: [], arrived: [] });
    expect(await sightings(r.id)).toEqual([]);
    expect((await here(r, '203.0.113.4', { ...centre, accuracy: 500 })).body.arrived).toEqual([zone]);
  });

  it('bad coordinates are a 400 with a clear message: out of range, strings, null, NaN, Infinity, missing fields', async () => {
    const r = await signIn('badcoords@example.com');
    const bad = async (position: unknown) => {
      const res = await from('203.0.113.5').call(endpoints.zonesHere, { body: unchecked({ position }) }, r.token);
      expect(res.status).toBe(400);
      return res.error.message;
    };
    expect(await bad({ lat: 91, lng: 77, accuracy: 5 })).toMatch(/^position\.lat: Too big/);
    expect(await bad({ lat: 28, lng: -180.5, accuracy: 5 })).toMatch(/^position\.lng: Too small/);
    expect(await bad({ lat: '28.6', lng: 77, accuracy: 5 })).toMatch(/^position\.lat: Invalid input: expected number, received string/);
    expect(await bad({ lat: null, lng: 77, accuracy: 5 })).toMatch(/^position\.lat/);
    expect(await bad({ lat: 28, lng: 77 })).toMatch(/^position\.accuracy/);
    expect(await bad({ lat: 28, lng: 77, accuracy: -1 })).toMatch(/^position\.accuracy: Too small/);
    for (const raw of ['{"position":{"lat":NaN,"lng":77,"accuracy":5}}', '{"position":{"lat":1e999,"lng":77,"accuracy":5}}']) {
      const res = await from('203.0.113.5').raw('POST', '/api/zones/here', raw, r.token, { 'content-type': 'application/json' });
      expect(res.status).toBe(400);
    }
    expect(await sightings(r.id)).toEqual([]);
  });
});

describe('the zones list (GET /api/zones)', () => {
  it('is public, nearest first with distances, never shows networks, leaves out inactive zones and lapsed institutions', async () => {
    const near = await addZone({ name: 'List Near', place: { lat: 22.5726, lng: 88.3639, radiusM: 100 }, networks: ['172.16.50.0/24'] });
    const far = await addZone({ name: 'List Far', place: { lat: 22.6, lng: 88.4, radiusM: 100 } });
    const off = await addZone({ name: 'List Off', place: { lat: 22.5727, lng: 88.3639, radiusM: 100 }, active: false });
    const lapsed = await addZone({
      name: 'List Lapsed',
      place: { lat: 22.5728, lng: 88.3639, radiusM: 100 },
      institutionId: FX.inst.expired,
    });
    const res = await from().call(endpoints.zones, { query: { lat: '22.5726', lng: '88.3639' } });
    expect(res.status).toBe(200);
    const ids = res.body.zones.map((z) => z.id);
    expect(ids.indexOf(near)).toBe(0);
    expect(ids.indexOf(far)).toBeGreaterThan(0);
    expect(ids).not.toContain(off);
    expect(ids).not.toContain(lapsed);
    expect(res.body.zones[0]).toMatchObject({ name: 'List Near', distanceM: 0, byNetwork: true, openNow: true, institution: null });
    expect(res.body.zones[ids.indexOf(far)].distanceM).toBeGreaterThan(3000);
    // The reply as sent, before the reply schema drops keys it does not know.
    expect(JSON.stringify((await from().raw('GET', `${pathOf(endpoints.zones)}?lat=22.5726&lng=88.3639`)).body)).not.toContain('172.16.');
    const plain = await from().call(endpoints.zones);
    expect(plain.body.zones.every((z) => z.distanceM === null)).toBe(true);
  });

  it('refuses half a position and coordinates that are no numbers', async () => {
    for (const q of [
      'lat=22.5',
      'lng=88',
      'lat=&lng=',
      'lat=abc&lng=88',
      'lat=91&lng=88',
      'lat=NaN&lng=1',
      'lat=Infinity&lng=1',
      'lat=0x1F&lng=1',
    ]) {
      const res = await from().call(endpoints.zones, { query: unchecked(Object.fromEntries(new URLSearchParams(q))) });
      expect(res.status, q).toBe(400);
      expect(res.error.message, q).toBeTruthy();
    }
  });
});

describe('opening hours', () => {
  it('a closed zone gives no pass; the same zone is found during its hours', async () => {
    // Open only on the day after today (in Kolkata), so it is closed now.
    const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', weekday: 'short' }).format(new Date()).toLowerCase();
    const days = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
    const tomorrow = days[(days.indexOf(today) + 1) % 7];
    const zone = await addZone({ name: 'Closed Today', networks: ['172.16.5.0/24'], hours: { [tomorrow]: [['00:00', '24:00']] } });
    const r = await signIn('closed@example.com');
    expect((await here(r, '172.16.5.5')).body).toEqual({ passes: [], arrived: [] });
    expect(await sightings(r.id)).toEqual([]);
    const inHours = new Date(Date.now() + 86_400_000);
    expect((await zonesAt(t.db, { ip: '172.16.5.5' }, inHours)).map((z) => z.id)).toEqual([zone]);
  });
});

describe('passes', () => {
  it('last the zone pass length; a sighting extends one (start kept); after it ended a sighting is a new arrival', async () => {
    const zone = await addZone({ name: 'Short Pass', networks: ['172.16.6.0/24'], passMinutes: 30 });
    const r = await signIn('passes@example.com');
    const sent = vi.spyOn(t.app.push, 'sendToUser').mockImplementation(() => true);
    try {
      const first = await here(r, '172.16.6.1');
      expect(first.body.arrived).toEqual([zone]);
      const p1 = await passRow(r.id, zone);
      expect(p1.ends_at.getTime() - p1.started_at.getTime()).toBe(30 * 60_000);
      expect(first.body.passes[0]).toMatchObject({ startedAt: p1.started_at.toISOString(), endsAt: p1.ends_at.toISOString() });

      // Ten minutes later (moved back in the database), seen again: extended, not a new arrival.
      await t.db.query(
        `UPDATE zone_passes SET started_at = started_at - interval '10 minutes', last_seen_at = last_seen_at - interval '10 minutes',
           ends_at = ends_at - interval '10 minutes' WHERE user_id = $1`,
        [r.id],
      );
      const moved = await passRow(r.id, zone);
      const again = await here(r, '172.16.6.2');
      expect(again.body.arrived).toEqual([]);
      const p2 = await passRow(r.id, zone);
      expect(p2.started_at.getTime()).toBe(moved.started_at.getTime());
      expect(p2.ends_at.getTime()).toBeGreaterThan(moved.ends_at.getTime() + 9 * 60_000);
      expect(p2.ends_at.getTime() - p2.last_seen_at.getTime()).toBe(30 * 60_000);

      // Out of the zone: the pass runs on to its end.
      expect((await here(r, '172.16.7.1')).body.passes).toHaveLength(1);

      // Ended: it is no longer listed, and the next sighting starts it again as an arrival.
      await t.db.query(
        `UPDATE zone_passes SET started_at = now() - interval '3 hours', ends_at = now() - interval '1 minute' WHERE user_id = $1`,
        [r.id],
      );
      expect((await here(r, '172.16.7.1')).body.passes).toEqual([]);
      const back = await here(r, '172.16.6.3');
      expect(back.body.arrived).toEqual([zone]);
      const p3 = await passRow(r.id, zone);
      expect(Date.now() - p3.started_at.getTime()).toBeLessThan(60_000);

      // One arrival push each time, in the reader's language, to the zone screen.
      expect(sent).toHaveBeenCalledTimes(2);
      const [uid, message] = sent.mock.calls[1];
      expect(uid).toBe(r.id);
      expect(message('en')).toMatchObject({
        type: 'zone-arrival',
        title: "You're in a Smart Reading Zone",
        url: '/reading-zone',
        zoneId: zone,
        lang: 'en',
        endsAt: p3.ends_at.toISOString(),
      });
      expect(message('en').body).toMatch(/^Short Pass: reading is free here until (\w{3}, )?\d{1,2}:\d{2} (am|pm)\.$/);
      expect(message('hi')).toMatchObject({ title: 'आप स्मार्ट रीडिंग ज़ोन में हैं', url: '/hi/reading-zone', lang: 'hi' });
      // The Hindi day period and the digits the Hindi interface uses, never the Latin am/pm.
      expect(message('hi').body).toMatch(/^Short Pass: यहाँ (\S+ )?(सुबह|दोपहर|शाम|रात) \d{1,2}:\d{2} तक पढ़ना मुफ़्त है।$/);
    } finally {
      sent.mockRestore();
    }
  });

  it('the arrival text names the day when the pass ends on another day', () => {
    const ends = new Date(Date.now() + 26 * 3_600_000);
    const weekday = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', weekday: 'short' }).format(ends);
    expect(arrivalMessage({ id: 1, name: 'Z', timeZone: 'Asia/Kolkata' }, ends, 'en').body).toContain(weekday);
  });
});

describe('reading under a pass', () => {
  const ZONE_NET = '172.16.10.0/24';
  const IN = '172.16.10.10';
  const OUT = '172.16.11.10';
  let zone: number;
  beforeAll(async () => {
    zone = await addZone({ name: 'Reading Room', networks: [ZONE_NET] });
  });

  it('a reader with no institution, an expired member and a guest are refused outside and read inside', async () => {
    const visitor = await signIn('zone.visitor@example.com');
    const expired = await signIn('zone.late@expired.edu');
    const g = await guest('zones-reading-guest-0123');
    for (const [who, code] of [
      [visitor, 'no_access'],
      [expired, 'subscription_expired'],
      [g, 'no_access'],
    ] as const) {
      const refused = await token(who, FX.mid.biz, OUT);
      expect(refused.status).toBe(403);
      expect(refused.error.code).toBe(code);
      // Read Now on the zone's network: the token call itself sights the reader.
      const inside = await token(who, FX.mid.biz, IN);
      expect(inside.status).toBe(200);
      // The pass lasts beyond the network: still readable from elsewhere.
      expect((await token(who, FX.mid.paper, OUT)).status).toBe(200);
    }
  });

  it("a member refused by their institution's sections reads them under a pass", async () => {
    const pupil = await signIn('zone.pupil@basic.edu');
    expect((await token(pupil, FX.mid.paper, OUT)).error.code).toBe('not_in_subscription');
    expect((await here(pupil, IN)).body.arrived).toEqual([zone]);
    expect((await token(pupil, FX.mid.paper, OUT)).status).toBe(200);
    expect((await token(pupil, FX.mid.journal, OUT)).status).toBe(200);
  });

  it('the country block still refuses; a pass that ended or a zone made inactive opens nothing', async () => {
    const r = await signIn('zone.blocked@example.com');
    expect((await here(r, IN)).body.arrived).toEqual([zone]);
    expect((await token(r, FX.mid.blocked, OUT)).error.code).toBe('country_blocked');
    expect((await token(r, FX.mid.tech, OUT)).status).toBe(200);
    await t.db.query(`UPDATE zone_passes SET ends_at = now() - interval '1 second' WHERE user_id = $1`, [r.id]);
    expect((await token(r, FX.mid.tech, OUT)).error.code).toBe('no_access');

    const other = await addZone({ name: 'Soon Inactive', networks: ['172.16.12.0/24'] });
    const s = await signIn('zone.inactive@example.com');
    expect((await here(s, '172.16.12.1')).body.arrived).toEqual([other]);
    await updateZone(t.db, other, ZoneInput.parse({ ...zoneInput((await getZone(t.db, other))!), active: false }));
    expect((await token(s, FX.mid.tech, OUT)).error.code).toBe('no_access');
    expect((await from(OUT).call(endpoints.zonesPasses, {}, s.token)).body.passes).toEqual([]);
  });

  it('a zone that opens only some titles, sections or categories opens just those', async () => {
    const chosen = await addZone({ name: 'Chosen Titles', networks: ['172.16.13.0/24'], opens: { all: false, titles: [FX.mid.biz] } });
    const papers = await addZone({
      name: 'Newspapers Only',
      networks: ['172.16.14.0/24'],
      opens: { all: false, sections: ['newspapers'] },
    });
    const tech = await addZone({ name: 'Tech Shelf', networks: ['172.16.15.0/24'], opens: { all: false, categories: [FX.cats.tech] } });
    const a = await signIn('zone.chosen@example.com');
    expect((await here(a, '172.16.13.1')).body.arrived).toEqual([chosen]);
    expect((await token(a, FX.mid.biz, OUT)).status).toBe(200);
    expect((await token(a, FX.mid.tech, OUT)).error.code).toBe('no_access');
    const b = await signIn('zone.papers@example.com');
    expect((await here(b, '172.16.14.1')).body.arrived).toEqual([papers]);
    expect((await token(b, FX.mid.paper, OUT)).status).toBe(200);
    expect((await token(b, FX.mid.hindiPaper, OUT)).status).toBe(200);
    expect((await token(b, FX.mid.journal, OUT)).status).toBe(403);
    expect((await token(b, FX.mid.biz, OUT)).status).toBe(403);
    const c = await signIn('zone.tech@example.com');
    expect((await here(c, '172.16.15.1')).body.arrived).toEqual([tech]);
    expect((await token(c, FX.mid.tech, OUT)).status).toBe(200);
    expect((await token(c, FX.mid.adult, OUT)).status).toBe(200); // category 3 too; a public zone sets no age rating
    expect((await token(c, FX.mid.biz, OUT)).status).toBe(403);
  });

  it("an institution's zone applies that institution's age rating", async () => {
    await t.db.query(`UPDATE institutions SET age_rating = 5 WHERE id = $1`, [FX.inst.noFlags]);
    const school = await addZone({ name: 'School Library', networks: ['172.16.16.0/24'], institutionId: FX.inst.noFlags });
    const r = await signIn('zone.school.visitor@example.com');
    expect((await here(r, '172.16.16.1')).body.arrived).toEqual([school]);
    expect((await token(r, FX.mid.biz, OUT)).status).toBe(200);
    expect((await token(r, FX.mid.adult, OUT)).error.code).toBe('no_access');
  });

  it("read events under a pass are recorded with the source 'zone' and the zone; a member's own reading stays 'web'", async () => {
    const r = await signIn('zone.events@example.com');
    const member = await signIn('zone.events@active.edu');
    expect((await here(r, IN)).body.arrived).toEqual([zone]);
    expect((await here(member, IN)).body.arrived).toEqual([zone]);
    const issue = await firstIssue(FX.mid.biz);
    const events = { events: [{ kind: 'page_view' as const, issueId: issue, page: 1, at: Date.now() - 1000 }] };
    expect((await from(OUT).call(endpoints.readerEvents, { body: events }, r.token)).body).toEqual({ status: 1, stored: 1 });
    expect((await from(OUT).call(endpoints.readerEvents, { body: events }, member.token)).body).toEqual({ status: 1, stored: 1 });
    const rows = async (uid: number) =>
      (await t.db.query('SELECT source, zone_id, institution_id FROM usage_events WHERE user_id = $1', [uid])).rows;
    expect(await rows(r.id)).toEqual([{ source: 'zone', zone_id: zone, institution_id: null }]);
    expect(await rows(member.id)).toEqual([{ source: 'web', zone_id: null, institution_id: FX.inst.active }]);
  });

  it('downloads need real access: refused under a pass alone, and the downloads state says not allowed', async () => {
    const r = await signIn('zone.download@example.com');
    expect((await here(r, IN)).body.arrived).toEqual([zone]);
    const res = await from(IN).call(
      endpoints.readerDownloadsAdd,
      { body: { issueId: await firstIssue(FX.mid.biz), deviceId: 'zone-device-01' } },
      r.token,
    );
    expect(res.status).toBe(403);
    expect(res.error).toEqual({ code: 'zone_online_only', message: ZONE_ONLY_DOWNLOAD });
    const state = await from(IN).call(endpoints.readerDownloads, { query: { deviceId: 'zone-device-01' } }, r.token);
    expect(state.body).toMatchObject({ allowed: false, reason: 'no_access', issueIds: [] });
    expect((await t.db.query('SELECT 1 FROM downloads WHERE user_id = $1', [r.id])).rows).toEqual([]);
  });
});

describe('the service worker ping', () => {
  const key = 'ping-key-for-the-zone-tests-0123456789';
  let zone: number;
  let userId: number;
  beforeAll(async () => {
    zone = await addZone({ name: 'Ping Library', networks: ['172.16.20.0/24', '2001:db8:20::/48'] });
    userId = (await signIn('zone.ping@example.com')).id;
    await t.db.query(
      `INSERT INTO push_subscriptions (user_id, device_id, endpoint, p256dh, auth, lang, ping_key_hash)
       VALUES ($1, 'ping-device', 'https://fcm.googleapis.com/fcm/send/zone-ping-test', 'p', 'a', 'hi', $2)`,
      [userId, hashPingKey(key)],
    );
  });
  /** As a service worker sends it: no user token, no XSRF pair. */
  const ping = (body: unknown, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/zones/ping', payload: body as object, remoteAddress: ip });

  it('names the reader by its key, sights them by network only, and needs no XSRF pair', async () => {
    const away = await ping({ key }, '172.16.21.1');
    expect(away.statusCode).toBe(200);
    expect(away.json()).toEqual({ passes: [], arrived: [] });
    // A position in the body is not part of a ping and is not used.
    const inZone = await ping({ key, position: { lat: 1, lng: 1, accuracy: 1 } }, '2001:db8:20::5');
    expect(inZone.json().arrived).toEqual([zone]);
    expect(await sightings(userId)).toEqual([{ zone_id: zone, via: 'network', lat: null, lng: null }]);
  });

  it('an unknown key is a 404 that says what to do; a bad body a 400; other routes still need the XSRF pair', async () => {
    const unknown = await ping({ key: 'an-unknown-key-0123456789abcdef' }, '172.16.20.1');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({
      code: 'unknown_ping_key',
      message: 'This device is no longer signed up for zone notifications. Turn them on again in the app.',
    });
    expect((await ping({ key: 'short' }, '172.16.20.1')).statusCode).toBe(400);
    expect((await ping({}, '172.16.20.1')).statusCode).toBe(400);
    const r = await signIn('zone.xsrf@example.com');
    const noPair = await t.app.inject({
      method: 'POST',
      url: '/api/zones/here',
      payload: {},
      headers: { authorization: r.token },
      remoteAddress: '172.16.20.1',
    });
    expect(noPair.statusCode).toBe(403);
    expect(noPair.json().error.code).toBe('xsrf');
    // The exemption is for the ping route as such: other spellings of its path get none.
    for (const url of ['/API/zones/ping', '/api/zones/ping/', '/api//zones/ping']) {
      const res = await t.app.inject({ method: 'POST', url, payload: { key }, remoteAddress: '172.16.20.1' });
      expect([res.statusCode, res.json().error.code], url).toEqual([403, 'xsrf']);
    }
  });
});

describe('location data retention', () => {
  it(`sightings older than ${LOCATION_RETENTION_DAYS} days and passes ended that long ago go with the hourly housekeeping`, async () => {
    const zone = await addZone({ name: 'Retention', networks: ['172.16.30.0/24'] });
    const r = await signIn('zone.retention@example.com');
    const s = await signIn('zone.retention2@example.com');
    await t.db.query(
      `INSERT INTO zone_sightings (user_id, zone_id, via, at) VALUES
         ($1, $2, 'network', now() - interval '${LOCATION_RETENTION_DAYS} days' - interval '1 hour'),
         ($1, $2, 'network', now() - interval '${LOCATION_RETENTION_DAYS} days' + interval '1 hour')`,
      [r.id, zone],
    );
    await t.db.query(
      `INSERT INTO zone_passes (user_id, zone_id, started_at, last_seen_at, ends_at) VALUES
         ($1, $3, now() - interval '20 days', now() - interval '20 days', now() - interval '${LOCATION_RETENTION_DAYS} days' - interval '1 hour'),
         ($2, $3, now() - interval '20 days', now() - interval '20 days', now() - interval '${LOCATION_RETENTION_DAYS} days' + interval '1 hour')`,
      [r.id, s.id, zone],
    );
    await housekeeping(t.db, t.app.config.privateDir);
    const left = (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM zone_sightings WHERE user_id = $1`, [r.id])).rows[0].n;
    expect(left).toBe(1);
    expect(await passRow(r.id, zone)).toBeUndefined();
    expect(await passRow(s.id, zone)).toBeDefined();
  });

  it('deleting an account deletes its passes and sightings', async () => {
    const zone = await addZone({ name: 'Deleted Reader', networks: ['172.16.31.0/24'] });
    const r = await signIn('zone.deleted@example.com');
    expect((await here(r, '172.16.31.1')).body.arrived).toEqual([zone]);
    await t.db.query(`DELETE FROM users WHERE id = $1`, [r.id]);
    expect(await sightings(r.id)).toEqual([]);
    expect(await passRow(r.id, zone)).toBeUndefined();
  });
});

describe('concurrency', () => {
  it('20 reports at once for a new reader make exactly one arrival, one pass and one push', async () => {
    const zone = await addZone({ name: 'Rush Hour', networks: ['172.16.40.0/24'] });
    const r = await signIn(`zone.rush.${process.env.LECTERN_TEST_DB ?? 'pglite'}@example.com`);
    const sent = vi.spyOn(t.app.push, 'sendToUser').mockImplementation(() => true);
    try {
      const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => here(r, `172.16.40.${i + 1}`)));
      expect(replies.map((x) => x.status)).toEqual(Array(20).fill(200));
      expect(replies.flatMap((x) => x.body.arrived)).toEqual([zone]);
      expect((await t.db.query('SELECT 1 FROM zone_passes WHERE user_id = $1', [r.id])).rows).toHaveLength(1);
      expect(sent).toHaveBeenCalledTimes(1);
    } finally {
      sent.mockRestore();
    }
  });

  it('reports past the per-reader cap are refused with a 429', async () => {
    const r = await signIn('zone.flood@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await here(r, '172.16.41.1')).status);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses.slice(30)).toEqual([429, 429]);
  });
});

describe('the demo zones', () => {
  it('are applied on every start without duplicates; DEMO_ZONE_CIDR sets (or removes) the network zone', async () => {
    await t.db.query(
      `INSERT INTO institutions (name, con_code, sub_start, sub_end) VALUES ('Demo University', 'DEMO-U', now(), now() + interval '1 year')`,
    );
    const names = async () =>
      (
        await t.db.query<{ name: string }>(
          `SELECT name FROM zones WHERE name IN ($1, $2, $3) ORDER BY name`,
          Object.values(DEMO_ZONES).map((z) => z.name),
        )
      ).rows.map((r) => r.name);
    await applyDemoZones(t.db, { demoZoneCidr: ['127.0.0.0/8', '::1/128'] });
    await applyDemoZones(t.db, { demoZoneCidr: ['127.0.0.0/8', '::1/128'] });
    expect(await names()).toEqual(['City Library, Mumbai', 'Demo University Library', 'Lectern demo zone (this network)']);
    const university = (await allZones(t.db)).find((z) => z.name === DEMO_ZONES.university.name)!;
    expect(university).toMatchObject({
      institution: 'Demo University',
      place: DEMO_ZONES.university.place,
      hours: { mon: [['08:00', '20:00']] },
    });
    // A new reader on the demo machine arrives at once.
    const r = await signIn('zone.demo@example.com');
    const res = await here(r, '127.0.0.1', { ...DEMO_ZONES.city.place, accuracy: 20 });
    const city = (await allZones(t.db)).find((z) => z.name === DEMO_ZONES.city.name)!;
    const network = (await allZones(t.db)).find((z) => z.name === DEMO_ZONES.network.name)!;
    expect(res.body.arrived.sort()).toEqual([city.id, network.id].sort());
    expect(network.networks).toEqual(['127.0.0.0/8', '::1/128']);

    await applyDemoZones(t.db, { demoZoneCidr: ['192.168.1.0/24'] });
    expect((await getZone(t.db, network.id))!.networks).toEqual(['192.168.1.0/24']);
    await expect(applyDemoZones(t.db, { demoZoneCidr: ['192.168.1.0/99'] })).rejects.toThrow(
      /^DEMO_ZONE_CIDR must be a comma list of networks/,
    );
    await applyDemoZones(t.db, { demoZoneCidr: [] });
    expect(await names()).toEqual(['City Library, Mumbai', 'Demo University Library']);
    expect(parseDemoZoneCidr(undefined)).toEqual([]);
    expect(parseDemoZoneCidr('loopback')).toEqual(['127.0.0.0/8', '::1/128']);
    expect(parseDemoZoneCidr('off')).toEqual([]);
    expect(parseDemoZoneCidr(' ')).toEqual([]);
    expect(parseDemoZoneCidr('10.1.0.0/16, 2001:db8::/32')).toEqual(['10.1.0.0/16', '2001:db8::/32']);
  });
});
