// The console's access section: e-mail domains and access codes of an institution, changed only
// by its librarians (or an admin), each change audited; codes redeemed through the reader's own
// path with its one counter, also under concurrent redeemers.
// On PostgreSQL too: readers redeeming one code at once against its use limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, signInByCode, unchecked, xsrfToken } from '../support/api-client';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { ADMIN, LIB, OTHER, grantTestConsoleRoles } from '../support/console-roles';
import * as endpoints from '../../src/shared/endpoints';
import { pathOf } from '../../src/shared/endpoints/endpoint';

let t: TestContext;
let api: ReturnType<typeof apiClient>;
const outbox = memoryOutbox();
const tokens: Record<string, string> = {};
const ACTIVE = FX.inst.active;
/** An institution's address; an access code of it. */
const inst = (institutionId: number | string = ACTIVE) => ({ institutionId });
const inCode = (codeId: number | string, institutionId: number = ACTIVE) => ({ institutionId, codeId });

beforeAll(async () => {
  t = await testApp(loadCatalogue, { mailer: outbox.mailer });
  api = apiClient(t.app, await xsrfToken(t.app));
  for (const email of [LIB, OTHER, ADMIN, 'member@active.edu']) tokens[email] = (await signInByCode(t.db, api, outbox, email)).token;
  await grantTestConsoleRoles(t.db);
});
afterAll(() => t?.close());

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const newCode = (body: Record<string, unknown>, token = tokens[LIB], id: number = ACTIVE) =>
  api.call(
    endpoints.consoleAccessCodes,
    { params: inst(id), body: unchecked({ count: 1, maxUses: 10, endsOn: inDays(30), newspapers: true, journals: true, ...body }) },
    token,
  );
const audits = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM console_audit')).rows[0].n;
/** What a refused call must leave as it was. */
const state = async () =>
  (
    await t.db.query(
      `SELECT i.id, i.name, (SELECT json_agg(d ORDER BY d.domain) FROM institution_domains d WHERE d.institution_id = i.id) AS domains,
              (SELECT json_agg(c ORDER BY c.id) FROM access_codes c WHERE c.institution_id = i.id) AS codes
       FROM institutions i ORDER BY i.id`,
    )
  ).rows;
const reader = async (email: string) => (await signInByCode(t.db, api, outbox, email)).token;

