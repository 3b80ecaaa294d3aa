// The proof of presence each zone's owner chooses (network, place, place+code, any: what opens and
// what is refused), the on-site poster's QR token (made by the console, valid, expired, forged,
// another zone's, a closed zone's; its caps per reader and per token under concurrency), and zone
// reading counted for the zone's owner in COUNTER and the zone breakdown, never for the reader's
// own institution; a public zone's for no institution, in the admin's view only.
// On PostgreSQL too: a poster's caps per reader and per token under concurrency.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, signInByCode, unchecked, xsrfToken } from '../support/api-client';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { ADMIN, LIB, OTHER, grantTestConsoleRoles } from '../support/console-roles';
import { grantConsoleRole } from '../../src/server/repositories/console';
import { ZoneInput } from '../../src/shared/schemas/zones';
import { ZONE_TOKEN_READERS_MAX, ZONE_TOKEN_USES_PER_DAY, localDate, type ZoneProof } from '../../src/shared/zones';
import { createZone } from '../../src/server/repositories/zones';
import { zoneCodeAt, zoneToken, zoneTokenHash } from '../../src/server/services/zone-codes';
import { printedPoster } from '../../src/server/services/zone-posters';
import { reportTable } from '../../src/shared/counter/tabular';
import { LIMITS, spendOne } from '../../src/server/services/rate-limit';
import * as endpoints from '../../src/shared/endpoints';

let t: TestContext;
let xsrf: string;
const outbox = memoryOutbox();
const tokens: Record<string, string> = {};
const BASIC_LIB = 'librarian@basic.edu';
beforeAll(async () => {
  t = await testApp(loadCatalogue, { mailer: outbox.mailer });
  xsrf = await xsrfToken(t.app);
  for (const email of [LIB, OTHER, ADMIN, BASIC_LIB]) tokens[email] = (await signIn(email)).token;
  await grantTestConsoleRoles(t.db);
  await grantConsoleRole(t.db, { email: BASIC_LIB, role: 'librarian', orgCode: 'BAS', actorId: null });
});
afterAll(() => t?.close());

const db = () => (process.env.LECTERN_TEST_DB ?? 'pglite').replace(/\W/g, '');
const from = (ip?: string) => apiClient(t.app, xsrf, ip ? { ip } : {});
let n = 0;
const signIn = (email = `poster.${db()}.${++n}@example.com`) => signInByCode(t.db, from(), outbox, email);
const guest = async () => {
  const res = await from().call(endpoints.guestLogin, { body: { uniqId: `poster-guest-${db()}-${++n}-0123456789`, os: 'web' } });
  const { rows } = await t.db.query<{ id: number }>('SELECT id FROM users WHERE uuid = $1', [res.body.uuid]);
  return { token: res.body.jwtoken, id: rows[0].id };
};
const addZone = (input: z.input<typeof ZoneInput>) => createZone(t.db, ZoneInput.parse(input));
const secretOf = async (zoneId: number) =>
  (await t.db.query<{ code_secret: string }>('SELECT code_secret FROM zones WHERE id = $1', [zoneId])).rows[0].code_secret;
/** Ten minutes on, a second apart each call: each test its own token. */
const inTen = () => new Date(Date.now() + 10 * 60_000 + ++n * 1000);
type Here = { position?: { lat: number; lng: number }; code?: string; zoneId?: number; token?: string; ip?: string };
/** "I am here" (a position is a fix a second old, 20 m accurate). */
const here = (who: { token: string }, h: Here) =>
  from(h.ip).call(
    endpoints.zonesHere,
    {
      body: {
        ...(h.position ? { position: { accuracy: 20, ageMs: 1000, ...h.position } } : {}),
        ...(h.code ? { code: h.code } : {}),
        ...(h.zoneId ? { zoneId: h.zoneId } : {}),
        ...(h.token ? { token: h.token } : {}),
      },
    },
    who.token,
  );
const error = (res: { status: number; error: { code: string } | null }) => [res.status, res.error?.code];
const passCount = async (userId: number) =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM zone_passes WHERE user_id = $1', [userId])).rows[0].n;

