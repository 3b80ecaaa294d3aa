// Smart Reading Zones that cannot be faked from anywhere, and zones with bounds: a guest's position
// never opens reading (the zone's network still does); a signed-in reader's place report must be
// fresh, no more precise than a browser can be, and reachable from their last one, and starts at
// most PLACE_PASSES_PER_DAY passes a day (concurrent reports included); a zone may ask for a second
// proof (its network or its on-site code, guesses limited per account and per client, concurrent
// guesses included); a zone opens no more than its owner's subscription covers, when written and
// when read; librarians' networks are kept to a campus's public range; wide ones are flagged.
// On PostgreSQL too: concurrent position reports against the daily pass cap.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, signInByCode, unchecked, xsrfToken } from '../support/api-client';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { ADMIN, LIB, OTHER, grantTestConsoleRoles } from '../support/console-roles';
import { ZoneInput } from '../../src/shared/schemas/zones';
import { PLACE_PASSES_PER_DAY, ZONE_CODE_PERIOD_S, distanceM } from '../../src/shared/zones';
import { ZoneInputError, createZone, getZone, updateZone, zoneInput } from '../../src/server/repositories/zones';
import { zoneCodeAt } from '../../src/server/services/zone-codes';
import * as endpoints from '../../src/shared/endpoints';
import { pathOf } from '../../src/shared/endpoints/endpoint';

let t: TestContext;
let xsrf: string;
const outbox = memoryOutbox();
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await testApp(loadCatalogue, { mailer: outbox.mailer });
  xsrf = await xsrfToken(t.app);
  for (const email of [LIB, OTHER, ADMIN]) tokens[email] = (await signIn(email)).token;
  await grantTestConsoleRoles(t.db);
});
afterAll(() => t?.close());

const db = () => (process.env.LECTERN_TEST_DB ?? 'pglite').replace(/\W/g, '');
const from = (ip?: string) => apiClient(t.app, xsrf, ip ? { ip } : {});
let n = 0;
/** A new signed-in reader with no institution (each test its own, so no last position carries over). */
const signIn = (email = `presence.${db()}.${++n}@example.com`) => signInByCode(t.db, from(), outbox, email);
const guest = async () => {
  const res = await from().call(endpoints.guestLogin, { body: { uniqId: `presence-guest-${db()}-${++n}-0123456789`, os: 'web' } });
  const { rows } = await t.db.query<{ id: number }>('SELECT id FROM users WHERE uuid = $1', [res.body.uuid]);
  return { token: res.body.jwtoken, id: rows[0].id };
};
const addZone = (input: z.input<typeof ZoneInput>) => createZone(t.db, ZoneInput.parse(input));
type Spot = { lat: number; lng: number; accuracy?: number; ageMs?: number };
/** "I am here" at a spot (a fix taken a second ago, 20 m accurate, unless the spot says otherwise). */
const here = (who: { token: string }, spot: Spot | null, opts: { ip?: string; code?: string } = {}) =>
  from(opts.ip ?? '198.18.0.1').call(
    endpoints.zonesHere,
    { body: { ...(spot ? { position: { accuracy: 20, ageMs: 1000, ...spot } } : {}), ...(opts.code ? { code: opts.code } : {}) } },
    who.token,
  );
const sightings = async (userId: number) =>
  (await t.db.query('SELECT zone_id, via, lat::text, lng::text, accuracy_m FROM zone_sightings WHERE user_id = $1 ORDER BY id', [userId]))
    .rows;
const pass = async (userId: number, zoneId: number) =>
  (
    await t.db.query<{ ends_at: Date; proved_at: Date | null }>(
      'SELECT ends_at, proved_at FROM zone_passes WHERE user_id = $1 AND zone_id = $2',
      [userId, zoneId],
    )
  ).rows[0];
const passCount = async (userId: number) =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM zone_passes WHERE user_id = $1', [userId])).rows[0].n;
const error = (res: { status: number; error: { code: string } | null }) => [res.status, res.error?.code];
const firstIssue = async (mid: number) =>
  (await t.db.query<{ issue_id: number }>('SELECT min(issue_id) AS issue_id FROM issues WHERE mid = $1', [mid])).rows[0].issue_id;
const read = async (who: { token: string }, mid: number) =>
  from().call(endpoints.readerToken, { body: { issue: await firstIssue(mid) } }, who.token);