describe('who may use the access section', () => {
  it("refuses another institution's librarian (403) on every call, and changes nothing", async () => {
    const made = await newCode({ code: 'GUARD-CODE' });
    expect(made.status).toBe(200);
    const codeId = made.body.codes[0].id;
    const before = [await state(), await audits()];
    const calls = [
      () => api.call(endpoints.consoleAccess, { params: inst() }, tokens[OTHER]),
      () => api.call(endpoints.consoleAccessDomains, { params: inst(), body: { domain: 'stolen.edu' } }, tokens[OTHER]),
      () => api.call(endpoints.consoleAccessDomainsRemove, { params: inst(), body: { domain: 'active.edu' } }, tokens[OTHER]),
      () => newCode({ count: 3 }, tokens[OTHER]),
      () => api.call(endpoints.consoleAccessCodesDisable, { params: inCode(codeId) }, tokens[OTHER]),
      () => api.call(endpoints.consoleAccessCodesCsv, { params: inst() }, tokens[OTHER]),
    ];
    for (const call of calls) {
      const res = await call();
      expect([res.status, res.error.message]).toEqual([403, "That is another institution's console."]);
    }
    // A reader without a role, and a signed-out caller.
    expect((await api.call(endpoints.consoleAccess, { params: inst() }, tokens['member@active.edu'])).status).toBe(403);
    expect((await api.call(endpoints.consoleAccessDomains, { params: inst(), body: { domain: 'x.edu' } })).status).toBe(401);
    expect([await state(), await audits()]).toEqual(before);
    // The other institution's librarian cannot reach Active U's code through their own institution either.
    const sideways = await api.call(endpoints.consoleAccessCodesDisable, { params: inCode(codeId, FX.inst.expired) }, tokens[OTHER]);
    expect([sideways.status, sideways.error.message]).toEqual([404, 'There is no such access code.']);
    expect([await state(), await audits()]).toEqual(before);
  });

  it('shows the subscription and sections read-only, the domains and the codes', async () => {
    const res = await api.call(endpoints.consoleAccess, { params: inst() }, tokens[LIB]);
    expect(res.status).toBe(200);
    expect(res.body.subscription).toEqual({ startsOn: inDays(-10), endsOn: inDays(300), active: true, newspapers: true, journals: true });
    expect(res.body.domains).toEqual([
      expect.objectContaining({ domain: 'active.edu', state: 'approved', provenAt: expect.any(String), record: null }),
    ]);
    expect(res.body.codes.map((c) => c.code)).toContain('GUARD-CODE');
    expect(res.body.codeCount).toBe(res.body.codes.length);
    // An admin sees any institution's; an unknown one is a 404, a bad id a 400.
    expect((await api.call(endpoints.consoleAccess, { params: inst(FX.inst.noFlags) }, tokens[ADMIN])).body.subscription).toMatchObject({
      newspapers: false,
      journals: false,
    });
    expect((await api.call(endpoints.consoleAccess, { params: inst(9999) }, tokens[ADMIN])).status).toBe(404);
    expect((await api.call(endpoints.consoleAccess, { params: inst('x') }, tokens[ADMIN])).status).toBe(400);
  });
});

