// A running Smart Reading Zone pass as access: the passes answer says per pass whether it opens
// something the reader could not read without it (`opensMore`: the app mentions the pass only
// then), checked against the reader's check itself title by title; and a reader whose only access
// is a pass reaches what the app's search, My Shelf and account area ask for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, signInByCode, xsrfToken } from '../support/api-client';
import * as endpoints from '../../src/shared/endpoints';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { ZoneInput } from '../../src/shared/schemas/zones';
import { createZone } from '../../src/server/repositories/zones';
import { checkReading } from '../../src/server/repositories/entitlement';

let t: TestContext;
let xsrf: string;
const outbox = memoryOutbox();
beforeAll(async () => {
  t = await testApp(loadCatalogue, { mailer: outbox.mailer });
  xsrf = await xsrfToken(t.app);
  // Basic S keeps titles rated above 5 from its members (the fixture's adult title is rated 18).
  await t.db.query(`UPDATE institutions SET age_rating = 5 WHERE con_code = 'BAS'`);
});
afterAll(() => t?.close());

const db = () => (process.env.LECTERN_TEST_DB ?? 'pglite').replace(/\W/g, '');
const from = (ip?: string) => apiClient(t.app, xsrf, ip ? { ip } : {});
let n = 0;
type Reader = { token: string; id: number; uid?: string };
const member = async (domain: string): Promise<Reader> => signInByCode(t.db, from(), outbox, `access.${db()}.${++n}@${domain}`);
const guest = async (): Promise<Reader> => {
  const res = await from().call(endpoints.guestLogin, { body: { uniqId: `access-guest-${db()}-${++n}-0123456789`, os: 'web' } });
  const { rows } = await t.db.query<{ id: number }>('SELECT id FROM users WHERE uuid = $1', [res.body.uuid]);
  return { token: res.body.jwtoken, id: rows[0].id, uid: res.body.uid };
};
/** A reader with no institution and a paid plan period running that opens `opens`. */
const planned = async (opens: object): Promise<Reader> => {
  const r = await member('example.com');
  await t.db.query(
    `INSERT INTO orders (user_id, plan_id, amount_minor, currency, period_days, opens, state, provider, starts_at, ends_at)
     SELECT $1, id, price_minor, currency, period_days, $2::jsonb, 'paid', 'test', now() - interval '1 day', now() + interval '29 days'
     FROM plans WHERE code = 'everything-month'`,
    [r.id, JSON.stringify(opens)],
  );
  return r;
};
const addZone = (input: z.input<typeof ZoneInput>) => createZone(t.db, ZoneInput.parse(input));

/** The reader's passes as the app asks for them, from an address on the zone's network (which
 * starts the pass there). */
const passesFrom = async (r: Reader, ip: string) => {
  const res = await from(ip).call(endpoints.zonesPasses, {}, r.token);
  expect(res.status).toBe(200);
  return res.body.passes;
};

/** What the reader can read only through the pass: the reader's check on each title's first issue. */
async function readableOnlyByPass(r: Reader): Promise<number[]> {
  const only: number[] = [];
  for (const mid of Object.values(FX.mid)) {
    const { rows } = await t.db.query<{ issue_id: number }>('SELECT min(issue_id) AS issue_id FROM issues WHERE mid = $1', [mid]);
    const ok = await checkReading(t.db, r.id, rows[0].issue_id).catch(() => null);
    if (ok?.zoneId) only.push(mid);
  }
  return only;
}