/** Metres to degrees of latitude (the haversine along a meridian is exact). */
const north = (m: number) => (m / 6_371_008.8) * (180 / Math.PI);

// Far apart, as in the probe: a public zone in Mumbai, another in Delhi.
const MUMBAI = { lat: 18.9317, lng: 72.8362 };
const DELHI = { lat: 28.6139, lng: 77.209 };
let mumbai: number;
let delhi: number;
beforeAll(async () => {
  mumbai = await addZone({ name: 'Presence Mumbai', place: { ...MUMBAI, radiusM: 300 } });
  delhi = await addZone({ name: 'Presence Delhi', place: { ...DELHI, radiusM: 300 }, networks: ['45.77.10.0/24'] });
});

describe('a position alone', () => {
  it("never opens a pass for a guest: 403 with what to do, nothing kept; the zone's network still does", async () => {
    const g = await guest();
    const res = await here(g, MUMBAI);
    expect(error(res)).toEqual([403, 'zone_sign_in_needed']);
    expect(res.error.message).toMatch(/needs a Lectern account: please sign in/);
    expect(await sightings(g.id)).toEqual([]);
    expect(await passCount(g.id)).toBe(0);
    expect((await read(g, FX.mid.paper)).status).toBe(403);

    // On the Delhi zone's network the guest arrives (by network: no position kept).
    const onWifi = await here(g, DELHI, { ip: '45.77.10.9' });
    expect(onWifi.status).toBe(200);
    expect(onWifi.body.arrived).toEqual([delhi]);
    expect(await sightings(g.id)).toEqual([{ zone_id: delhi, via: 'network', lat: null, lng: null, accuracy_m: null }]);
    expect((await read(g, FX.mid.paper)).status).toBe(200);
    // Still on the network, a position in another zone changes nothing for the guest.
    expect((await here(g, MUMBAI, { ip: '45.77.10.9' })).body.arrived).toEqual([]);
    expect(await passCount(g.id)).toBe(1);
  });

  it('opens one for a signed-in reader, kept rounded with its accuracy', async () => {
    const r = await signIn();
    const res = await here(r, { ...MUMBAI, accuracy: 35.2 });
    expect(res.body.arrived).toEqual([mumbai]);
    expect(await sightings(r.id)).toEqual([{ zone_id: mumbai, via: 'place', lat: '18.932', lng: '72.836', accuracy_m: 36 }]);
  });

  it(`is refused when it claims more precision than a browser has, or is old; a refusal keeps and extends nothing`, async () => {
    const r = await signIn();
    expect((await here(r, MUMBAI)).body.arrived).toEqual([mumbai]);
    const before = await pass(r.id, mumbai);
    for (const accuracy of [0, 0.5, 1.9]) {
      const res = await here(r, { ...MUMBAI, accuracy });
      expect(error(res)).toEqual([400, 'implausible_accuracy']);
      expect(res.error.message).toMatch(/try again on site/);
    }
    expect(error(await here(r, { ...MUMBAI, ageMs: 121_000 }))).toEqual([400, 'stale_position']);
    expect(await sightings(r.id)).toHaveLength(1);
    expect((await pass(r.id, mumbai)).ends_at).toEqual(before.ends_at);
    // 2 m and a fix two minutes old are still a phone's.
    expect((await here(r, { ...MUMBAI, accuracy: 2, ageMs: 120_000 })).status).toBe(200);
  });

  it('is refused when it implies impossible travel since the last one (Mumbai, then Delhi a second later)', async () => {
    const r = await signIn();
    expect((await here(r, MUMBAI)).body.arrived).toEqual([mumbai]);
    const before = await pass(r.id, mumbai);
    const res = await here(r, DELHI);
    expect(error(res)).toEqual([403, 'impossible_travel']);
    expect(res.error.message).toMatch(/faster than anyone can travel/);
    expect(await sightings(r.id)).toHaveLength(1);
    expect(await pass(r.id, delhi)).toBeUndefined();
    expect((await pass(r.id, mumbai)).ends_at).toEqual(before.ends_at);
    // Refused again a minute later: the refused report was not kept as the last position.
    await t.db.query(`UPDATE zone_sightings SET at = at - interval '1 minute' WHERE user_id = $1`, [r.id]);
    expect(error(await here(r, DELHI))).toEqual([403, 'impossible_travel']);
    // 1,150 km is an hour at airliner speed: two hours later Delhi is believed.
    expect(distanceM(MUMBAI, DELHI)).toBeGreaterThan(1_100_000);
    await t.db.query(`UPDATE zone_sightings SET at = at - interval '2 hours' WHERE user_id = $1`, [r.id]);
    expect((await here(r, DELHI)).body.arrived).toEqual([delhi]);
  });

  it('two reports at once, Mumbai and Delhi, from a reader with no last position: one is believed, the other is impossible travel', async () => {
    const r = await signIn();
    const replies = await Promise.all([here(r, MUMBAI), here(r, DELHI)]);
    expect(replies.map((x) => x.status).sort()).toEqual([200, 403]);
    expect(replies.find((x) => x.status === 403)!.error.code).toBe('impossible_travel');
    expect(await passCount(r.id)).toBe(1);
    expect(await sightings(r.id)).toHaveLength(1);
  });

  it("allows for both reports' accuracy: 900 m at once with 500 m and 450 m accuracy, but not with 200 m and 200 m", async () => {
    const a = { lat: 12.9716, lng: 77.5946 };
    const b = { lat: a.lat + north(900), lng: a.lng };
    const [za, zb] = [
      await addZone({ name: 'Accuracy A', place: { ...a, radiusM: 100 } }),
      await addZone({ name: 'Accuracy B', place: { ...b, radiusM: 100 } }),
    ];
    const loose = await signIn();
    expect((await here(loose, { ...a, accuracy: 500 })).body.arrived).toEqual([za]);
    expect((await here(loose, { ...b, accuracy: 450 })).body.arrived).toEqual([zb]);
    const tight = await signIn();
    expect((await here(tight, { ...a, accuracy: 200 })).body.arrived).toEqual([za]);
    expect(error(await here(tight, { ...b, accuracy: 200 }))).toEqual([403, 'impossible_travel']);
  });
});

