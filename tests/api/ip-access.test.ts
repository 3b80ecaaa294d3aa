// IP authentication by campus ranges: a librarian proposes a range, an admin approves it (both
// audited), and from then on readers with no institution of their own (a guest, a visitor, a
// member whose access ended) read the institution's subscription from those addresses: its
// sections and age rating, not more; online only; counted as the institution's usage. The address
// is the socket's (X-Forwarded-For is ignored without TRUST_PROXY); IPv4, IPv6 and IPv4-mapped;
// approved ranges of two institutions never overlap, also when approved at the same moment.
// On PostgreSQL too: overlapping ranges approved at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, signInByCode, xsrfToken } from '../support/api-client';
import { ADMIN, LIB, OTHER, grantTestConsoleRoles } from '../support/console-roles';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { grantConsoleRole } from '../../src/server/repositories/console';
import { CAMPUS_FACTOR, REQUEST_CAPS } from '../../src/server/plugins/request-limits';
import * as endpoints from '../../src/shared/endpoints';

let t: TestContext;
let xsrf: string;
const outbox = memoryOutbox();
const tokens: Record<string, string> = {};
const inst: Record<string, number> = {};
const engine = (process.env.LECTERN_TEST_DB ?? 'pglite').replace(/\W/g, '');

beforeAll(async () => {
  t = await testApp(loadCatalogue, { mailer: outbox.mailer });
  xsrf = await xsrfToken(t.app);
  for (const email of [LIB, OTHER, ADMIN]) tokens[email] = (await signInByCode(t.db, from(), outbox, email)).token;
  await grantTestConsoleRoles(t.db);
  const { rows } = await t.db.query<{ id: number; con_code: string }>('SELECT id, con_code FROM institutions');
  for (const r of rows) inst[r.con_code] = r.id;
  // Basic S (no newspapers, no journals) keeps titles rated above 5 from its readers.
  await t.db.query(`UPDATE institutions SET age_rating = 5 WHERE con_code = 'BAS'`);
}, 120_000);
afterAll(() => t?.close());

const from = (ip?: string) => apiClient(t.app, xsrf, ip ? { ip } : {});
const propose = (code: string, network: string, who = LIB) =>
  from().call(endpoints.consoleIpRangesAdd, { params: { institutionId: inst[code] }, body: { network } }, tokens[who]);
const approve = (code: string, id: number, who = ADMIN) =>
  from().call(endpoints.consoleIpRangesApprove, { params: { institutionId: inst[code], rangeId: id } }, tokens[who]);
const remove = (code: string, id: number, who: string) =>
  from().call(endpoints.consoleIpRangesRemove, { params: { institutionId: inst[code], rangeId: id } }, tokens[who]);
const rangeId = (body: { ranges: { id: number; network: string }[] }, network: string) =>
  body.ranges.find((r) => r.network === network)!.id;
const issueOf = async (mid: number) =>
  (await t.db.query<{ id: number }>('SELECT min(issue_id) AS id FROM issues WHERE mid = $1', [mid])).rows[0].id;
let n = 0;
const guest = async () => {
  const res = await from().call(endpoints.guestLogin, { body: { uniqId: `ip-guest-${engine}-${++n}-0123456789abcdef`, os: 'web' } });
  const { rows } = await t.db.query<{ id: number }>('SELECT id FROM users WHERE uuid = $1', [res.body.uuid]);
  return { token: res.body.jwtoken, id: rows[0].id };
};
const read = async (ip: string, token: string, mid: number, headers: Record<string, string> = {}) =>
  (await from(ip).call(endpoints.readerToken, { body: { issue: await issueOf(mid) }, headers }, token)).status;
const audit = async (action: string, target: string) =>
  (await t.db.query('SELECT 1 FROM console_audit WHERE action = $1 AND target = $2', [action, target])).rows.length;

// Active U's campus: an IPv4 /16 proposed by its librarian, an IPv6 /48 added by an admin.
const CAMPUS_V4 = '45.90.0.0/16';
const CAMPUS_V6 = '2a01:4f8:100::/48';
const ON_V4 = '45.90.12.34';
const ON_V6 = '2a01:4f8:100:7::42';
const OFF = '45.91.0.9';

