// SUSHI credentials per requestor: several named ones per institution, each with its own key; a
// new key stops that requestor's old one at once and leaves the others working; a revoked one
// stops at once; the cap holds under concurrent adds; bad names are refused and change nothing;
// every change is audited without the key. A consortium's requestor lists and harvests its
// members, a member's cannot harvest the consortium or a sibling. Migration 035 carries the one
// credential of before over.
// On PostgreSQL too: concurrent adds against the cap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDb, testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, signInByCode, unchecked, xsrfToken } from '../support/api-client';
import { assertSushiAnswer } from '../support/counter-schema';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { grantConsoleRole } from '../../src/server/repositories/console';
import { SUSHI_REQUESTORS_MAX } from '../../src/server/repositories/sushi-credentials';
import { migrate, migrationFiles } from '../../src/server/db/migrate';
import * as endpoints from '../../src/shared/endpoints';

let t: TestContext;
let api: ReturnType<typeof apiClient>;
const outbox = memoryOutbox();
const tokens: Record<string, string> = {};
const A = FX.inst.active;

beforeAll(async () => {
  t = await testApp(loadCatalogue, { mailer: outbox.mailer });
  api = apiClient(t.app, await xsrfToken(t.app));
  for (const email of ['librarian@active.edu', 'librarian@expired.edu', 'admin@example.com'])
    tokens[email] = (await signInByCode(t.db, api, outbox, email)).token;
  await grantConsoleRole(t.db, { email: 'librarian@active.edu', role: 'librarian', orgCode: 'ACT', actorId: null });
  await grantConsoleRole(t.db, { email: 'librarian@expired.edu', role: 'librarian', orgCode: 'EXP', actorId: null });
  await grantConsoleRole(t.db, { email: 'admin@example.com', role: 'admin', orgCode: null, actorId: null });
}, 60_000);
afterAll(() => t?.close());

const lib = tokens;
const add = (name: unknown, institutionId: number = A, who = 'librarian@active.edu') =>
  api.call(endpoints.consoleSushiRequestors, { params: { institutionId }, body: unchecked({ name }) }, lib[who]);
/** A requestor of an institution. */
const requestor = (requestorId: number | string, institutionId: number = A) => ({ institutionId, requestorId });
const harvest = (path: string, c: { customer_id: string; requestor_id: string; api_key: string }) =>
  t.app.inject({
    method: 'GET',
    url: `/sushi/r51${path}?${new URLSearchParams(c)}`,
    remoteAddress: `192.0.2.${Math.floor(Math.random() * 250)}`,
  });
const credsOf = (inst: number, body: { requestor: { requestorId: string }; apiKey: string }) => ({
  customer_id: String(inst),
  requestor_id: body.requestor.requestorId,
  api_key: body.apiKey,
});