describe(`at most ${PLACE_PASSES_PER_DAY} passes by place a day`, () => {
  it('holds under concurrent reports (26 zones at once): the rest are a 429 that says why; extensions and the network still work', async () => {
    // 26 small zones on a ring of 400 m: each report is inside one zone, all within reach of each other.
    const centre = { lat: 19.076, lng: 72.8777 };
    const ring = Array.from({ length: 26 }, (_, i) => {
      const a = (2 * Math.PI * i) / 26;
      return {
        lat: centre.lat + north(400 * Math.sin(a)),
        lng: centre.lng + north(400 * Math.cos(a)) / Math.cos((centre.lat * Math.PI) / 180),
      };
    });
    const zones: number[] = [];
    for (const [i, p] of ring.entries()) zones.push(await addZone({ name: `Ring ${i}`, place: { ...p, radiusM: 50 } }));
    const net = await addZone({ name: 'Ring Wi-Fi', networks: ['45.77.20.0/24'] });
    const r = await signIn();
    const sent = vi.spyOn(t.app.push, 'sendToUser').mockImplementation(() => true);
    try {
      const replies = await Promise.all(ring.map((p) => here(r, { ...p, accuracy: 400 })));
      const ok = replies.filter((x) => x.status === 200);
      expect(ok).toHaveLength(PLACE_PASSES_PER_DAY);
      expect(replies.filter((x) => x.status !== 200).map(error)).toEqual(Array(26 - PLACE_PASSES_PER_DAY).fill([429, 'zone_place_limit']));
      expect(replies.find((x) => x.status === 429)!.error.message).toMatch(/zone passes by location today/);
      expect(await passCount(r.id)).toBe(PLACE_PASSES_PER_DAY);
      expect(sent).toHaveBeenCalledTimes(PLACE_PASSES_PER_DAY);
      const counted = await t.db.query<{ n: number }>(
        `SELECT sum(n)::int AS n FROM rate_counters WHERE bucket = 'zone-place-pass' AND key = $1`,
        [String(r.id)],
      );
      expect(counted.rows[0].n).toBe(PLACE_PASSES_PER_DAY);
      // A pass already running is extended by place without spending; the network is not counted.
      const opened = ok[0].body.arrived[0];
      const again = await here(r, { ...ring[zones.indexOf(opened)], accuracy: 400 });
      expect([again.status, again.body.arrived]).toEqual([200, []]);
      expect((await here(r, null, { ip: '45.77.20.5' })).body.arrived).toEqual([net]);
    } finally {
      sent.mockRestore();
    }
  });
});