describe('a librarian proposes, an admin approves', () => {
  it('a proposal is pending (opens nothing) until an admin approves it; both are audited', async () => {
    const proposed = await propose('ACT', CAMPUS_V4);
    expect(proposed.status).toBe(200);
    expect(proposed.body.ranges).toEqual([
      expect.objectContaining({ network: CAMPUS_V4, state: 'proposed', proposedBy: LIB, wide: false }),
    ]);
    expect(await audit('ip_range.propose', CAMPUS_V4)).toBe(1);

    const visitor = await guest();
    expect(await read(ON_V4, visitor.token, FX.mid.biz)).toBe(403);
    expect((await from(ON_V4).call(endpoints.accessIp)).body).toEqual({ institution: null });

    // A librarian cannot approve, not even their own institution's proposal.
    expect((await approve('ACT', rangeId(proposed.body, CAMPUS_V4), LIB)).status).toBe(403);
    const approved = await approve('ACT', rangeId(proposed.body, CAMPUS_V4));
    expect(approved.status).toBe(200);
    expect(approved.body.ranges[0]).toMatchObject({ network: CAMPUS_V4, state: 'approved' });
    expect(await audit('ip_range.approve', CAMPUS_V4)).toBe(1);

    expect(await read(ON_V4, visitor.token, FX.mid.biz)).toBe(200);
    expect((await from(ON_V4).call(endpoints.accessIp)).body).toEqual({ institution: { id: inst.ACT, name: 'Active U' } });
  });

  it('an admin adds a range at once (IPv6 here), and may go wider than a librarian', async () => {
    const added = await propose('ACT', CAMPUS_V6, ADMIN);
    expect(added.status).toBe(200);
    expect(added.body.ranges.find((r) => r.network === CAMPUS_V6)).toMatchObject({ state: 'approved' });
    expect(await audit('ip_range.add', CAMPUS_V6)).toBe(1);
    const wide = await propose('EXP', '46.64.0.0/12', ADMIN);
    expect(wide.status).toBe(200);
    expect(wide.body.ranges[0]).toMatchObject({ network: '46.64.0.0/12', state: 'approved', wide: true });
  });

  it.each([
    ['46.0.0.0/15', 'ip_range_too_wide'],
    ['2a02:1000::/40', 'ip_range_too_wide'],
    ['0.0.0.0/0', 'ip_range_everything'],
    ['192.168.10.0/24', 'ip_range_private'],
    ['fd00:1:2::/48', 'ip_range_private'],
    ['127.0.0.0/16', 'ip_range_reserved'],
    ['2001:db8:1::/48', 'ip_range_reserved'],
    ['::1/128', 'ip_range_reserved'],
  ])('a librarian may not propose %s (%s); nothing is stored', async (network, code) => {
    const res = await propose('ACT', network);
    expect(res.status).toBe(400);
    expect(res.error.code).toBe(code);
    expect(res.error.message).toContain(network);
    const { rows } = await t.db.query('SELECT 1 FROM institution_ip_ranges WHERE net = $1::cidr', [network]);
    expect(rows).toHaveLength(0);
  });

  it('bad input is a 400 that changes nothing', async () => {
    for (const network of ['45.90.0.0/33', 'campus', '45.90.0.0\u0000/24', '1'.repeat(5000)])
      expect((await propose('ACT', network)).status).toBe(400);
    expect((await approve('ACT', 99_999_999_999)).status).toBe(400);
    expect((await approve('ACT', 2_000_000_000)).status).toBe(404);
  });

  it("another institution's librarian sees and changes none of its ranges", async () => {
    expect((await from().call(endpoints.consoleIpRanges, { params: { institutionId: inst.ACT } }, tokens[OTHER])).status).toBe(403);
    expect((await propose('ACT', '45.92.0.0/24', OTHER)).status).toBe(403);
    const id = (await t.db.query<{ id: number }>('SELECT id FROM institution_ip_ranges WHERE net = $1::cidr', [CAMPUS_V4])).rows[0].id;
    expect((await remove('ACT', id, OTHER)).status).toBe(403);
    // Nor through its own institution's path: the range is not one of its.
    expect((await remove('EXP', id, OTHER)).status).toBe(404);
  });
});

