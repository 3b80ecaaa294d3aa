// The console's admin side and activity log: institutions made and set, their single sign-on (the
// secret never sent back), librarians granted and removed — by admins only, each change audited —
// and the audit log each institution's librarians read of their own institution.
// On PostgreSQL too: two admins making the same org code at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, signInByCode, unchecked, xsrfToken } from '../support/api-client';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { ADMIN, LIB, OTHER, grantTestConsoleRoles } from '../support/console-roles';
import {
  ACTIVITY_PAGE_SIZE,
  type CreateInstitutionBody,
  type InstitutionSettingsBody,
  type SsoBody,
} from '../../src/shared/schemas/console-admin';
import * as endpoints from '../../src/shared/endpoints';

let t: TestContext;
let api: ReturnType<typeof apiClient>;
const outbox = memoryOutbox();
const tokens: Record<string, string> = {};
const ACTIVE = FX.inst.active;
const inst = (id: number | string = ACTIVE) => ({ params: { institutionId: id } });
const MEMBER = 'member@active.edu';
const SECRET = 'very-secret-value-42';

beforeAll(async () => {
  t = await testApp(loadCatalogue, { mailer: outbox.mailer });
  api = apiClient(t.app, await xsrfToken(t.app));
  for (const email of [LIB, OTHER, ADMIN, MEMBER, 'new@active.edu', 'second@active.edu'])
    tokens[email] = (await signInByCode(t.db, api, outbox, email)).token;
  await grantTestConsoleRoles(t.db);
});
afterAll(() => t?.close());

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const settings = (over: Partial<InstitutionSettingsBody> = {}) => ({
  country: 'in',
  ageRating: 7,
  startsOn: inDays(-1),
  endsOn: inDays(365),
  newspapers: true,
  journals: false,
  downloadLimit: 5,
  deviceLimit: null,
  ...over,
});
const create = (over: Partial<CreateInstitutionBody> = {}, token = tokens[ADMIN]) =>
  api.call(endpoints.consoleInstitutions, { body: { name: 'New College', orgCode: 'new-c', ...settings(), ...over } }, token);
/** What a refused call must leave as it was: every institution (with its secret), every role, the log. */
const state = async () => [
  (await t.db.query('SELECT * FROM institutions ORDER BY id')).rows,
  (await t.db.query('SELECT user_id, role, institution_id FROM console_roles ORDER BY user_id')).rows,
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM console_audit')).rows[0].n,
];
const auditOf = async (action: string) =>
  (
    await t.db.query<{ actor: string; institution_id: number | null; target: string; before: unknown; after: unknown }>(
      'SELECT actor, institution_id, target, before, after FROM console_audit WHERE action = $1 ORDER BY id DESC LIMIT 1',
      [action],
    )
  ).rows[0];
const refused = (res: { status: number; error: { code: string; message: string } }) => [res.status, res.error.code, res.error.message];

describe('who may use the admin side', () => {
  it('refuses a librarian (even of their own institution), a reader and the signed-out, and changes nothing', async () => {
    const before = await state();
    const calls = (token?: string) => [
      () => api.call(endpoints.consoleInstitutions, { body: { name: 'Sneak', orgCode: 'SNEAK', ...settings() } }, token),
      () => api.call(endpoints.consoleSettings, inst(), token),
      () => api.call(endpoints.consoleSettingsSave, { ...inst(), body: settings({ endsOn: inDays(2000) }) }, token),
      () =>
        api.call(endpoints.consoleSso, { ...inst(), body: { issuer: 'https://idp.example.org', clientId: 'x', clientSecret: 'y' } }, token),
      () => api.call(endpoints.consoleSsoOff, inst(), token),
      () => api.call(endpoints.consoleLibrarians, inst(), token),
      () => api.call(endpoints.consoleLibrariansAdd, { ...inst(), body: { email: MEMBER } }, token),
      () => api.call(endpoints.consoleLibrariansRemove, { ...inst(), body: { email: LIB } }, token),
      () => api.call(endpoints.consoleAllActivity, {}, token),
    ];
    for (const call of calls(tokens[LIB])) expect(refused(await call())).toEqual([403, 'forbidden', 'That is for Lectern admins.']);
    for (const call of calls(tokens[OTHER])) expect((await call()).status).toBe(403);
    for (const call of calls(tokens[MEMBER]))
      expect(refused(await call())).toEqual([403, 'forbidden', 'The library console is for librarians.']);
    for (const call of calls()) expect((await call()).status).toBe(401);
    expect(await state()).toEqual(before);
  });

  it('answers an admin asking for an institution that does not exist with a 404, a bad id with a 400', async () => {
    expect((await api.call(endpoints.consoleSettings, inst(9999), tokens[ADMIN])).status).toBe(404);
    expect((await api.call(endpoints.consoleLibrariansAdd, { ...inst(9999), body: { email: MEMBER } }, tokens[ADMIN])).status).toBe(404);
    expect((await api.call(endpoints.consoleSettings, inst('x'), tokens[ADMIN])).status).toBe(400);
  });
});

