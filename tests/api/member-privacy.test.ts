// Member privacy: by default a librarian's answers (the member list, a member's page, the CSV
// export) carry no member's reading and no devices; only a Lectern admin changes that (a
// librarian is refused and nothing changes; bad input is a 400 that changes nothing; a change is
// audited); the hourly housekeeping takes the reader off reading events past the retention while
// the COUNTER counts stay as they were.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, signInByCode, unchecked, xsrfToken } from '../support/api-client';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { ADMIN, LIB, OTHER, grantTestConsoleRoles } from '../support/console-roles';
import { housekeeping } from '../../src/server/jobs/housekeeping';
import { countUsageEvents } from '../../src/server/repositories/counter-usage';
import { RETENTION_DEFAULT_DAYS } from '../../src/shared/schemas/member-privacy';
import * as endpoints from '../../src/shared/endpoints';
import { pathOf, type BodyIn } from '../../src/shared/endpoints/endpoint';

let t: TestContext;
let api: ReturnType<typeof apiClient>;
const outbox = memoryOutbox();
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const A = FX.inst.active;
const READER = 'asha@active.edu';

const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;
const inst = { institutionId: A };
const privacy = (token: string) => api.call(endpoints.consolePrivacy, { params: inst }, token);
const savePrivacy = (body: BodyIn<typeof endpoints.consolePrivacySave>, token: string) =>
  api.call(endpoints.consolePrivacySave, { params: inst, body }, token);
const page = () => api.call(endpoints.consoleMember, { params: { ...inst, memberId: ids[READER] } }, tokens[LIB]);
const list = () => api.call(endpoints.consoleMembers, { params: inst, query: { q: 'asha' } }, tokens[LIB]);
const csv = async () =>
  (
    await t.app.inject({
      method: 'GET',
      url: `${pathOf(endpoints.consoleMembersCsv, inst)}?q=asha`,
      headers: { authorization: tokens[LIB] },
    })
  ).body;
const stored = async () =>
  (
    await sql<{ s: boolean; d: boolean; r: number }>(
      'SELECT show_member_reading AS s, show_member_devices AS d, reading_retention_days AS r FROM institutions WHERE id = $1',
      [A],
    )
  )[0];
const audits = () =>
  sql<{ actor: string; before: unknown; after: unknown }>(
    `SELECT actor, before, after FROM console_audit WHERE action = 'privacy.update' ORDER BY id`,
  );

/** Stores an issue opened by the reader `daysAgo` days ago and counts it, as the app's events are. */
async function opened(daysAgo: number, institutionId: number | null = A) {
  const [issue] = await sql<{ issue_id: number }>('SELECT issue_id FROM issues WHERE mid = $1 ORDER BY issue_id LIMIT 1', [FX.mid.biz]);
  const [e] = await sql<{ id: string }>(
    `INSERT INTO usage_events (kind, user_id, institution_id, mid, issue_id, at)
     VALUES ('issue_open', $1, $2, $3, $4, now() - make_interval(days => $5)) RETURNING id::text`,
    [ids[READER], institutionId, FX.mid.biz, issue.issue_id, daysAgo],
  );
  await countUsageEvents(t.db, [e.id]);
  return e.id;
}

beforeAll(async () => {
  t = await testApp(loadCatalogue, { mailer: outbox.mailer, sms: outbox.sms });
  api = apiClient(t.app, await xsrfToken(t.app));
  for (const email of [LIB, OTHER, ADMIN, READER]) {
    const s = await signInByCode(t.db, api, outbox, email);
    tokens[email] = s.token;
    ids[email] = s.id;
  }
  await grantTestConsoleRoles(t.db);
  const [issue] = await sql<{ issue_id: number }>('SELECT issue_id FROM issues WHERE mid = $1 ORDER BY issue_id LIMIT 1', [FX.mid.biz]);
  await sql(`INSERT INTO downloads (user_id, device_id, issue_id) VALUES ($1, 'device-secret', $2)`, [ids[READER], issue.issue_id]);
  await opened(2);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('by default', () => {
  it('keeps reading for 180 days and shows librarians neither reading nor devices', async () => {
    expect(RETENTION_DEFAULT_DAYS).toBe(180);
    const res = await privacy(tokens[LIB]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ showReading: false, showDevices: false, retentionDays: 180 });
  });

  it('sends no member reading and no devices: member page, list and CSV', async () => {
    const res = await page();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      lastRead: null,
      lastReadAt: null,
      devices: [],
      sessions: [],
      shown: { reading: false, devices: false },
    });
    expect(JSON.stringify(res.body)).not.toContain('Business Weekly');
    const rows = await list();
    expect(rows.body).toMatchObject({ showReading: false, members: [{ email: READER, lastReadAt: null }] });
    const lines = (await csv())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('name,email,mobile,status,access_until');
    expect(lines[1].split(',')).toHaveLength(5);
  });
});