describe('e-mail domains', () => {
  const names = (domains: { domain: string }[]) => domains.map((d) => d.domain);
  const approve = (domain: string) => api.call(endpoints.consoleAccessDomainsApprove, { params: inst(), body: { domain } }, tokens[ADMIN]);

  it('adds a domain as typed (trimmed, lower case, without @) as a pending claim that lets nobody in; audited', async () => {
    const before = await audits();
    const res = await api.call(endpoints.consoleAccessDomains, { params: inst(), body: { domain: '  @Staff.Active-U.EDU ' } }, tokens[LIB]);
    expect(res.status).toBe(200);
    expect(names(res.body.domains)).toEqual(['active.edu', 'staff.active-u.edu']);
    expect(res.body.domains[1]).toMatchObject({ domain: 'staff.active-u.edu', state: 'pending', provenAt: null, checkedAt: null });
    expect(res.body.domains[1].record).toEqual({
      name: '_lectern.staff.active-u.edu',
      value: expect.stringMatching(/^lectern-verify=[0-9a-f]{32}$/),
    });
    expect(res.body.domains[0]).toMatchObject({ domain: 'active.edu', state: 'approved', record: null });
    expect(await audits()).toBe(before + 1);
    const entry = (await t.db.query('SELECT actor, action, target, before, after FROM console_audit ORDER BY id DESC LIMIT 1')).rows[0];
    expect(entry).toEqual({
      actor: LIB,
      action: 'domain.add',
      target: 'staff.active-u.edu',
      before: ['active.edu'],
      after: ['active.edu', 'staff.active-u.edu'],
    });
    // Adding it again changes nothing.
    expect(
      (await api.call(endpoints.consoleAccessDomains, { params: inst(), body: { domain: 'staff.active-u.edu' } }, tokens[LIB])).body
        .domains,
    ).toHaveLength(2);
    expect(await audits()).toBe(before + 1);
    const pending = await api.call(endpoints.userDetails, {}, await reader('early.person@staff.active-u.edu'));
    expect(pending.body.libid).toBe(0);
    // Once an admin approves it, new sign-ins with it join.
    expect((await approve('staff.active-u.edu')).body.domains[1]).toMatchObject({ state: 'approved', record: null });
    const joined = await api.call(endpoints.userDetails, {}, await reader('new.person@staff.active-u.edu'));
    expect([joined.body.libid, joined.body.libName]).toEqual([ACTIVE, 'Active U']);
  });

  it('refuses a domain that is not one, a public mail service, or one held by another institution (nothing changed)', async () => {
    const before = [await state(), await audits()];
    for (const bad of [
      '',
      'college',
      'a..b.edu',
      '-x.edu',
      'x.e',
      'x.abcdefghijk',
      'me@college.edu',
      'col lege.edu',
      'x\u0000.edu',
      'gmail.com',
      'yahoo.co.uk',
      'qq.com',
      'example.com',
      42,
    ]) {
      const res = await api.call(endpoints.consoleAccessDomains, { params: inst(), body: unchecked({ domain: bad }) }, tokens[LIB]);
      expect([bad, res.status, res.error.code]).toEqual([bad, 400, 'bad_request']);
    }
    expect(
      (await api.call(endpoints.consoleAccessDomains, { params: inst(), body: { domain: 'gmail.com' } }, tokens[LIB])).error.message,
    ).toMatch(/public mail service/);
    const held = await api.call(endpoints.consoleAccessDomains, { params: inst(), body: { domain: 'Expired.edu' } }, tokens[LIB]);
    expect([held.status, held.error.code, held.error.message]).toEqual([
      409,
      'domain_held',
      'expired.edu is already held by another institution. If its addresses belong to yours, write to Lectern support.',
    ]);
    const notOurs = await api.call(endpoints.consoleAccessDomainsRemove, { params: inst(), body: { domain: 'expired.edu' } }, tokens[LIB]);
    expect([notOurs.status, notOurs.error.message]).toEqual([404, 'expired.edu is not one of your domains.']);
    expect([await state(), await audits()]).toEqual(before);
  });

  it('removes a domain: nobody new joins by it, members who joined stay', async () => {
    const res = await api.call(
      endpoints.consoleAccessDomainsRemove,
      { params: inst(), body: { domain: 'STAFF.active-u.edu' } },
      tokens[LIB],
    );
    expect(names(res.body.domains)).not.toContain('staff.active-u.edu');
    const stays = await t.db.query(`SELECT institution_id FROM users WHERE email = 'new.person@staff.active-u.edu'`);
    expect(stays.rows[0].institution_id).toBe(ACTIVE);
    const later = await api.call(endpoints.userDetails, {}, await reader('later@staff.active-u.edu'));
    expect(later.body.libid).toBe(0);
  });
});