describe('institutions', () => {
  it('are made by an admin with everything set, audited as an admin-only entry', async () => {
    const res = await create();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'New College',
      orgCode: 'NEW-C',
      country: 'IN',
      ageRating: 7,
      startsOn: inDays(-1),
      endsOn: inDays(365),
      newspapers: true,
      journals: false,
      downloadLimit: 5,
      deviceLimit: null,
      sso: null,
    });
    expect(res.body.ssoRedirectUri).toMatch(/\/login\/sso\/success$/);
    // The subscription runs to the last second of its last day (UTC): live now, readers can join.
    const { rows } = await t.db.query<{ live: boolean; ends: string }>(
      `SELECT sub_start <= now() AND sub_end > now() AS live, to_char(sub_end AT TIME ZONE 'UTC', 'HH24:MI:SS') AS ends FROM institutions WHERE id = $1`,
      [res.body.id],
    );
    expect(rows[0]).toEqual({ live: true, ends: '23:59:59' });
    expect((await api.call(endpoints.consoleMe, {}, tokens[ADMIN])).body.institutions.map((i) => i.name)).toContain('New College');
    expect(await auditOf('institution.create')).toMatchObject({
      actor: ADMIN,
      institution_id: null,
      target: 'New College (NEW-C)',
      before: null,
      after: { country: 'IN', ageRating: 7, endsOn: inDays(365), journals: false, downloadLimit: 5 },
    });
  });

  it('refuses a taken org code in any spelling (409) and bad input (400), making nothing', async () => {
    const before = await state();
    expect(refused(await create({ orgCode: 'act', name: 'Fresh College' }))).toEqual([
      409,
      'org_code_taken',
      'The org code ACT belongs to another institution.',
    ]);
    for (const [over, message] of [
      [{ name: ' ' }, 'The name needs at least 2 characters.'],
      [{ orgCode: 'A B' }, 'The org code has 2 to 24 letters, digits and hyphens, and starts with a letter or digit.'],
      [{ country: 'India' }, 'The country is a two-letter code, such as IN.'],
      [{ ageRating: 0 }, 'The age rating is a whole number from 1 to 18.'],
      [{ ageRating: 2.5 }, 'The age rating is a whole number from 1 to 18.'],
      [{ startsOn: inDays(10), endsOn: inDays(5) }, 'The subscription cannot end before it starts.'],
      [{ endsOn: '2026-02-30' }, 'expected a date that exists'],
      [{ downloadLimit: -1 }, 'The download limit cannot be below 0.'],
      [{ deviceLimit: 5000 }, 'The device limit is at most 1000.'],
      [{ newspapers: 'yes' }, ''],
    ] as const) {
      const res = await create(unchecked({ orgCode: 'FRESH', ...over }));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.error.message).toContain(message);
    }
    expect(await state()).toEqual(before);
  });

  it('lets one of two admins making the same org code at once have it', async () => {
    const answers = await Promise.all([create({ orgCode: 'RACE-1', name: 'One Race' }), create({ orgCode: 'race-1', name: 'Other Race' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const { rows } = await t.db.query(`SELECT 1 FROM institutions WHERE upper(con_code) = 'RACE-1'`);
    expect(rows).toHaveLength(1);
  });

  it("have their subscription, sections, age rating, country and limits set by an admin, audited in the institution's log", async () => {
    const before = (await api.call(endpoints.consoleSettings, inst(), tokens[ADMIN])).body;
    expect(before).toMatchObject({ orgCode: 'ACT', country: 'IN', newspapers: true, journals: true, downloadLimit: null });
    const res = await api.call(
      endpoints.consoleSettingsSave,
      {
        ...inst(),
        body: settings({ country: 'np', ageRating: 12, startsOn: inDays(-10), endsOn: inDays(700), journals: true, deviceLimit: 3 }),
      },
      tokens[ADMIN],
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Active U',
      country: 'NP',
      ageRating: 12,
      endsOn: inDays(700),
      deviceLimit: 3,
      downloadLimit: 5,
    });
    // The librarian's own view of the subscription follows.
    expect((await api.call(endpoints.consoleAccess, inst(), tokens[LIB])).body.subscription).toMatchObject({
      endsOn: inDays(700),
      active: true,
    });
    const entry = await auditOf('institution.update');
    expect(entry).toMatchObject({ actor: ADMIN, institution_id: ACTIVE, target: 'ACT' });
    expect(entry.before).toMatchObject({ country: 'IN', deviceLimit: null, endsOn: before.endsOn });
    expect(entry.after).toMatchObject({ country: 'NP', deviceLimit: 3, endsOn: inDays(700) });
    // Bad input changes nothing.
    const kept = await state();
    expect((await api.call(endpoints.consoleSettingsSave, { ...inst(), body: settings({ country: '' }) }, tokens[ADMIN])).status).toBe(400);
    expect((await api.call(endpoints.consoleSettingsSave, { ...inst(), body: unchecked({ country: 'IN' }) }, tokens[ADMIN])).status).toBe(
      400,
    );
    expect(await state()).toEqual(kept);
  });
});

describe('single sign-on', () => {
  const sso = (body: SsoBody) => api.call(endpoints.consoleSso, { ...inst(), body }, tokens[ADMIN]);
  const storedSecret = async () =>
    (await t.db.query<{ s: string | null }>('SELECT sso_client_secret AS s FROM institutions WHERE id = $1', [ACTIVE])).rows[0].s;

  it('is set with a secret that is kept but never sent back nor logged; an empty secret keeps it; off forgets it', async () => {
    const kept = await state();
    expect(refused(await sso({ issuer: 'https://idp.active.edu', clientId: 'lectern' }))).toEqual([
      400,
      'secret_needed',
      'Enter the client secret the provider gave you.',
    ]);
    for (const issuer of ['http://idp.active.edu', 'not a url', 'ftp://idp.active.edu'])
      expect((await sso({ issuer, clientId: 'lectern', clientSecret: SECRET })).error.message).toContain(
        'The issuer is the provider’s https address, such as https://login.college.edu.',
      );
    expect((await sso({ issuer: 'https://idp.active.edu', clientId: '', clientSecret: SECRET })).status).toBe(400);
    expect(await state()).toEqual(kept);

    const set = await sso({ issuer: 'https://idp.active.edu', clientId: 'lectern', clientSecret: SECRET });
    expect(set.status).toBe(200);
    expect(set.body.sso).toEqual({ issuer: 'https://idp.active.edu', clientId: 'lectern', secretSet: true });
    expect(await storedSecret()).toBe(SECRET);
    const changed = await sso({ issuer: 'https://login.active.edu', clientId: 'lectern-2', clientSecret: '' });
    expect(changed.body.sso).toEqual({ issuer: 'https://login.active.edu', clientId: 'lectern-2', secretSet: true });
    expect(await storedSecret()).toBe(SECRET);
    expect((await auditOf('sso.set')).after).toEqual({ issuer: 'https://login.active.edu', clientId: 'lectern-2', secret: 'set' });
    await sso({ issuer: 'https://login.active.edu', clientId: 'lectern-2', clientSecret: 'another-secret' });
    expect((await auditOf('sso.set')).after).toMatchObject({ secret: 'replaced' });
    // Readers can choose it on /login/sso.
    expect((await api.call(endpoints.ssoInstitutions)).body.institutions).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Active U', code: 'ACT' })]),
    );
    const answers = [
      await api.call(endpoints.consoleSettings, inst(), tokens[ADMIN]),
      await api.call(endpoints.consoleActivity, inst(), tokens[LIB]),
      await api.call(endpoints.consoleAllActivity, {}, tokens[ADMIN]),
    ];
    for (const text of answers.map((a) => JSON.stringify(a.body))) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain('another-secret');
    }
    const off = await api.call(endpoints.consoleSsoOff, inst(), tokens[ADMIN]);
    expect(off.body.sso).toBeNull();
    expect(await storedSecret()).toBeNull();
    expect(await auditOf('sso.off')).toMatchObject({ institution_id: ACTIVE, after: null, before: { secret: 'set' } });
  });
});