// One zone per proof, each with a place and a network (a network zone needs only its network).
const SPOTS: Record<ZoneProof, { lat: number; lng: number }> = {
  network: { lat: 12.9, lng: 77.5 },
  place: { lat: 13.0, lng: 77.6 },
  'place+code': { lat: 13.1, lng: 77.7 },
  any: { lat: 13.2, lng: 77.8 },
};
const NETS: Record<ZoneProof, string> = { network: '45.78.1', place: '45.78.2', 'place+code': '45.78.3', any: '45.78.4' };
const zones = {} as Record<ZoneProof, number>;
beforeAll(async () => {
  for (const proof of ['network', 'place', 'place+code', 'any'] as const)
    zones[proof] = await addZone({
      name: `Proof ${proof}`,
      place: { ...SPOTS[proof], radiusM: 200 },
      networks: [`${NETS[proof]}.0/24`],
      proof,
    });
});

describe('the proof each zone asks for', () => {
  type Try = 'network' | 'place' | 'place+code' | 'token' | 'code alone' | 'guest token' | 'guest place';
  // [what the reader sends, the answer in a network, place, place+code and any zone]: 'opens', or a status and code.
  const table: [Try, Record<ZoneProof, 'opens' | 'nothing' | [number, string]>][] = [
    ['network', { network: 'opens', place: 'nothing', 'place+code': 'opens', any: 'opens' }],
    ['place', { network: 'nothing', place: 'opens', 'place+code': [403, 'zone_code_needed'], any: 'opens' }],
    ['place+code', { network: 'nothing', place: 'opens', 'place+code': 'opens', any: 'opens' }],
    [
      'token',
      {
        network: [403, 'zone_network_needed'],
        place: [403, 'zone_place_needed'],
        'place+code': [403, 'zone_place_needed'],
        any: 'opens',
      },
    ],
    ['code alone', { network: 'nothing', place: 'nothing', 'place+code': 'nothing', any: 'opens' }],
    [
      'guest token',
      {
        network: [403, 'zone_network_needed'],
        place: [403, 'zone_sign_in_needed'],
        'place+code': [403, 'zone_sign_in_needed'],
        any: 'opens',
      },
    ],
    [
      'guest place',
      {
        network: 'nothing',
        place: [403, 'zone_sign_in_needed'],
        'place+code': [403, 'zone_sign_in_needed'],
        any: [403, 'zone_sign_in_needed'],
      },
    ],
  ];
  for (const [how, expected] of table)
    it(`${how}: ${Object.entries(expected)
      .map(([p, e]) => `${p} ${Array.isArray(e) ? e.join(' ') : e}`)
      .join(', ')}`, async () => {
      for (const proof of Object.keys(expected) as ZoneProof[]) {
        const zoneId = zones[proof];
        const who = how.startsWith('guest') ? await guest() : await signIn();
        const code = zoneCodeAt(await secretOf(zoneId)).code;
        const token = zoneToken(await secretOf(zoneId), zoneId, inTen());
        const sent: Here = {
          network: { ip: `${NETS[proof]}.9` },
          place: { position: SPOTS[proof] },
          'place+code': { position: SPOTS[proof], code },
          token: { token, zoneId },
          'code alone': { code, zoneId },
          'guest token': { token, zoneId },
          'guest place': { position: SPOTS[proof] },
        }[how];
        const res = await here(who, sent);
        const want = expected[proof];
        if (want === 'opens') {
          expect([proof, res.status, res.body.arrived]).toEqual([proof, 200, [zoneId]]);
          expect((await here(who, sent)).body.passes.map((p) => p.zoneId)).toEqual([zoneId]);
        } else {
          expect([proof, ...(want === 'nothing' ? [200, undefined] : want)]).toEqual([proof, ...error(res)]);
          expect([proof, await passCount(who.id)]).toEqual([proof, 0]);
        }
      }
    });

  it('is chosen in the console and must fit the zone: network needs a network, place a place; 400 and nothing written', async () => {
    const add = (body: unknown) =>
      from().call(endpoints.consoleZonesAdd, { params: { institutionId: FX.inst.active }, body: unchecked(body) }, tokens[LIB]);
    const noPlace = await add({ name: 'Wi-Fi only', networks: ['45.78.20.0/24'], proof: 'place' });
    expect(noPlace.status).toBe(400);
    expect(noPlace.error.message).toContain('proof by place a place');
    const noNet = await add({ name: 'Circle only', place: { ...SPOTS.any, radiusM: 100 }, proof: 'network' });
    expect(noNet.status).toBe(400);
    expect((await add({ name: 'Bad', networks: ['45.78.20.0/24'], proof: 'required' })).status).toBe(400);
    const ok = await add({ name: 'Wi-Fi only', networks: ['45.78.20.0/24'], proof: 'network' });
    expect([ok.status, ok.body.proof]).toEqual([200, 'network']);
    const listed = await from().call(endpoints.zones);
    expect(listed.body.zones.find((z) => z.id === zones['place+code'])?.proof).toBe('place+code');
  });
});