describe('a second proof of presence', () => {
  const SPOT = { lat: 22.5726, lng: 88.3639 };
  let zone: number;
  let secret: string;
  const codeNow = (at = Date.now()) => zoneCodeAt(secret, at).code;
  const wrong = (i = 0) => {
    const good = [codeNow(), codeNow(Date.now() - ZONE_CODE_PERIOD_S * 1000)];
    let c = 100000 + i;
    while (good.includes(String(c))) c++;
    return String(c);
  };
  /** Wrong codes counted for an account (its id) or a client (its address). */
  const failures = async (key: string) =>
    (
      await t.db.query<{ n: number }>(`SELECT coalesce(sum(n), 0)::int AS n FROM rate_counters WHERE bucket = $1 AND key = $2`, [
        key.includes('.') ? 'zone-code-fail-ip' : 'zone-code-fail',
        key,
      ])
    ).rows[0].n;
  beforeAll(async () => {
    zone = await addZone({ name: 'Proof Hall', place: { ...SPOT, radiusM: 200 }, networks: ['45.77.30.0/24'], proof: 'place+code' });
    secret = (await t.db.query<{ code_secret: string }>('SELECT code_secret FROM zones WHERE id = $1', [zone])).rows[0].code_secret;
  });

  it('a place alone is asked for the code; a wrong code counts as a failure; the right one opens the pass', async () => {
    const r = await signIn();
    const asked = await here(r, SPOT);
    expect(error(asked)).toEqual([403, 'zone_code_needed']);
    expect(asked.error.message).toMatch(/code shown at its desk/);
    expect(await sightings(r.id)).toEqual([]);

    expect(error(await here(r, SPOT, { code: wrong() }))).toEqual([403, 'zone_code_wrong']);
    expect(await failures(String(r.id))).toBe(1);
    expect(await passCount(r.id)).toBe(0);

    // Typed with a space, as shown at the desk: right, and the try is given back.
    const right = await here(r, SPOT, { code: `${codeNow().slice(0, 3)} ${codeNow().slice(3)}` });
    expect(right.body.arrived).toEqual([zone]);
    expect(await failures(String(r.id))).toBe(1);
    expect((await pass(r.id, zone)).proved_at).not.toBeNull();
  });

  it('the code just before still counts; a code without a position, or a position elsewhere, proves nothing', async () => {
    const r = await signIn();
    expect((await here(r, SPOT, { code: codeNow(Date.now() - ZONE_CODE_PERIOD_S * 1000) })).body.arrived).toEqual([zone]);
    const s = await signIn();
    expect((await here(s, null, { code: codeNow() })).body).toEqual({ passes: [], arrived: [] });
    expect((await here(s, { lat: SPOT.lat + 1, lng: SPOT.lng }, { code: codeNow() })).body.arrived).toEqual([]);
    expect(await failures(String(s.id))).toBe(0);
  });

  it(`a proof keeps place reports extending the pass for hours; after that the code again, or the network`, async () => {
    const r = await signIn();
    expect((await here(r, SPOT, { code: codeNow() })).body.arrived).toEqual([zone]);
    await t.db.query(
      `UPDATE zone_passes SET ends_at = ends_at - interval '1 hour', proved_at = proved_at - interval '7 hours' WHERE user_id = $1`,
      [r.id],
    );
    const before = await pass(r.id, zone);
    expect((await here(r, SPOT)).status).toBe(200);
    expect((await pass(r.id, zone)).ends_at.getTime()).toBeGreaterThan(before.ends_at.getTime());

    await t.db.query(`UPDATE zone_passes SET proved_at = now() - interval '9 hours' WHERE user_id = $1`, [r.id]);
    const stale = await pass(r.id, zone);
    expect(error(await here(r, SPOT))).toEqual([403, 'zone_code_needed']);
    expect((await pass(r.id, zone)).ends_at).toEqual(stale.ends_at);
    // On the zone's network the position is not needed at all: a network sighting proves presence.
    expect((await here(r, SPOT, { ip: '45.77.30.8' })).status).toBe(200);
    expect(Date.now() - (await pass(r.id, zone)).proved_at!.getTime()).toBeLessThan(60_000);
  });

  it('wrong codes are limited per account (10 a day): past it even the right code is refused', async () => {
    const r = await signIn();
    for (let i = 0; i < 10; i++)
      expect(error(await here(r, SPOT, { code: wrong(i), ip: `198.18.1.${i + 1}` }))).toEqual([403, 'zone_code_wrong']);
    expect(error(await here(r, SPOT, { code: codeNow(), ip: '198.18.1.99' }))).toEqual([429, 'too_many_requests']);
    expect(await passCount(r.id)).toBe(0);
  });

  it('30 concurrent guesses from one account count exactly 10; 40 from one client over 4 accounts exactly 30; none opens a pass', async () => {
    const r = await signIn();
    const guesses = await Promise.all(Array.from({ length: 30 }, (_, i) => here(r, SPOT, { code: wrong(i * 7), ip: `198.18.2.${i + 1}` })));
    const statuses = guesses.map(error);
    expect(statuses.filter(([s]) => s === 403)).toEqual(Array(10).fill([403, 'zone_code_wrong']));
    expect(statuses.filter(([s]) => s === 429)).toEqual(Array(20).fill([429, 'too_many_requests']));
    expect(await failures(String(r.id))).toBe(10);
    expect(await passCount(r.id)).toBe(0);

    const readers = [await signIn(), await signIn(), await signIn(), await signIn()];
    const fromOne = await Promise.all(
      readers.flatMap((who, k) => Array.from({ length: 10 }, (_, i) => here(who, SPOT, { code: wrong(k * 10 + i), ip: '198.18.3.1' }))),
    );
    expect(fromOne.filter((x) => x.status === 403)).toHaveLength(30);
    expect(fromOne.filter((x) => x.status === 429)).toHaveLength(10);
    expect(await failures('198.18.3.1')).toBe(30);
    for (const who of readers) expect(await passCount(who.id)).toBe(0);
  });

  it('is set by the operator path and by the console; the console shows the code to put up at the desk', async () => {
    const created = await from().call(
      endpoints.consoleZonesAdd,
      {
        params: { institutionId: FX.inst.active },
        body: { name: 'Desk Code Room', place: { ...SPOT, radiusM: 100 }, networks: [], proof: 'place+code' },
      },
      tokens[LIB],
    );
    expect(created.status).toBe(200);
    expect(created.body.proof).toBe('place+code');
    const code = await from().call(
      endpoints.consoleZonesCode,
      { params: { institutionId: FX.inst.active, zoneId: created.body.id } },
      tokens[LIB],
    );
    expect(code.status).toBe(200);
    const own = (await t.db.query<{ code_secret: string }>('SELECT code_secret FROM zones WHERE id = $1', [created.body.id])).rows[0]
      .code_secret;
    expect(code.body).toEqual({
      code: zoneCodeAt(own).code,
      changesAt: zoneCodeAt(own).changesAt.toISOString(),
      periodSeconds: ZONE_CODE_PERIOD_S,
    });
    expect(code.body.code).toMatch(/^\d{6}$/);
    // Never the secret, nowhere (in the reply as sent, before the reply schema drops keys it does not know).
    const listed = await from().raw('GET', pathOf(endpoints.consoleZones, { institutionId: FX.inst.active }), undefined, tokens[LIB]);
    expect([listed.status, JSON.stringify(listed.body)]).toEqual([200, expect.not.stringContaining(own)]);
    // Another institution's librarian cannot see it; a zone not of this institution is none.
    expect(
      (await from().call(endpoints.consoleZonesCode, { params: { institutionId: FX.inst.active, zoneId: created.body.id } }, tokens[OTHER]))
        .status,
    ).toBe(403);
    expect(
      (await from().call(endpoints.consoleZonesCode, { params: { institutionId: FX.inst.active, zoneId: zone } }, tokens[LIB])).status,
    ).toBe(404);
    // The operator path turns it off again.
    await updateZone(t.db, created.body.id, ZoneInput.parse({ ...zoneInput((await getZone(t.db, created.body.id))!), proof: 'any' }));
    expect((await getZone(t.db, created.body.id))!.proof).toBe('any');
  });
});