describe('librarians', () => {
  const lib = (path: '' | '/remove', email: string, token = tokens[ADMIN], id = ACTIVE) =>
    api.call(path ? endpoints.consoleLibrariansRemove : endpoints.consoleLibrariansAdd, { ...inst(id), body: { email } }, token);

  it('are granted to an existing account, which then runs only that institution; removed, it has no console', async () => {
    expect((await api.call(endpoints.consoleOverview, inst(), tokens['new@active.edu'])).status).toBe(403);
    const res = await lib('', ' New@Active.edu ');
    expect(res.status).toBe(200);
    expect(res.body.librarians.map((l) => l.email)).toEqual(['librarian@active.edu', 'new@active.edu']);
    expect((await api.call(endpoints.consoleMe, {}, tokens['new@active.edu'])).body).toMatchObject({ role: 'librarian' });
    expect((await api.call(endpoints.consoleOverview, inst(), tokens['new@active.edu'])).status).toBe(200);
    expect((await api.call(endpoints.consoleOverview, inst(FX.inst.expired), tokens['new@active.edu'])).status).toBe(403);
    expect(await auditOf('role.grant')).toMatchObject({
      actor: ADMIN,
      institution_id: ACTIVE,
      target: 'new@active.edu',
      before: null,
      after: { role: 'librarian', institutionId: ACTIVE },
    });
    // Granting again changes nothing and logs nothing.
    const logged = await state();
    expect((await lib('', 'new@active.edu')).status).toBe(200);
    expect(await state()).toEqual(logged);

    const removed = await lib('/remove', 'new@active.edu');
    expect(removed.body.librarians.map((l) => l.email)).toEqual(['librarian@active.edu']);
    expect((await api.call(endpoints.consoleMe, {}, tokens['new@active.edu'])).status).toBe(403);
    expect(await auditOf('role.remove')).toMatchObject({ actor: ADMIN, institution_id: ACTIVE, target: 'new@active.edu', after: null });
  });

  it('refuses an unknown account, an admin, another institution’s librarian, and removing who is not one here', async () => {
    const before = await state();
    expect(refused(await lib('', 'nobody@active.edu'))).toEqual([404, 'no_account', 'No account with the e-mail nobody@active.edu.']);
    expect(refused(await lib('', ADMIN))).toEqual([409, 'has_role', 'admin@example.com is a Lectern admin already.']);
    expect(refused(await lib('', OTHER))).toEqual([
      409,
      'has_role',
      'librarian@expired.edu is the librarian of another institution. Remove that role first.',
    ]);
    expect(refused(await lib('/remove', OTHER))).toEqual([404, 'no_role', 'librarian@expired.edu is not a librarian of this institution.']);
    expect(refused(await lib('/remove', ADMIN))).toEqual([404, 'no_role', 'admin@example.com is not a librarian of this institution.']);
    expect((await lib('', 'not an address')).status).toBe(400);
    expect(await state()).toEqual(before);
  });
});