describe('changing it', () => {
  const body = { showReading: true, showDevices: true, retentionDays: 90 };

  it("is a Lectern admin's: a librarian gets 403 and nothing changes", async () => {
    const res = await savePrivacy(body, tokens[LIB]);
    expect(res.status).toBe(403);
    expect(res.error.message).toBe('That is for Lectern admins.');
    expect((await savePrivacy(body, tokens[OTHER])).status).toBe(403);
    expect((await privacy(tokens[OTHER])).status).toBe(403);
    expect(await stored()).toEqual({ s: false, d: false, r: 180 });
    expect(await audits()).toEqual([]);
  });

  it('refuses bad input with a 400 that says what is wrong, and changes nothing', async () => {
    for (const [bad, message] of [
      [{ ...body, retentionDays: 30 }, 'at least 31 days'],
      [{ ...body, retentionDays: 1096 }, 'at most 1095 days'],
      [{ ...body, retentionDays: 90.5 }, 'whole number'],
      [{ ...body, retentionDays: '90' }, 'whole number'],
      [{ ...body, retentionDays: 1e308 }, 'at most 1095 days'],
      [{ ...body, showReading: 'yes' }, 'see what members read'],
      [{ showDevices: true, retentionDays: 90 }, 'see what members read'],
    ] as const) {
      const res = await savePrivacy(unchecked(bad), tokens[ADMIN]);
      expect([bad, res.status]).toEqual([bad, 400]);
      expect(res.error.message).toContain(message);
    }
    expect(await stored()).toEqual({ s: false, d: false, r: 180 });
    // Named as the console's form names the field, never `retentionDays`.
    const res = await savePrivacy({ ...body, retentionDays: 5 }, tokens[ADMIN]);
    expect(res.error.message).toBe(`Reading history kept (days): Keep reading history at least 31 days.`);
  });

  it('lets an admin show reading and devices: audited, and the librarian sees them', async () => {
    const res = await savePrivacy(body, tokens[ADMIN]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(body);
    expect(await audits()).toEqual([{ actor: ADMIN, before: { showReading: false, showDevices: false, retentionDays: 180 }, after: body }]);
    // The same again changes nothing and records nothing.
    expect((await savePrivacy(body, tokens[ADMIN])).status).toBe(200);
    expect(await audits()).toHaveLength(1);
    const detail = (await page()).body;
    expect(detail).toMatchObject({ lastRead: { title: 'Business Weekly' }, shown: { reading: true, devices: true } });
    expect(detail.devices).toHaveLength(1);
    expect(detail.sessions).toHaveLength(1);
    expect((await list()).body.members[0].lastReadAt).toBe(detail.lastRead!.at);
    expect((await csv()).replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('name,email,mobile,status,access_until,last_read');
  });
});

describe('the retention', () => {
  it('takes the reader off events past it, per institution, and leaves the COUNTER counts', async () => {
    const counts = () =>
      sql<{ metric: string; n: number }>(
        `SELECT metric, sum(n)::int AS n FROM counter_usage WHERE institution_id = $1 GROUP BY metric ORDER BY metric`,
        [A],
      );
    const old = await opened(100); // past the institution's 90 days
    const kept = await opened(60);
    const noInstitutionOld = await opened(RETENTION_DEFAULT_DAYS + 5, null);
    const noInstitutionKept = await opened(RETENTION_DEFAULT_DAYS - 5, null);
    const before = await counts();
    expect(before.length).toBeGreaterThan(0);
    await housekeeping(t.db, path.join(t.dataDir, 'private'));
    const users = Object.fromEntries(
      (
        await sql<{ id: string; user_id: number | null }>('SELECT id::text, user_id FROM usage_events WHERE id = ANY($1::bigint[])', [
          [old, kept, noInstitutionOld, noInstitutionKept],
        ])
      ).map((r) => [r.id, r.user_id]),
    );
    expect(users).toEqual({ [old]: null, [kept]: ids[READER], [noInstitutionOld]: null, [noInstitutionKept]: ids[READER] });
    // The event itself stays (the overview's and popularity's totals), and the counts stay.
    expect(await counts()).toEqual(before);
    // A shorter retention applies at the next run.
    await savePrivacy({ showReading: true, showDevices: true, retentionDays: 31 }, tokens[ADMIN]);
    await housekeeping(t.db, path.join(t.dataDir, 'private'));
    expect((await sql<{ user_id: number | null }>('SELECT user_id FROM usage_events WHERE id = $1', [kept]))[0].user_id).toBeNull();
    expect((await page()).body.lastRead).toMatchObject({ title: 'Business Weekly' }); // the 2-day-old one still names them
  });
});
