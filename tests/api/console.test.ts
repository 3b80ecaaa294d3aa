// The librarian console's API: who may use it (a librarian for their institution only, an admin
// for all), the overview's figures against hand-counted events, role changes in the audit log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, signInByCode, xsrfToken } from '../support/api-client';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { grantConsoleRole, removeConsoleRole } from '../../src/server/repositories/console';
import { OVERVIEW_DAYS } from '../../src/shared/schemas/console';
import * as endpoints from '../../src/shared/endpoints';

let t: TestContext;
let api: ReturnType<typeof apiClient>;
const outbox = memoryOutbox();
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await testApp(loadCatalogue, { mailer: outbox.mailer });
  api = apiClient(t.app, await xsrfToken(t.app));
  // Members of Active U (by their e-mail domain), one of Expired C, and an outsider.
  for (const email of ['librarian@active.edu', 'member@active.edu', 'librarian@expired.edu', 'admin@example.com']) {
    tokens[email] = (await signInByCode(t.db, api, outbox, email)).token;
  }
  for (const [email, role, orgCode] of [
    ['librarian@active.edu', 'librarian', 'ACT'],
    ['librarian@expired.edu', 'librarian', 'exp'],
    ['admin@example.com', 'admin', null],
  ] as const) {
    expect(await grantConsoleRole(t.db, { email, role, orgCode, actorId: null })).toMatchObject({ ok: true });
  }
});
afterAll(() => t?.close());

const overviewOf = (institutionId: number | string, token?: string) =>
  api.call(endpoints.consoleOverview, { params: { institutionId } }, token);

describe('who may use the console', () => {
  it('tells a librarian their institution and an admin every institution', async () => {
    const lib = await api.call(endpoints.consoleMe, {}, tokens['librarian@active.edu']);
    expect(lib.status).toBe(200);
    expect(lib.body).toEqual({ role: 'librarian', institutions: [{ id: FX.inst.active, name: 'Active U', conCode: 'ACT' }] });
    const admin = await api.call(endpoints.consoleMe, {}, tokens['admin@example.com']);
    expect(admin.body.role).toBe('admin');
    expect(admin.body.institutions.map((i) => i.name)).toEqual(['Active U', 'Basic S', 'Expired C']);
  });

  it("says the role in the user's details, so the app shows the console's link only to them", async () => {
    for (const [email, role] of [
      ['librarian@active.edu', 'librarian'],
      ['admin@example.com', 'admin'],
      ['member@active.edu', null],
    ] as const) {
      const res = await api.call(endpoints.userDetails, {}, tokens[email]);
      expect([email, res.body.consoleRole]).toEqual([email, role]);
    }
  });

  it('refuses a reader without a role (403) and a signed-out caller (401), on every console call', async () => {
    const calls = {
      me: (token?: string) => api.call(endpoints.consoleMe, {}, token),
      overview: (token?: string) => overviewOf(FX.inst.active, token),
    };
    for (const [name, call] of Object.entries(calls)) {
      const reader = await call(tokens['member@active.edu']);
      expect([name, reader.status, reader.error.message]).toEqual([name, 403, 'The library console is for librarians.']);
      expect((await call()).status).toBe(401);
    }
  });

  it("refuses a librarian another institution's data; an admin may see any; bad ids are a 400, unknown a 404", async () => {
    const other = await overviewOf(FX.inst.expired, tokens['librarian@active.edu']);
    expect(other.status).toBe(403);
    expect(other.error.message).toBe("That is another institution's console.");
    expect((await overviewOf(FX.inst.active, tokens['librarian@expired.edu'])).status).toBe(403);
    expect((await overviewOf(FX.inst.expired, tokens['admin@example.com'])).status).toBe(200);
    for (const bad of ['x', '0', '-1', '1.5', '99999999999', '\u0000']) {
      const res = await overviewOf(bad, tokens['admin@example.com']);
      expect([bad, res.status]).toEqual([bad, 400]);
    }
    const unknown = await overviewOf(9999, tokens['admin@example.com']);
    expect(unknown.status).toBe(404);
    expect(unknown.error.message).toBe('There is no such institution.');
    // A librarian asking for an unknown institution learns nothing more than for another's.
    expect((await overviewOf(9999, tokens['librarian@active.edu'])).status).toBe(403);
  });
});