describe('a zone opens at most what its owner subscribes to', () => {
  const body = (opens: unknown) => ({ name: 'Basic Reading Room', networks: ['45.77.40.0/24'], opens });
  const addBasic = (input: unknown) =>
    from().call(endpoints.consoleZonesAdd, { params: { institutionId: FX.inst.noFlags }, body: unchecked(input) }, tokens[ADMIN]);
  const zoneRows = async () => (await t.db.query('SELECT * FROM zones ORDER BY id')).rows;

  it('refuses on write, naming what the subscription lacks: console and operator path; nothing changes', async () => {
    const before = await zoneRows();
    const cases: [unknown, RegExp][] = [
      [{ all: false, sections: ['newspapers'] }, /^Basic S's subscription does not include newspapers, so its zones cannot open them\.$/],
      [{ all: false, sections: ['newspapers', 'journals'] }, /does not include newspapers and journals, so its zones cannot open them\.$/],
      [{ all: false, sections: ['journals'] }, /does not include journals, so its zones cannot open them\.$/],
      [{ all: false, categories: [FX.cats.newspapers] }, /does not include newspapers/],
      [
        { all: false, titles: [FX.mid.biz, FX.mid.paper, FX.mid.hindiPaper] },
        /does not include newspapers, so its zones cannot open them \(titles 5 and 9\)\.$/,
      ],
    ];
    for (const [opens, message] of cases) {
      const res = await addBasic(body(opens));
      expect(error(res)).toEqual([400, 'zone_beyond_subscription']);
      expect(res.error.message).toMatch(message);
      await expect(addZone({ ...body(opens), institutionId: FX.inst.noFlags } as z.input<typeof ZoneInput>)).rejects.toThrow(
        ZoneInputError,
      );
    }
    await t.db.query('UPDATE institutions SET age_rating = 5 WHERE id = $1', [FX.inst.noFlags]);
    try {
      const rated = await addBasic(body({ all: false, titles: [FX.mid.biz, FX.mid.adult] }));
      expect(rated.error.message).toBe("Title 8 is rated above Basic S's age rating (5).");
    } finally {
      await t.db.query('UPDATE institutions SET age_rating = 9 WHERE id = $1', [FX.inst.noFlags]);
    }
    expect(await zoneRows()).toEqual(before);
    // What it covers is accepted, "the whole catalogue" too (bounded when read).
    expect((await addBasic(body({ all: false, sections: ['magazines'], titles: [FX.mid.tech] }))).status).toBe(200);
    expect((await addBasic({ ...body({ all: true }), networks: ['45.77.41.0/24'] })).status).toBe(200);
  });

  it('and again when read: a section the subscription loses stops opening, for passes already running too', async () => {
    const owner = (
      await t.db.query<{ id: number }>(`INSERT INTO institutions (name, con_code, sub_start, sub_end, newspapers, journals)
      VALUES ('Shrinking College', 'SHRINK-${db()}', now() - interval '1 day', now() + interval '1 year', true, true) RETURNING id`)
    ).rows[0].id;
    const zone = await addZone({ name: 'Shrinking Zone', institutionId: owner, networks: ['45.77.50.0/24'], opens: { all: true } });
    const r = await signIn();
    expect((await here(r, null, { ip: '45.77.50.1' })).body.arrived).toEqual([zone]);
    expect((await read(r, FX.mid.paper)).status).toBe(200);
    expect((await read(r, FX.mid.journal)).status).toBe(200);

    await t.db.query('UPDATE institutions SET newspapers = false WHERE id = $1', [owner]);
    expect(error(await read(r, FX.mid.paper))).toEqual([403, 'no_access']);
    expect((await read(r, FX.mid.journal)).status).toBe(200);
    expect((await read(r, FX.mid.biz)).status).toBe(200);
    // The app is told what the pass really opens now.
    const passes = await from().call(endpoints.zonesPasses, {}, r.token);
    expect(passes.body.passes[0].opens).toEqual({ all: false, sections: ['magazines', 'journals'], categories: [], titles: [] });
    const listed = (await from().call(endpoints.zones)).body.zones.find((z) => z.id === zone);
    expect(listed?.opens).toEqual({ all: false, sections: ['magazines', 'journals'], categories: [], titles: [] });
  });
});

describe("librarians' networks", () => {
  const body = (networks: string[], name = 'Campus Wi-Fi') => ({ name, networks });
  const params = { institutionId: FX.inst.active };
  const addZoneAs = (token: string, networks: string[]) => from().call(endpoints.consoleZonesAdd, { params, body: body(networks) }, token);
  const wideEntries = async () =>
    (await t.db.query(`SELECT actor, institution_id, target, after FROM console_audit WHERE action = 'zone.wide' ORDER BY id`)).rows;

  it('refuse the whole internet, prefixes wider than /16 or /48, private and reserved ranges, with a 400 naming the network', async () => {
    const before = await t.db.query('SELECT count(*)::int AS n FROM zones');
    const cases: [string, string, RegExp][] = [
      ['0.0.0.0/0', 'zone_network_everything', /^0\.0\.0\.0\/0 is the whole internet/],
      ['::/0', 'zone_network_everything', /^::\/0 is the whole internet/],
      ['45.0.0.0/8', 'zone_network_too_wide', /at most \/16 for IPv4, \/48 for IPv6/],
      ['2400:cb00::/32', 'zone_network_too_wide', /wider than a zone may be/],
      ['10.20.0.0/16', 'zone_network_private', /^10\.20\.0\.0\/16 is a private network/],
      ['192.168.4.0/24', 'zone_network_private', /private network/],
      ['127.0.0.1', 'zone_network_reserved', /reserved range/],
      ['2001:db8:20::/48', 'zone_network_reserved', /reserved range/],
      ['224.0.0.0/16', 'zone_network_reserved', /reserved range/],
    ];
    for (const [network, code, message] of cases) {
      const res = await addZoneAs(tokens[LIB], ['45.77.60.0/24', network]);
      expect([network, ...error(res)]).toEqual([network, 400, code]);
      expect(res.error.message).toMatch(message);
      // An admin in the console is held to the same: wider ones are the operator command's.
      expect(error(await addZoneAs(tokens[ADMIN], [network]))).toEqual([400, code]);
    }
    expect((await t.db.query('SELECT count(*)::int AS n FROM zones')).rows).toEqual(before.rows);
  });

  it('allow a public campus range up to /16 and /48, not flagged as wide', async () => {
    const flagged = (await wideEntries()).length;
    const res = await addZoneAs(tokens[LIB], ['45.20.0.0/16', '2400:cb00:20::/48', '45.21.7.0/24']);
    expect(res.status).toBe(200);
    expect(res.body.networks).toEqual(['45.20.0.0/16', '45.21.7.0/24', '2400:cb00:20::/48']);
    expect(await wideEntries()).toHaveLength(flagged);
  });

  it('the operator may go wider (flagged as the operator); a librarian may keep such a network but add no other', async () => {
    const flagged = (await wideEntries()).length;
    const zone = await addZone({ name: 'Whole Campus', institutionId: FX.inst.active, networks: ['45.0.0.0/8'] });
    expect((await wideEntries()).slice(flagged)).toEqual([
      { actor: 'operator', institution_id: FX.inst.active, target: String(zone), after: { networks: ['45.0.0.0/8'] } },
    ]);
    const keep = await from().call(
      endpoints.consoleZoneSave,
      { params: { ...params, zoneId: zone }, body: body(['45.0.0.0/8'], 'Whole Campus, renamed') },
      tokens[LIB],
    );
    expect([keep.status, keep.body.name]).toEqual([200, 'Whole Campus, renamed']);
    expect(await wideEntries()).toHaveLength(flagged + 1); // kept, not added: flagged once
    // The institution's librarians read it in their activity log.
    const activity = await from().call(endpoints.consoleActivity, { params, query: { page: 0 } }, tokens[LIB]);
    expect(activity.body.entries.find((e) => e.action === 'zone.wide')).toMatchObject({
      actor: 'operator',
      target: String(zone),
      after: { networks: ['45.0.0.0/8'] },
    });
    const add = await from().call(
      endpoints.consoleZoneSave,
      { params: { ...params, zoneId: zone }, body: body(['45.0.0.0/8', '46.0.0.0/8']) },
      tokens[LIB],
    );
    expect(error(add)).toEqual([400, 'zone_network_too_wide']);
    expect(add.error.message).toMatch(/^46\.0\.0\.0\/8/);
    expect((await getZone(t.db, zone))!.networks).toEqual(['45.0.0.0/8']);
  });
});