describe("the poster's QR token", () => {
  let owned: number;
  let closed: number;
  const POSTER_SPOT = { lat: 14.0, lng: 78.0 };
  beforeAll(async () => {
    owned = await addZone({ name: 'Poster Hall', institutionId: FX.inst.active, place: { ...POSTER_SPOT, radiusM: 200 }, proof: 'any' });
    closed = await addZone({ name: 'Never Open', networks: ['45.78.30.0/24'], hours: {}, proof: 'any' });
  });
  const poster = (zoneId: number, print?: string, email = LIB) =>
    from().call(
      endpoints.consoleZonesPoster,
      { params: { institutionId: FX.inst.active, zoneId }, query: unchecked(print === undefined ? {} : { print }) },
      tokens[email],
    );
  const tokenOf = (url: string) => new URL(url).searchParams.get('t')!;

  it("the console's poster: a desk screen's link good for minutes, a printed one until the day's hours end; others get nothing", async () => {
    const screen = await poster(owned);
    expect(screen.status).toBe(200);
    const url = new URL(screen.body.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${t.app.config.publicUrl}/reading-zone`);
    expect(url.searchParams.get('z')).toBe(String(owned));
    expect(url.searchParams.get('t')).toMatch(new RegExp(`^${owned}\\.\\d+\\.[A-Za-z0-9_-]{22}$`));
    expect(screen.body.svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(screen.body.zone).toMatchObject({ id: owned, name: 'Poster Hall', proof: 'any' });
    expect(screen.body.institution?.name).toBeTruthy();
    expect(screen.body.code.code).toBe(zoneCodeAt(await secretOf(owned)).code);
    const left = Date.parse(screen.body.expiresAt) - Date.now();
    expect(left).toBeGreaterThan(4 * 60_000);
    expect(left).toBeLessThanOrEqual(10 * 60_000);
    expect(Date.parse(screen.body.refreshAt)).toBeLessThan(Date.parse(screen.body.expiresAt));
    // Printed: an always-open zone's token lasts until midnight in its time zone, dated today.
    const printed = await poster(owned, '1');
    const ends = new Date(printed.body.expiresAt);
    expect(printed.body.date).toBe(localDate(new Date(), 'Asia/Kolkata'));
    expect(localDate(new Date(ends.getTime() - 1000), 'Asia/Kolkata')).toBe(printed.body.date);
    expect(localDate(ends, 'Asia/Kolkata')).not.toBe(printed.body.date);
    // A zone that does not open today has no paper poster (400 that says so).
    expect(await printedPoster(t.db, closed, 'http://x')).toBeNull();
    // Another institution's librarian: 403; a zone not the institution's: 404.
    expect((await poster(owned, undefined, OTHER)).status).toBe(403);
    expect((await poster(zones.any)).status).toBe(404);
    expect((await poster(owned, 'yes')).status).toBe(400);
  });

  it("the link's token opens the pass (a guest too), and again for the same reader without counting twice", async () => {
    const token = tokenOf((await poster(owned)).body.url);
    const r = await guest();
    const first = await here(r, { token, zoneId: owned });
    expect(first.body.arrived).toEqual([owned]);
    expect((await here(r, { token, zoneId: owned })).body.arrived).toEqual([]);
    const { rows } = await t.db.query('SELECT readers FROM zone_tokens WHERE token_hash = $1', [zoneTokenHash(token)]);
    expect(rows).toEqual([{ readers: 1 }]);
    // The token itself is never stored.
    expect(JSON.stringify((await t.db.query('SELECT * FROM zone_token_readers')).rows)).not.toContain(token);
  });

  it('expired, forged, changed, malformed, another zone, a closed zone: each its own 4xx, nothing opened', async () => {
    const secret = await secretOf(owned);
    const good = zoneToken(secret, owned, inTen());
    const [zone, expires, mac] = good.split('.');
    const flip = mac[0] === 'A' ? 'B' : 'A';
    const r = await signIn();
    const cases: [Here, number, string][] = [
      [{ token: zoneToken(secret, owned, new Date(Date.now() - 1000)), zoneId: owned }, 403, 'zone_token_expired'],
      [{ token: `${zone}.${expires}.${flip}${mac.slice(1)}`, zoneId: owned }, 400, 'zone_token_invalid'],
      [{ token: `${zone}.${Number(expires) + 86_400}.${mac}`, zoneId: owned }, 400, 'zone_token_invalid'],
      [{ token: `${zones.any}.${expires}.${mac}`, zoneId: zones.any }, 400, 'zone_token_invalid'],
      [{ token: 'not-a-token', zoneId: owned }, 400, 'zone_token_invalid'],
      [{ token: zoneToken(secret, 99_999, inTen()) }, 400, 'zone_token_invalid'],
      [{ token: good, zoneId: zones.any }, 400, 'zone_token_other_zone'],
      [{ token: zoneToken(await secretOf(closed), closed, inTen()), zoneId: closed }, 403, 'zone_closed'],
    ];
    for (const [sent, status, code] of cases) {
      const res = await here(r, sent);
      expect([sent.token, ...error(res)]).toEqual([sent.token, status, code]);
      expect(res.error.message.length).toBeGreaterThan(20);
    }
    expect(await passCount(r.id)).toBe(0);
    expect((await t.db.query('SELECT 1 FROM zone_token_readers WHERE user_id = $1', [r.id])).rows).toEqual([]);
  });

  it(`a token lets in ${ZONE_TOKEN_READERS_MAX} distinct readers at most: 12 at once on the last 5 places, exactly 5 pass`, async () => {
    const token = zoneToken(await secretOf(owned), owned, inTen());
    const hash = zoneTokenHash(token);
    await t.db.query(
      `INSERT INTO zone_tokens (token_hash, zone_id, readers, expires_at) VALUES ($1, $2, $3, now() + interval '10 minutes')`,
      [hash, owned, ZONE_TOKEN_READERS_MAX - 5],
    );
    const readers = await Promise.all(Array.from({ length: 12 }, () => guest()));
    const answers = await Promise.all(readers.map((r) => here(r, { token, zoneId: owned })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    const full = answers.filter((a) => a.status !== 200).map(error);
    expect(full).toEqual(Array(7).fill([429, 'zone_token_full']));
    expect((await t.db.query('SELECT readers FROM zone_tokens WHERE token_hash = $1', [hash])).rows).toEqual([
      { readers: ZONE_TOKEN_READERS_MAX },
    ]);
    let opened = 0;
    for (const r of readers) opened += await passCount(r.id);
    expect(opened).toBe(5);
    // One let in comes back: still in; one refused comes back: still refused (nothing of it was kept).
    const back = readers[answers.findIndex((a) => a.status === 200)];
    expect((await here(back, { token, zoneId: owned })).status).toBe(200);
    const refused = readers[answers.findIndex((a) => a.status !== 200)];
    expect(error(await here(refused, { token, zoneId: owned }))).toEqual([429, 'zone_token_full']);
    expect((await t.db.query('SELECT count(*)::int AS n FROM zone_token_readers WHERE token_hash = $1', [hash])).rows).toEqual([{ n: 5 }]);
  });

  it(`one reader uses tokens ${ZONE_TOKEN_USES_PER_DAY} times a day at most: the last 4 uses taken by 10 at once, the rest 429`, async () => {
    const token = zoneToken(await secretOf(owned), owned, inTen());
    const r = await guest();
    for (let i = 0; i < ZONE_TOKEN_USES_PER_DAY - 4; i++) await spendOne(t.db, [LIMITS.zoneTokenPerUser, String(r.id)]);
    const answers = await Promise.all(Array.from({ length: 10 }, () => here(r, { token, zoneId: owned })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
    expect(answers.filter((a) => a.status !== 200).map(error)).toEqual(Array(6).fill([429, 'zone_token_limit']));
    expect(answers.filter((a) => a.status === 200 && a.body.arrived.length)).toHaveLength(1);
    expect(await passCount(r.id)).toBe(1);
  });
});

describe("zone reading is the zone owner's usage", () => {
  const month = new Date().toISOString().slice(0, 7);
  const range = { begin: month, end: month };
  let owned: number;
  let open: number;
  const issueOf = async (mid: number) =>
    (await t.db.query<{ issue_id: number }>('SELECT min(issue_id) AS issue_id FROM issues WHERE mid = $1', [mid])).rows[0].issue_id;
  const readIn = async (who: { token: string }, ip: string, mids: number[]) => {
    expect((await here(who, { ip })).status).toBe(200);
    const events = await Promise.all(
      mids.map(async (mid) => ({ kind: 'issue_open' as const, issueId: await issueOf(mid), at: Date.now() - 1000 })),
    );
    return from(ip).call(endpoints.readerEvents, { body: { events } }, who.token);
  };
  const titles = async (inst: number, email: string) => {
    const res = await from().call(endpoints.consoleReports, { params: { institutionId: inst, report: 'tr' }, query: range }, tokens[email]);
    expect(res.status).toBe(200);
    const table = reportTable(res.body);
    const [title, metric, total] = ['Title', 'Metric_Type', 'Reporting_Period_Total'].map((c) => table.columns.indexOf(c));
    return table.rows.filter((r) => r[metric] === 'Total_Item_Requests').map((r) => [r[title], r[total]]);
  };
  beforeAll(async () => {
    owned = await addZone({ name: 'Active Reading Room', institutionId: FX.inst.active, networks: ['45.78.40.0/24'], proof: 'network' });
    open = await addZone({ name: 'Open Reading Room', networks: ['45.78.41.0/24'], proof: 'network' });
  });

  it("a Basic S member reading a newspaper in Active U's zone counts for Active U; their own magazine still for Basic S", async () => {
    const member = await signIn('zone.reader@basic.edu'); // Basic S: no newspapers
    expect((await readIn(member, '45.78.40.7', [FX.mid.paper, FX.mid.biz])).body).toEqual({ status: 1, stored: 2 });
    const { rows } = await t.db.query('SELECT mid, source, zone_id, institution_id FROM usage_events WHERE user_id = $1 ORDER BY mid', [
      member.id,
    ]);
    expect(rows).toEqual([
      { mid: FX.mid.biz, source: 'web', zone_id: null, institution_id: FX.inst.noFlags },
      { mid: FX.mid.paper, source: 'zone', zone_id: owned, institution_id: FX.inst.active },
    ]);
    expect(await titles(FX.inst.active, LIB)).toEqual([['The Morning Ledger', 1]]);
    expect(await titles(FX.inst.noFlags, BASIC_LIB)).toEqual([['Business Weekly', 1]]);
    const usage = await from().call(endpoints.consoleZoneUsage, { params: { institutionId: FX.inst.active }, query: range }, tokens[LIB]);
    expect(usage.body.rows).toEqual([
      { zoneId: owned, zone: 'Active Reading Room', institution: expect.any(String), month, requests: 1, investigations: 1, readers: 1 },
    ]);
    expect(
      (await from().call(endpoints.consoleZoneUsage, { params: { institutionId: FX.inst.noFlags }, query: range }, tokens[BASIC_LIB])).body
        .rows,
    ).toEqual([]);
  });

  it("a public zone's reading is no institution's: in no report, in the admin's view only", async () => {
    const member = await signIn('zone.public@basic.edu');
    expect((await readIn(member, '45.78.41.7', [FX.mid.paper])).body).toEqual({ status: 1, stored: 1 });
    const { rows } = await t.db.query('SELECT source, zone_id, institution_id FROM usage_events WHERE user_id = $1', [member.id]);
    expect(rows).toEqual([{ source: 'zone', zone_id: open, institution_id: null }]);
    expect(await titles(FX.inst.active, LIB)).toEqual([['The Morning Ledger', 1]]);
    expect(await titles(FX.inst.noFlags, BASIC_LIB)).toEqual([['Business Weekly', 1]]);
    const admin = await from().call(endpoints.consoleAdminZoneUsage, { query: range }, tokens[ADMIN]);
    expect(admin.status).toBe(200);
    expect(admin.body.rows.map((r) => [r.zone, r.institution, r.requests])).toEqual([
      ['Active Reading Room', expect.any(String), 1],
      ['Open Reading Room', null, 1],
    ]);
    // A librarian is not an admin; another institution's librarian sees none of Active U's.
    expect((await from().call(endpoints.consoleAdminZoneUsage, { query: range }, tokens[LIB])).status).toBe(403);
    expect(
      (await from().call(endpoints.consoleZoneUsage, { params: { institutionId: FX.inst.active }, query: range }, tokens[OTHER])).status,
    ).toBe(403);
    expect(
      (
        await from().call(
          endpoints.consoleZoneUsage,
          { params: { institutionId: FX.inst.active }, query: unchecked({ begin: '2026-13', end: 'x' }) },
          tokens[LIB],
        )
      ).status,
    ).toBe(400);
  });
});