describe('requestors of one institution', () => {
  it('keeps several, each with its own key; a new key stops only that one at once; revoked stops at once', async () => {
    const celus = await add('CELUS');
    const alma = await add('Alma');
    expect([celus.status, alma.status]).toEqual([200, 200]);
    const c = credsOf(A, celus.body);
    const a = credsOf(A, alma.body);
    expect((await harvest('/members', c)).statusCode).toBe(200);
    expect((await harvest('/members', a)).statusCode).toBe(200);

    const listed = await api.call(endpoints.consoleSushi, { params: { institutionId: A } }, lib['librarian@active.edu']);
    expect(listed.body.requestors.map((r) => r.name)).toEqual(['CELUS', 'Alma']);
    expect(listed.body.requestors[0].lastUsedAt).not.toBeNull();
    expect(listed.body.max).toBe(SUSHI_REQUESTORS_MAX);
    expect(JSON.stringify(listed.body)).not.toContain(c.api_key);

    const renewed = await api.call(
      endpoints.consoleSushiRequestorsKey,
      { params: requestor(celus.body.requestor.id) },
      lib['librarian@active.edu'],
    );
    expect(renewed.status).toBe(200);
    expect(renewed.body.apiKey).not.toBe(c.api_key);
    expect((await harvest('/members', c)).json().Code).toBe(2000); // the old requestor_id is gone
    expect((await harvest('/members', { ...c, requestor_id: renewed.body.requestor.requestorId })).json().Code).toBe(2020); // old key
    expect((await harvest('/members', credsOf(A, renewed.body))).statusCode).toBe(200);
    expect((await harvest('/members', a)).statusCode).toBe(200); // Alma's unchanged

    const revoked = await api.call(
      endpoints.consoleSushiRequestorsRevoke,
      { params: requestor(alma.body.requestor.id) },
      lib['librarian@active.edu'],
    );
    expect(revoked.status).toBe(200);
    expect((await harvest('/members', a)).json().Code).toBe(2000);
    expect((await harvest('/members', credsOf(A, renewed.body))).statusCode).toBe(200);

    const audit = await t.db.query<{ action: string; target: string; before: unknown; after: unknown }>(
      `SELECT action, target, before, after FROM console_audit WHERE action LIKE 'sushi.%' ORDER BY id`,
    );
    expect(audit.rows.map((r) => [r.action, r.target])).toEqual([
      ['sushi.create', 'CELUS'],
      ['sushi.create', 'Alma'],
      ['sushi.rotate', 'CELUS'],
      ['sushi.revoke', 'Alma'],
    ]);
    expect(audit.rows[2]).toMatchObject({
      before: { requestorId: c.requestor_id },
      after: { requestorId: renewed.body.requestor.requestorId },
    });
    expect(JSON.stringify(audit.rows)).not.toContain(c.api_key);
    expect(JSON.stringify(audit.rows)).not.toContain(renewed.body.apiKey);
  });

  it("refuses another institution's librarian, a requestor of another institution, and bad names, changing nothing", async () => {
    const before = await t.db.query('SELECT requestor_id, api_key_hash FROM sushi_requestors ORDER BY id');
    const celus = (await api.call(endpoints.consoleSushi, { params: { institutionId: A } }, lib['librarian@active.edu'])).body
      .requestors[0];
    expect((await add('Theirs', A, 'librarian@expired.edu')).status).toBe(403);
    expect(
      (await api.call(endpoints.consoleSushiRequestorsKey, { params: requestor(celus.id) }, lib['librarian@expired.edu'])).status,
    ).toBe(403);
    expect(
      (await api.call(endpoints.consoleSushiRequestorsRevoke, { params: requestor(celus.id) }, lib['librarian@expired.edu'])).status,
    ).toBe(403);
    // Through their own institution's address: not theirs, a 404.
    const other = FX.inst.expired;
    expect(
      (await api.call(endpoints.consoleSushiRequestorsKey, { params: requestor(celus.id, other) }, lib['librarian@expired.edu'])).status,
    ).toBe(404);
    expect(
      (await api.call(endpoints.consoleSushiRequestorsRevoke, { params: requestor(celus.id, other) }, lib['librarian@expired.edu'])).status,
    ).toBe(404);
    for (const [name, status, message] of [
      ['', 400, 'Give the requestor a name.'],
      ['   ', 400, 'Give the requestor a name.'],
      ['a\u0000b', 400, 'control'],
      ['x'.repeat(61), 400, 'at most 60'],
      [42, 400, ''],
      ['celus', 409, 'already a requestor named'],
    ] as const) {
      const res = await add(name);
      expect([name, res.status]).toEqual([name, status]);
      expect(res.error.message).toContain(message);
    }
    for (const id of ['0', '99999999999', 'x', '2147483648'])
      expect((await api.call(endpoints.consoleSushiRequestorsKey, { params: requestor(id) }, lib['librarian@active.edu'])).status).toBe(
        400,
      );
    expect(
      (await api.call(endpoints.consoleSushiRequestorsRevoke, { params: requestor(2147483647) }, lib['librarian@active.edu'])).status,
    ).toBe(404);
    expect((await t.db.query('SELECT requestor_id, api_key_hash FROM sushi_requestors ORDER BY id')).rows).toEqual(before.rows);
  });

  it(`holds the cap of ${SUSHI_REQUESTORS_MAX} when many are added at once`, async () => {
    const inst = FX.inst.noFlags;
    const results = await Promise.all(
      Array.from({ length: SUSHI_REQUESTORS_MAX + 5 }, (_, i) => add(`Tool ${i}`, inst, 'admin@example.com')),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(SUSHI_REQUESTORS_MAX);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(results.find((r) => r.status === 400)!.error.code).toBe('too_many_requestors');
    const n = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sushi_requestors WHERE institution_id = $1', [inst]);
    expect(n.rows[0].n).toBe(SUSHI_REQUESTORS_MAX);
  });
});

describe('a consortium', () => {
  it("lists and harvests its members with its own requestor; a member's requestor cannot harvest the consortium or a sibling", async () => {
    // Expired U and Basic S belong to the Active U consortium.
    await t.db.query('UPDATE institutions SET parent_institution_id = $1 WHERE id = ANY($2::int[])', [
      A,
      [FX.inst.expired, FX.inst.noFlags],
    ]);
    const made = await add('Consortium harvester');
    const c = credsOf(A, made.body);
    const members = await harvest('/members', c);
    expect(members.json().map((m: { Customer_ID: string }) => m.Customer_ID)).toEqual([A, FX.inst.noFlags, FX.inst.expired].map(String));
    // Each entry as the schema has it; Requestor_ID left out, as it is the one asked with.
    assertSushiAnswer('/r51/members', 200, members.json());
    expect(members.json().map((m: { Institution_Name: string; Requestor_ID?: string }) => [m.Institution_Name, m.Requestor_ID])).toEqual(
      ['Active U', 'Basic S', 'Expired C'].map((name) => [name, undefined]),
    );
    // Each member harvested with the consortium's requestor: the member's own report and name.
    const month = { begin_date: '2026-01', end_date: '2026-02' };
    const tr = await t.app.inject({
      method: 'GET',
      url: `/sushi/r51/reports/tr?${new URLSearchParams({ ...c, customer_id: String(FX.inst.expired), ...month })}`,
    });
    expect(tr.statusCode).toBe(200);
    expect(tr.json().Report_Header.Institution_ID).toEqual({ Proprietary: [`Lectern:${FX.inst.expired}`] });
    // Asked for one member, /members lists that member only.
    expect((await harvest('/members', { ...c, customer_id: String(FX.inst.expired) })).json()).toHaveLength(1);

    const member = await add('Own tool', FX.inst.expired, 'librarian@expired.edu');
    const m = credsOf(FX.inst.expired, member.body);
    expect((await harvest('/members', m)).json().map((x: { Customer_ID: string }) => x.Customer_ID)).toEqual([String(FX.inst.expired)]);
    expect((await harvest('/members', { ...m, customer_id: String(A) })).json().Code).toBe(2010);
    expect((await harvest('/members', { ...m, customer_id: String(FX.inst.noFlags) })).json().Code).toBe(2010);
    // Left the consortium: its requestor may no longer harvest it.
    await t.db.query('UPDATE institutions SET parent_institution_id = NULL WHERE id = $1', [FX.inst.noFlags]);
    expect((await harvest('/members', { ...c, customer_id: String(FX.inst.noFlags) })).json().Code).toBe(2010);
  });
});

it('migration 035 carries the one credential of before over, under a name, with its key', async () => {
  const db = await freshDb();
  try {
    await migrate(
      db,
      migrationFiles().filter((f) => f.version < 35),
    );
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO institutions (name, sub_start, sub_end) VALUES ('Old U', now(), now() + interval '1 year') RETURNING id`,
    );
    await db.query(
      `INSERT INTO sushi_credentials (institution_id, customer_id, requestor_id, api_key_hash, rotated_at) VALUES ($1::int, $1::int::text, 'req-old', repeat('a', 64), '2026-01-02')`,
      [rows[0].id],
    );
    await migrate(db);
    const after = await db.query(`SELECT institution_id, name, requestor_id, api_key_hash, created_at FROM sushi_requestors`);
    expect(after.rows).toEqual([
      {
        institution_id: rows[0].id,
        name: 'Harvester',
        requestor_id: 'req-old',
        api_key_hash: 'a'.repeat(64),
        created_at: new Date('2026-01-02'),
      },
    ]);
  } finally {
    await db.close();
  }
});