describe('overlapping ranges', () => {
  it('a range overlapping an approved range of another institution is refused, by librarian and admin alike', async () => {
    const inside = await propose('EXP', '45.90.3.0/24', OTHER);
    expect(inside.status).toBe(409);
    expect(inside.error.code).toBe('ip_range_overlaps');
    const around = await propose('BAS', '45.90.0.0/15', ADMIN);
    expect(around.status).toBe(409);
    const v6 = await propose('BAS', '2a01:4f8:100:7::/64', ADMIN);
    expect(v6.status).toBe(409);
  });

  it('two overlapping proposals of two institutions approved at once: one holds, the other is a 409', async () => {
    const p1 = await propose('EXP', '83.10.0.0/16', OTHER);
    const lib = await signInByCode(t.db, from(), outbox, `ip-lib-${engine}@basic.edu`);
    const email = `ip-lib-${engine}@basic.edu`;
    expect(await grantConsoleRole(t.db, { email, role: 'librarian', orgCode: 'BAS', actorId: null })).toMatchObject({ ok: true });
    const p2 = await from().call(
      endpoints.consoleIpRangesAdd,
      { params: { institutionId: inst.BAS }, body: { network: '83.10.128.0/17' } },
      lib.token,
    );
    expect([p1.status, p2.status]).toEqual([200, 200]);
    const id1 = rangeId(p1.body, '83.10.0.0/16');
    const id2 = rangeId(p2.body, '83.10.128.0/17');
    const both = await Promise.all([approve('EXP', id1), approve('BAS', id2)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const { rows } = await t.db.query(`SELECT 1 FROM institution_ip_ranges WHERE net <<= '83.10.0.0/16' AND approved_at IS NOT NULL`);
    expect(rows).toHaveLength(1);
  });
});

describe('reading from a campus range', () => {
  it('opens for a guest on IPv4, IPv6 and IPv4-mapped addresses, not off campus', async () => {
    const visitor = await guest();
    expect(await read(ON_V4, visitor.token, FX.mid.biz)).toBe(200);
    expect(await read(ON_V6, visitor.token, FX.mid.journal)).toBe(200);
    expect(await read(`::ffff:${ON_V4}`, visitor.token, FX.mid.paper)).toBe(200);
    expect(await read(OFF, visitor.token, FX.mid.biz)).toBe(403);
    expect(await read('2a01:4f8:101::1', visitor.token, FX.mid.biz)).toBe(403);
  });

  it('X-Forwarded-For naming a campus address is ignored (TRUST_PROXY unset)', async () => {
    const visitor = await guest();
    expect(await read(OFF, visitor.token, FX.mid.biz, { 'x-forwarded-for': ON_V4 })).toBe(403);
    const res = await from(OFF).call(endpoints.accessIp, { headers: { 'x-forwarded-for': ON_V4 } });
    expect(res.body).toEqual({ institution: null });
  });

  it('opens for a signed-in visitor with no institution and a member whose access ended', async () => {
    const visitor = await signInByCode(t.db, from(), outbox, `ip-visitor-${engine}@example.com`);
    const lapsed = await signInByCode(t.db, from(), outbox, `ip-lapsed-${engine}@expired.edu`);
    for (const r of [visitor, lapsed]) {
      expect(await read(OFF, r.token, FX.mid.biz)).toBe(403);
      expect(await read(ON_V4, r.token, FX.mid.biz)).toBe(200);
    }
  });

  it("gives the institution's sections and age rating, not more", async () => {
    // Basic S's campus: magazines only, rated up to 5.
    const res = await propose('BAS', '62.8.0.0/16', ADMIN);
    expect(res.status).toBe(200);
    const visitor = await guest();
    expect(await read('62.8.1.1', visitor.token, FX.mid.biz)).toBe(200);
    expect(await read('62.8.1.1', visitor.token, FX.mid.paper)).toBe(403);
    expect(await read('62.8.1.1', visitor.token, FX.mid.journal)).toBe(403);
    expect(await read('62.8.1.1', visitor.token, FX.mid.adult)).toBe(403);
    // The ended subscription of Expired C opens nothing, even from its own (approved) range.
    expect(await read('46.64.0.1', visitor.token, FX.mid.biz)).toBe(403);
    expect((await from('46.64.0.1').call(endpoints.accessIp)).body).toEqual({ institution: null });
  });

  it('is online only: no downloads under it', async () => {
    const visitor = await guest();
    const res = await from(ON_V4).call(
      endpoints.readerDownloadsAdd,
      { body: { issueId: await issueOf(FX.mid.biz), deviceId: 'ip-device-1' } },
      visitor.token,
    );
    expect(res.status).toBe(403);
    expect(res.error.code).toBe('ip_online_only');
  });

  it("counts as the institution's usage (COUNTER), only from the campus", async () => {
    const visitor = await guest();
    const issue = await issueOf(FX.mid.tech);
    const before = await t.db.query<{ n: number }>(
      `SELECT coalesce(sum(n), 0)::int AS n FROM counter_usage WHERE institution_id = $1 AND mid = $2 AND metric = 'Total_Item_Requests'`,
      [inst.ACT, FX.mid.tech],
    );
    const events = { events: [{ kind: 'issue_open' as const, issueId: issue, at: Date.now() }] };
    expect((await from(OFF).call(endpoints.readerEvents, { body: events }, visitor.token)).body.stored).toBe(0);
    expect((await from(ON_V4).call(endpoints.readerEvents, { body: events }, visitor.token)).body.stored).toBe(1);
    const { rows } = await t.db.query<{ institution_id: number; source: string }>(
      'SELECT institution_id, source FROM usage_events WHERE user_id = $1',
      [visitor.id],
    );
    expect(rows).toEqual([{ institution_id: inst.ACT, source: 'ip' }]);
    const after = await t.db.query<{ n: number }>(
      `SELECT coalesce(sum(n), 0)::int AS n FROM counter_usage WHERE institution_id = $1 AND mid = $2 AND metric = 'Total_Item_Requests'`,
      [inst.ACT, FX.mid.tech],
    );
    expect(after.rows[0].n).toBe(before.rows[0].n + 1);
  });

  it('a removed range opens nothing any more; the removal is audited', async () => {
    const list = await from().call(endpoints.consoleIpRanges, { params: { institutionId: inst.BAS } }, tokens[ADMIN]);
    const id = rangeId(list.body, '62.8.0.0/16');
    expect((await remove('BAS', id, ADMIN)).status).toBe(200);
    expect(await audit('ip_range.remove', '62.8.0.0/16')).toBe(1);
    expect(await read('62.8.1.1', (await guest()).token, FX.mid.biz)).toBe(403);
  });
});

describe('request caps on a campus', () => {
  const guestsFrom = async (ip: string, count: number) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++)
      statuses.push(
        (
          await from(ip).call(endpoints.guestLogin, {
            body: { uniqId: `cap-${engine}-${ip.replace(/\W/g, '')}-${i}-0123456789abcdef`, os: 'web' },
          })
        ).status,
      );
    return statuses;
  };

  it('a campus address (readers behind its NAT or EZproxy) gets CAMPUS_FACTOR times the cap; counts at once after approval and removal', async () => {
    const cap = REQUEST_CAPS.guestSessions.max;
    // Off campus the cap holds.
    expect((await guestsFrom('81.3.0.1', cap + 1)).slice(-2)).toEqual([200, 429]);
    // The same from an address about to become a campus's: refused at the cap...
    expect((await guestsFrom('81.2.3.4', cap + 1)).at(-1)).toBe(429);
    // ...and, once an admin adds its range, let through (the cap is CAMPUS_FACTOR times higher).
    const added = await propose('BAS', '81.2.0.0/16', ADMIN);
    expect(added.status).toBe(200);
    expect(await guestsFrom('81.2.3.4', 5)).toEqual([200, 200, 200, 200, 200]);
    expect(CAMPUS_FACTOR * cap).toBeGreaterThan(cap + 6);
    // Removed, the address is an ordinary one again.
    const id = rangeId(added.body, '81.2.0.0/16');
    expect((await remove('BAS', id, ADMIN)).status).toBe(200);
    expect(await guestsFrom('81.2.3.4', 1)).toEqual([429]);
  });
});