describe('the activity log', () => {
  it("shows a librarian their institution's changes, newest first, with who, what, when, before and after", async () => {
    await lib2('second@active.edu');
    const res = await api.call(endpoints.consoleActivity, inst(), tokens[LIB]);
    expect(res.status).toBe(200);
    const { entries, total, page, pages } = res.body;
    expect(page).toBe(0);
    expect(total).toBe(entries.length);
    expect(pages).toBe(1);
    expect(entries[0]).toMatchObject({
      actor: ADMIN,
      institution: 'Active U',
      action: 'role.grant',
      target: 'second@active.edu',
      before: null,
      after: { role: 'librarian', institutionId: ACTIVE },
    });
    expect(Date.now() - Date.parse(entries[0].at)).toBeLessThan(60_000);
    const ats = entries.map((e) => e.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    const actions = new Set(entries.map((e) => e.action));
    expect([...actions].sort()).toEqual(['institution.update', 'role.grant', 'role.remove', 'sso.off', 'sso.set']);
    // Nothing of another institution, nor the admin-only entries.
    expect(entries.every((e) => e.institution === 'Active U')).toBe(true);
  });

  it("refuses another institution's librarian (403) and a reader; an admin reads any institution's and the whole log", async () => {
    expect(refused(await api.call(endpoints.consoleActivity, inst(), tokens[OTHER]))).toEqual([
      403,
      'forbidden',
      "That is another institution's console.",
    ]);
    expect((await api.call(endpoints.consoleActivity, inst(), tokens[MEMBER])).status).toBe(403);
    expect((await api.call(endpoints.consoleActivity, inst())).status).toBe(401);
    expect((await api.call(endpoints.consoleActivity, inst(FX.inst.expired), tokens[OTHER])).body.entries).toEqual([
      expect.objectContaining({ action: 'role.grant', target: OTHER, actor: 'operator' }),
    ]);
    expect((await api.call(endpoints.consoleActivity, inst(), tokens[ADMIN])).body.total).toBe(
      (await api.call(endpoints.consoleActivity, inst(), tokens[LIB])).body.total,
    );
    const all = (await api.call(endpoints.consoleAllActivity, {}, tokens[ADMIN])).body;
    const creation = all.entries.find((e) => e.action === 'institution.create');
    expect(creation).toMatchObject({ institution: null, target: expect.stringMatching(/\(RACE-1\)$/) });
    expect(all.total).toBe((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM console_audit')).rows[0].n);
  });

  it('is paged, and refuses a bad page', async () => {
    const total = (await api.call(endpoints.consoleAllActivity, {}, tokens[ADMIN])).body.total;
    // Enough entries for a second page: each grant and removal is one.
    for (let i = 0; total + 2 * i < ACTIVITY_PAGE_SIZE + 3; i++) {
      await lib2('second@active.edu', '/remove');
      await lib2('second@active.edu');
    }
    const first = (await api.call(endpoints.consoleAllActivity, {}, tokens[ADMIN])).body;
    const second = (await api.call(endpoints.consoleAllActivity, { query: { page: 1 } }, tokens[ADMIN])).body;
    expect(first.entries).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(second.entries.length).toBe(first.total - ACTIVITY_PAGE_SIZE);
    expect(first.pages).toBe(2);
    expect(second.entries[0].at <= first.entries.at(-1)!.at).toBe(true);
    expect(new Set([...first.entries, ...second.entries].map((e) => e.id)).size).toBe(first.total);
    expect((await api.call(endpoints.consoleAllActivity, { query: { page: 9 } }, tokens[ADMIN])).body.entries).toEqual([]);
    for (const bad of ['-1', 'x', '1.5', '99999999999'])
      expect((await api.call(endpoints.consoleActivity, { ...inst(), query: { page: bad } }, tokens[LIB])).status).toBe(400);
  });
});

const lib2 = (email: string, path: '' | '/remove' = '') =>
  api.call(path ? endpoints.consoleLibrariansRemove : endpoints.consoleLibrariansAdd, { ...inst(), body: { email } }, tokens[ADMIN]);

// Last: the renames here add entries to the institutions' activity logs.
describe('institution names', () => {
  it("refuses another institution's name, whatever its case, spaces or accents (409), made or renamed; nothing changes", async () => {
    const before = await state();
    for (const name of ['Active U', 'active u', '  ACTIVE   U ', 'ActiveU', 'Áctive Ü'])
      expect(refused(await create({ orgCode: 'NAME-X', name })), name).toEqual([
        409,
        'name_taken',
        `Another institution is already called ${name.trim()}. Choose another name.`,
      ]);
    // A librarian renaming theirs to another's name (whose enquiries and trust would follow).
    const rename = await api.call(endpoints.consoleBrandingSave, { ...inst(), body: { name: 'expired  C' } }, tokens[LIB]);
    expect(refused(rename)).toEqual([409, 'name_taken', 'Another institution is already called expired  C. Choose another name.']);
    expect(await state()).toEqual(before);
    // Its own name in another spelling is still its own.
    expect((await api.call(endpoints.consoleBrandingSave, { ...inst(), body: { name: 'ACTIVE U' } }, tokens[LIB])).body.name).toBe(
      'ACTIVE U',
    );
    expect((await api.call(endpoints.consoleBrandingSave, { ...inst(), body: { name: 'Active U' } }, tokens[LIB])).body.name).toBe(
      'Active U',
    );
  });

  it('lets one of two institutions renamed to the same name at the same moment have it', async () => {
    const answers = await Promise.all(
      [ACTIVE, FX.inst.expired].map((id) =>
        api.call(endpoints.consoleBrandingSave, { ...inst(id), body: { name: 'Twin Name College' } }, tokens[ADMIN]),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const { rows } = await t.db.query(`SELECT id FROM institutions WHERE name = 'Twin Name College'`);
    expect(rows).toHaveLength(1);
    await api.call(
      endpoints.consoleBrandingSave,
      { ...inst(rows[0].id), body: { name: rows[0].id === ACTIVE ? 'Active U' : 'Expired C' } },
      tokens[ADMIN],
    );
  });
});