describe('the overview', () => {
  it("counts this month's readers, reads and top titles and the reads per day, for the institution only", async () => {
    const ids = Object.fromEntries(
      (await t.db.query<{ email: string; id: number }>("SELECT email, id FROM users WHERE email LIKE '%@active.edu'")).rows.map((r) => [
        r.email,
        r.id,
      ]),
    );
    const issueOf = async (mid: number) =>
      (await t.db.query<{ issue_id: number }>('SELECT issue_id FROM issues WHERE mid = $1 LIMIT 1', [mid])).rows[0].issue_id;
    const biz = await issueOf(FX.mid.biz);
    const tech = await issueOf(FX.mid.tech);
    // [user, institution, kind, issue, mid, minutes ago]
    const events: [number | null, number, string, number, number, number][] = [
      [ids['member@active.edu'], FX.inst.active, 'issue_open', biz, FX.mid.biz, 1],
      [ids['member@active.edu'], FX.inst.active, 'page_view', biz, FX.mid.biz, 1],
      [ids['member@active.edu'], FX.inst.active, 'issue_open', tech, FX.mid.tech, 2],
      [ids['librarian@active.edu'], FX.inst.active, 'issue_open', biz, FX.mid.biz, 3],
      [ids['librarian@active.edu'], FX.inst.active, 'search_no_results', biz, FX.mid.biz, 3],
      // 40 days ago: in the chart, not in this month's figures
      [ids['member@active.edu'], FX.inst.active, 'issue_open', biz, FX.mid.biz, 40 * 24 * 60],
      // 100 days ago: in neither
      [ids['member@active.edu'], FX.inst.active, 'issue_open', biz, FX.mid.biz, 100 * 24 * 60],
      // another institution's read
      [null, FX.inst.expired, 'issue_open', tech, FX.mid.tech, 1],
    ];
    for (const [user, inst, kind, issue, mid, minutes] of events) {
      await t.db.query(
        `INSERT INTO usage_events (kind, user_id, institution_id, mid, issue_id, at) VALUES ($1, $2, $3, $4, $5, now() - make_interval(mins => $6))`,
        [kind, user, inst, mid, issue, minutes],
      );
    }
    const res = await overviewOf(FX.inst.active, tokens['librarian@active.edu']);
    expect(res.status).toBe(200);
    const o = res.body;
    expect(o.institution).toEqual({ id: FX.inst.active, name: 'Active U', conCode: 'ACT' });
    // Members: librarian@ and member@active.edu joined by their domain.
    expect(o.members).toBe(2);
    // (on the first minutes of a month in UTC the 1-3 minutes-ago events may fall in the last one)
    const thisMonth = new Date(Date.now() - 3 * 60_000).getUTCMonth() === new Date().getUTCMonth();
    if (thisMonth) {
      expect(o.activeReaders).toBe(2);
      expect(o.reads).toBe(3);
      expect(o.topTitles).toEqual([
        { mid: FX.mid.biz, name: 'Business Weekly', reads: 2 },
        { mid: FX.mid.tech, name: 'Tech Today', reads: 1 },
      ]);
    }
    expect(o.readsPerDay).toHaveLength(OVERVIEW_DAYS);
    const day = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString().slice(0, 10);
    expect(o.readsPerDay.at(-1)!.day).toBe(new Date().toISOString().slice(0, 10));
    const readsOn = (d: string) => o.readsPerDay.filter((r) => r.day === d).reduce((n, r) => n + r.reads, 0);
    expect(readsOn(day(1)) + (day(3) === day(1) ? 0 : readsOn(day(3)))).toBe(3);
    expect(readsOn(day(40 * 24 * 60))).toBe(1);
    expect(o.readsPerDay.reduce((n, r) => n + r.reads, 0)).toBe(4);
  });
});

describe('roles', () => {
  it('are granted and removed with clear refusals, and every change is in the audit log', async () => {
    expect(await grantConsoleRole(t.db, { email: 'nobody@active.edu', role: 'admin', orgCode: null, actorId: null })).toEqual({
      ok: false,
      code: 'no_account',
      reason: 'No account with the e-mail nobody@active.edu.',
    });
    expect(await grantConsoleRole(t.db, { email: 'member@active.edu', role: 'librarian', orgCode: 'NOPE', actorId: null })).toEqual({
      ok: false,
      code: 'no_institution',
      reason: 'No institution with the org code NOPE.',
    });
    expect(await removeConsoleRole(t.db, 'member@active.edu', null)).toEqual({
      ok: false,
      code: 'no_role',
      reason: 'member@active.edu has no console role.',
    });
    const admin = (await t.db.query<{ id: number }>("SELECT id FROM users WHERE email = 'admin@example.com'")).rows[0].id;
    expect(await grantConsoleRole(t.db, { email: 'member@active.edu', role: 'librarian', orgCode: 'ACT', actorId: admin })).toMatchObject({
      ok: true,
      before: null,
      after: { role: 'librarian', institutionId: FX.inst.active },
    });
    expect((await api.call(endpoints.consoleMe, {}, tokens['member@active.edu'])).status).toBe(200);
    expect(await removeConsoleRole(t.db, 'member@active.edu', admin)).toMatchObject({ ok: true, after: null });
    expect((await api.call(endpoints.consoleMe, {}, tokens['member@active.edu'])).status).toBe(403);
    const { rows } = await t.db.query<{
      actor: string;
      institution_id: number | null;
      action: string;
      target: string;
      before: unknown;
      after: unknown;
    }>(`SELECT actor, institution_id, action, target, before, after FROM console_audit WHERE target = 'member@active.edu' ORDER BY id`);
    expect(rows).toEqual([
      {
        actor: 'admin@example.com',
        institution_id: FX.inst.active,
        action: 'role.grant',
        target: 'member@active.edu',
        before: null,
        after: { role: 'librarian', institutionId: FX.inst.active },
      },
      {
        actor: 'admin@example.com',
        institution_id: FX.inst.active,
        action: 'role.remove',
        target: 'member@active.edu',
        before: { role: 'librarian', institutionId: FX.inst.active },
        after: null,
      },
    ]);
    // The set-up's grants were made by the operator.
    const setup = await t.db.query<{ actor: string }>(`SELECT DISTINCT actor FROM console_audit WHERE target = 'admin@example.com'`);
    expect(setup.rows).toEqual([{ actor: 'operator' }]);
  });
});