describe('opensMore: whether a pass opens something the reader could not read already', () => {
  const zones: Record<string, { id: number; ip: string }> = {};
  beforeAll(async () => {
    const { rows } = await t.db.query<{ id: number }>(`SELECT id FROM institutions WHERE con_code = 'BAS'`);
    const made: [string, z.input<typeof ZoneInput>][] = [
      ['all', { name: 'Access all', opens: { all: true } }],
      ['papers', { name: 'Access papers', opens: { all: false, sections: ['newspapers'] } }],
      ['magazines', { name: 'Access magazines', opens: { all: false, sections: ['magazines'] } }],
      ['biz', { name: 'Access one title', opens: { all: false, titles: [FX.mid.biz] } }],
      // Basic S's own zone opens everything its subscription covers: magazines up to its rating.
      ['basic', { name: 'Access Basic S', institutionId: rows[0].id, opens: { all: true } }],
    ];
    let k = 0;
    for (const [key, input] of made) {
      k++;
      zones[key] = { id: await addZone({ ...input, networks: [`45.81.${k}.0/24`] }), ip: `45.81.${k}.7` };
    }
  });

  const cases: [string, () => Promise<Reader>, Record<string, boolean>][] = [
    ['a guest', guest, { all: true, papers: true, magazines: true, biz: true, basic: true }],
    ['a visitor with no institution', () => member('example.com'), { all: true, papers: true, biz: true }],
    ['a member whose subscription has ended', () => member('expired.edu'), { all: true, papers: true, biz: true }],
    [
      'a member whose subscription covers everything',
      () => member('active.edu'),
      { all: false, papers: false, magazines: false, biz: false },
    ],
    [
      'a member without newspapers and journals, rated 5',
      () => member('basic.edu'),
      { all: true, papers: true, magazines: true, biz: false, basic: false },
    ],
    ['a reader whose plan opens everything', () => planned({ all: true }), { all: false, papers: false, biz: false }],
    [
      'a reader whose plan opens newspapers only',
      () => planned({ all: false, sections: ['newspapers'] }),
      { all: true, papers: false, biz: true },
    ],
  ];

  for (const [who, make, expected] of cases) {
    it(`${who}: ${JSON.stringify(expected)}, as the reader's check finds title by title`, async () => {
      const r = await make();
      for (const [zone, more] of Object.entries(expected)) {
        // One pass at a time, so what the reader's check opens is this zone's doing.
        await t.db.query('DELETE FROM zone_passes WHERE user_id = $1', [r.id]);
        const passes = await passesFrom(r, zones[zone].ip);
        expect(passes.map((p) => [p.zoneId, p.opensMore])).toEqual([[zones[zone].id, more]]);
        expect((await readableOnlyByPass(r)).length > 0).toBe(more);
      }
    });
  }

  it('follows the subscription: a section the institution adds stops counting as more', async () => {
    const r = await member('basic.edu');
    expect((await passesFrom(r, zones.papers.ip))[0].opensMore).toBe(true);
    await t.db.query(`UPDATE institutions SET newspapers = true WHERE con_code = 'BAS'`);
    try {
      expect((await passesFrom(r, zones.papers.ip))[0].opensMore).toBe(false);
    } finally {
      await t.db.query(`UPDATE institutions SET newspapers = false WHERE con_code = 'BAS'`);
    }
  });
});

describe('a reader whose only access is a pass', () => {
  it('reaches search, My Shelf and the account area as the app asks for them', async () => {
    const zone = await addZone({ name: 'Access guest hall', networks: ['45.82.0.0/24'] });
    const g = await guest();
    const there = from('45.82.0.9');
    expect((await there.call(endpoints.zonesPasses, {}, g.token)).body.passes).toEqual([
      expect.objectContaining({ zoneId: zone, opensMore: true }),
    ]);
    expect((await there.call(endpoints.readerToken, { body: { issue: 1 } }, g.token)).status).toBe(200);
    expect(
      (await there.call(endpoints.contentMagazineSearch, { query: { query: 'business', storeID: 1, edzLibId: 0, page: 0 } }, g.token))
        .status,
    ).toBe(200);
    expect((await there.call(endpoints.shelfContinue, {}, g.token)).status).toBe(200);
    expect((await there.call(endpoints.userDetails, {}, g.token)).body).toMatchObject({ libid: 0, usertype: 'guest' });
    expect((await there.call(endpoints.favouritesAdd, { body: { uid: g.uid!, mid: FX.mid.biz } }, g.token)).status).toBe(200);
  });
});