describe('access codes', () => {
  it('makes one code of the librarian’s choosing, or a batch of made-up ones; audited', async () => {
    const one = await newCode({ code: 'lib-week-2026', maxUses: 2, label: 'Library week' });
    expect(one.status).toBe(200);
    expect(one.body.codes).toEqual([
      expect.objectContaining({
        code: 'LIB-WEEK-2026',
        label: 'Library week',
        maxUses: 2,
        uses: 0,
        endsOn: inDays(30),
        status: 'active',
        lastUsedAt: null,
      }),
    ]);
    const taken = await newCode({ code: 'Lib-Week-2026' });
    expect([taken.status, taken.error.code, taken.error.message]).toEqual([
      409,
      'code_taken',
      'The code LIB-WEEK-2026 is taken. Choose another.',
    ]);
    const before = await audits();
    const batch = await newCode({ count: 40, maxUses: null, label: 'Hostel', newspapers: false });
    expect(batch.status).toBe(200);
    const codes = batch.body.codes.map((c) => c.code);
    expect(new Set(codes).size).toBe(40);
    for (const c of codes) expect(c).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(batch.body.codes.every((c) => !c.newspapers && c.maxUses === null)).toBe(true);
    expect(await audits()).toBe(before + 1);
    const entry = (await t.db.query(`SELECT action, after FROM console_audit ORDER BY id DESC LIMIT 1`)).rows[0];
    expect(entry.action).toBe('codes.create');
    expect(entry.after.codes).toHaveLength(40);
  });

  it('refuses bad input with a clear 4xx and makes nothing', async () => {
    const before = [await state(), await audits()];
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ count: 0 }, 400, /at least one/],
      [{ count: 501 }, 400, /at most 500/],
      [{ count: 2, code: 'TWO-CODES' }, 400, /one at a time/],
      [{ maxUses: 0 }, 400, /at least one use/],
      [{ maxUses: 100_001 }, 400, /at most 100,000/],
      [{ code: 'no spaces' }, 400, /letters, digits and hyphens/],
      [{ code: '-LEAD' }, 400, /starts with a letter or digit/],
      // Short codes are guessed in a few hundred tries: 8 letters or digits at least.
      [{ code: 'LIB1' }, 400, /8 to 32 letters, digits and hyphens \(at least 8 letters or digits\)/],
      [{ code: 'AB-CD-EF-G' }, 400, /at least 8 letters or digits/],
      [{ endsOn: '2026-02-30' }, 400, /exists/],
      [{ endsOn: inDays(-2) }, 400, /has passed/],
      [{ endsOn: inDays(400) }, 400, new RegExp(`outlast the subscription, which ends on ${inDays(300)}`)],
      [{ label: 'x'.repeat(81) }, 400, /under 80/],
      [{ newspapers: 'yes' }, 400, /^Newspapers: /],
    ];
    for (const [body, status, message] of cases) {
      const res = await newCode(body);
      expect([body, res.status]).toEqual([body, status]);
      expect(res.error.message).toMatch(message);
    }
    // A section the subscription lacks (Basic S has neither), even for an admin.
    const basic = await newCode({}, tokens[ADMIN], FX.inst.noFlags);
    expect([basic.status, basic.error.message]).toEqual([400, 'The subscription does not include newspapers: a code cannot open them.']);
    expect([await state(), await audits()]).toEqual(before);
  });

  it('is redeemed by the reader’s own path: counted per account, its sections applied, usage listed; a disabled code attaches nobody', async () => {
    const made = await newCode({ code: 'PAPERLESS', maxUses: 2, newspapers: false });
    const id = made.body.codes[0].id;
    const outsider = await reader('outsider1@example.org');
    const redeemed = await api.call(endpoints.couponValidate, { body: { code: 'paperless' } }, outsider);
    expect([redeemed.status, redeemed.body.libid, redeemed.body.isNewspaper, redeemed.body.isJournal]).toEqual([200, ACTIVE, 0, 1]);
    // The code opens no newspapers: the server refuses one; a magazine opens.
    const issueOf = async (mid: number) => (await t.db.query('SELECT issue_id FROM issues WHERE mid = $1 LIMIT 1', [mid])).rows[0].issue_id;
    const paper = await api.call(endpoints.readerToken, { body: { issue: await issueOf(FX.mid.paper) } }, outsider);
    expect([paper.status, paper.error.code]).toEqual([403, 'not_in_subscription']);
    expect((await api.call(endpoints.readerToken, { body: { issue: await issueOf(FX.mid.biz) } }, outsider)).status).toBe(200);
    // The same account again counts no second use.
    expect((await api.call(endpoints.couponValidate, { body: { code: 'PAPERLESS' } }, outsider)).status).toBe(200);
    const listed = (await api.call(endpoints.consoleAccess, { params: inst() }, tokens[LIB])).body.codes.find((c) => c.id === id)!;
    expect([listed.uses, listed.status, typeof listed.lastUsedAt]).toEqual([1, 'active', 'string']);

    const disabled = await api.call(endpoints.consoleAccessCodesDisable, { params: inCode(id) }, tokens[LIB]);
    expect([disabled.status, disabled.body.status]).toEqual([200, 'disabled']);
    const late = await api.call(endpoints.couponValidate, { body: { code: 'PAPERLESS' } }, await reader('outsider2@example.org'));
    expect([late.status, late.error.message]).toEqual([400, 'This access code is no longer valid. Ask your librarian for a new one.']);
    // The reader it attached keeps their access until the code's end.
    expect((await api.call(endpoints.userDetails, {}, outsider)).body.libid).toBe(ACTIVE);
    const entry = (await t.db.query(`SELECT action, target, before, after FROM console_audit ORDER BY id DESC LIMIT 1`)).rows[0];
    expect(entry).toEqual({ action: 'code.disable', target: 'PAPERLESS', before: { status: 'active' }, after: { status: 'disabled' } });
    for (const bad of ['0', 'x', '99999999999'])
      expect((await api.call(endpoints.consoleAccessCodesDisable, { params: inCode(bad) }, tokens[LIB])).status).toBe(400);
    expect((await api.call(endpoints.consoleAccessCodesDisable, { params: inCode(999999) }, tokens[LIB])).status).toBe(404);
  });

  it('keeps a short code made before the 8-character rule working', async () => {
    await t.db.query(
      `INSERT INTO access_codes (code, institution_id, ends_at, max_uses) VALUES ('OLD4', $1, now() + interval '30 days', 10)`,
      [ACTIVE],
    );
    const res = await api.call(endpoints.couponValidate, { body: { code: 'old4' } }, await reader('old.code@example.org'));
    expect([res.status, res.body.libid]).toEqual([200, ACTIVE]);
  });

  it('counts the use limit in one statement: of 12 readers redeeming a 5-use code at once, exactly 5 join', async () => {
    await newCode({ code: 'FIVE-ONLY', maxUses: 5 });
    const readers = await Promise.all(Array.from({ length: 12 }, (_, i) => reader(`racer${i}@example.org`)));
    const answers = await Promise.all(readers.map((token) => api.call(endpoints.couponValidate, { body: { code: 'FIVE-ONLY' } }, token)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.map((a) => [a.status, a.error.message])).toEqual(
      Array(7).fill([400, 'This access code has been used as many times as it allows.']),
    );
    const row = (
      await t.db.query(
        `SELECT uses, (SELECT count(*)::int FROM access_code_uses u WHERE u.code_id = c.id) AS used FROM access_codes c WHERE code = 'FIVE-ONLY'`,
      )
    ).rows[0];
    expect(row).toEqual({ uses: 5, used: 5 });
    const joined = await t.db.query(`SELECT count(*)::int AS n FROM users WHERE email LIKE 'racer%' AND institution_id = $1`, [ACTIVE]);
    expect(joined.rows[0].n).toBe(5);
    // A refused reader trying again is still refused (their failed try left no use behind).
    const loser = readers[answers.findIndex((a) => a.status !== 200)];
    expect((await api.call(endpoints.couponValidate, { body: { code: 'FIVE-ONLY' } }, loser)).status).toBe(400);
    expect(
      (await api.call(endpoints.consoleAccess, { params: inst() }, tokens[LIB])).body.codes.find((c) => c.code === 'FIVE-ONLY')!.status,
    ).toBe('used_up');
  });

  it('exports every code as CSV that a spreadsheet cannot run as a formula', async () => {
    await newCode({ code: 'CSV-CHECK', label: '=HYPERLINK("http://evil.example","click")' });
    const res = await t.app.inject({
      method: 'GET',
      url: pathOf(endpoints.consoleAccessCodesCsv, inst()),
      headers: { authorization: tokens[LIB] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="access-codes-ACT.csv"');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('code,label,status,uses,max_uses,ends_on,newspapers,journals,created_at,last_used_at');
    const row = lines.find((l) => l.startsWith('CSV-CHECK,'))!;
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    const count = (await t.db.query('SELECT count(*)::int AS n FROM access_codes WHERE institution_id = $1', [ACTIVE])).rows[0].n;
    expect(lines).toHaveLength(count + 1);
  });
});
