// Adding members by CSV: the preview checks every row and writes nothing; the import makes the
// accounts, audits once and mails each invitation through a real SMTP server; an invited person
// signs in and reads. Caps on rows and size, formula cells and bad input are refused. Bulk actions
// on the member list: extend, remove, invite again (once however often it is clicked).
// On PostgreSQL too: one invitation however often it is asked for at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, signInByCode, unchecked, xsrfToken } from '../support/api-client';
import { startSmtp } from '../support/smtp';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { ADMIN, LIB, OTHER, grantTestConsoleRoles } from '../support/console-roles';
import { IMPORT_MAX_ROWS, INVITES_PER_DAY } from '../../src/shared/schemas/member-import';
import { deliverInvitations } from '../../src/server/repositories/member-invitations';
import * as endpoints from '../../src/shared/endpoints';
import type { BodyIn } from '../../src/shared/endpoints/endpoint';

let t: TestContext;
let api: ReturnType<typeof apiClient>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const A = FX.inst.active;
const inst = { institutionId: A };
const preview = (csv: string, token = tokens[LIB]) =>
  api.call(endpoints.consoleMembersImportPreview, { params: inst, body: { csv } }, token);
const importCsv = (csv: string, token = tokens[LIB]) => api.call(endpoints.consoleMembersImport, { params: inst, body: { csv } }, token);

const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const state = async () =>
  (
    await sql<{ users: number; invitations: number; audits: number }>(
      `SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM member_invitations) AS invitations,
            (SELECT count(*)::int FROM console_audit) AS audits`,
    )
  )[0];
/** The invitations mailed to this address, once there are n (or 10 s have passed). */
async function mailsFor(to: string, n: number) {
  const invitations = () => smtp.mailsTo(to).filter((m) => m.subject?.includes(' invites you '));
  const deadline = Date.now() + 10_000;
  while (invitations().length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return invitations();
}

const FILE = [
  'Email,Name,Access_Until',
  `new.one@active.edu,Asha Rao,${inDays(20)}`,
  'new.two@gmail.com,"Rao, Vikram",',
  'member@active.edu,Already Here,',
  'bad-address,Someone,',
  'formula@active.edu,=HYPERLINK("http://evil.example"),',
  'new.one@active.edu,Twice,',
  `past@active.edu,Past,${inDays(-3)}`,
  `far@active.edu,Far,${inDays(4000)}`,
  'nodate@active.edu,No Date,2026-02-30',
  'noname@active.edu,,',
].join('\r\n');

beforeAll(async () => {
  smtp = await startSmtp();
  t = await testApp(loadCatalogue, { config: { smtpUrl: smtp.url, mailFrom: 'Lectern <hello@lectern.test>' } });
  api = apiClient(t.app, await xsrfToken(t.app));
  for (const email of [LIB, OTHER, ADMIN, 'member@active.edu', 'kept@active.edu', 'gone@active.edu']) {
    const s = await signInByCode(t.db, api, smtp, email);
    tokens[email] = s.token;
    ids[email] = s.id;
  }
  await grantTestConsoleRoles(t.db);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('the preview', () => {
  it('checks every row and writes nothing', async () => {
    const before = await state();
    const res = await preview(`\uFEFF${FILE}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ invite: 2, members: 1, errors: 7 });
    const byLine = Object.fromEntries(res.body.rows.map((r) => [r.line, r]));
    expect(byLine[2]).toMatchObject({ email: 'new.one@active.edu', name: 'Asha Rao', until: inDays(20), status: 'invite', error: null });
    expect(byLine[3]).toMatchObject({ name: 'Rao, Vikram', until: null, status: 'invite' });
    expect(byLine[4]).toMatchObject({ status: 'member' });
    const errors = [5, 6, 7, 8, 9, 10, 11].map((line) => byLine[line].error);
    expect(errors).toEqual([
      'That is not an e-mail address.',
      'A cell starts with =, +, - or @, which a spreadsheet runs as a formula: remove that character.',
      'This address is on line 2 already.',
      'The last day of access has passed.',
      expect.stringContaining("Access cannot run past the subscription's last day"),
      'Write the last day of access as YYYY-MM-DD.',
      'The name is missing.',
    ]);
    expect(await state()).toEqual(before);
  });

  it('refuses files it cannot read as the list, too many rows and too large files: 400, nothing written', async () => {
    const before = await state();
    const many = ['email,name', ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `p${i}@active.edu,P ${i}`)].join('\n');
    for (const [csv, message] of [
      ['name,phone\nA,1', 'The first line must name the columns'],
      ['email,name\n', 'no one to add'],
      ['', 'The file is empty.'],
      [many, `at most ${IMPORT_MAX_ROWS} people; this one has ${IMPORT_MAX_ROWS + 1}`],
      ['email,name\n' + 'x'.repeat(300_000), 'The file is too large'],
      ['email,name\na@active.edu,A\u0000B', 'must not contain control characters'],
      [42, 'Choose a CSV file.'],
    ] as const) {
      for (const [path, call] of [
        ['import/preview', preview],
        ['import', importCsv],
      ] as const) {
        const res = await call(unchecked(csv));
        expect([path, message, res.status]).toEqual([path, message, 400]);
        expect(res.error.message).toContain(message);
      }
    }
    expect(await state()).toEqual(before);
  });

  it("refuses another institution's librarian, and a reader without a role", async () => {
    for (const token of [tokens[OTHER], tokens['member@active.edu']]) {
      expect((await preview(FILE, token)).status).toBe(403);
      expect((await importCsv(FILE, token)).status).toBe(403);
    }
  });
});

describe('the import', () => {
  it('makes the members, audits once and mails each one invitation; the invited reader signs in and reads', async () => {
    const res = await importCsv(FILE);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ invited: 2, members: 1, errors: 7 });
    const made = await sql<{ email: string; first_name: string; last_name: string; institution_id: number; ends: string | null }>(
      `SELECT email, first_name, last_name, institution_id, to_char(access_ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS ends
       FROM users WHERE email LIKE 'new.%' ORDER BY email`,
    );
    expect(made).toEqual([
      { email: 'new.one@active.edu', first_name: 'Asha', last_name: 'Rao', institution_id: A, ends: `${inDays(21)} 00:00` },
      { email: 'new.two@gmail.com', first_name: 'Rao,', last_name: 'Vikram', institution_id: A, ends: null },
    ]);
    const audits = await sql<{ actor: string; after: unknown }>(`SELECT actor, after FROM console_audit WHERE action = 'member.import'`);
    expect(audits).toEqual([{ actor: LIB, after: { invited: 2, members: 1, errors: 7 } }]);
    const [mail] = await mailsFor('new.one@active.edu', 1);
    expect(mail.subject).toBe('Active U invites you to read on Lectern');
    expect(mail.text).toContain('/login/email');
    expect(await mailsFor('new.two@gmail.com', 1)).toHaveLength(1);
    expect(await mailsFor('member@active.edu', 0)).toHaveLength(0);
    expect((await sql<{ n: number }>('SELECT count(*)::int AS n FROM member_invitations WHERE sent_at IS NOT NULL'))[0].n).toBe(2);
    // A gmail address joins no institution by its domain: the invitation is what let them in.
    const reader = await signInByCode(t.db, api, smtp, 'new.two@gmail.com');
    const details = await api.call(endpoints.userDetails, {}, reader.token);
    expect(details.body).toMatchObject({ libid: A, isLibContentAvailable: 1 });
    // The same file again: both are members now, nobody is mailed twice.
    expect((await importCsv(FILE)).body).toEqual({ invited: 0, members: 3, errors: 7 });
  });
});

describe('bulk actions', () => {
  const bulk = (body: BodyIn<typeof endpoints.consoleMembersBulk>, token = tokens[LIB]) =>
    api.call(endpoints.consoleMembersBulk, { params: inst, body }, token);

  it('extends several members at once, each audited, and says which could not be', async () => {
    const ok = [ids['kept@active.edu'], ids['gone@active.edu']];
    const res = await bulk({ action: 'extend', memberIds: [...ok, ids[OTHER]], until: inDays(30) });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { id: ok[0], ok: false, error: expect.stringContaining('Access already runs until') },
      { id: ok[1], ok: false, error: expect.stringContaining('Access already runs until') },
      { id: ids[OTHER], ok: false, error: 'There is no such member.' },
    ]);
    await sql(`UPDATE users SET access_ends_at = now() + interval '2 days' WHERE id = ANY($1)`, [ok]);
    const again = await bulk({ action: 'extend', memberIds: ok, until: inDays(30) });
    expect(again.body.results).toEqual(ok.map((id) => ({ id, ok: true, error: null })));
    expect((await sql<{ n: number }>(`SELECT count(*)::int AS n FROM console_audit WHERE action = 'member.extend'`))[0].n).toBe(2);
  });

  it('invites again once however often it is asked at once', async () => {
    const kept = ids['kept@active.edu'];
    const answers = await Promise.all(Array.from({ length: 5 }, () => bulk({ action: 'invite', memberIds: [kept] })));
    const outcomes = answers.map((a) => a.body.results[0].ok);
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(answers.find((a) => !a.body.results[0].ok)!.body.results[0].error).toBe('Invited in the last 10 minutes already.');
    expect(await mailsFor('kept@active.edu', 1)).toHaveLength(1);
    // The job's next run sends nothing more.
    expect(await deliverInvitations(t.db, { send: async () => {} }, 'http://x')).toBe(0);
  });

  it('removes several members at once', async () => {
    const gone = ids['gone@active.edu'];
    const res = await bulk({ action: 'remove', memberIds: [gone, gone] });
    expect(res.body.results).toEqual([{ id: gone, ok: true, error: null }]);
    expect(
      (await sql<{ institution_id: number | null }>('SELECT institution_id FROM users WHERE id = $1', [gone]))[0].institution_id,
    ).toBeNull();
  });

  it('refuses bad input (400) and other librarians (403), changing nothing', async () => {
    const before = await state();
    const kept = ids['kept@active.edu'];
    for (const body of [
      { action: 'delete', memberIds: [kept] },
      { action: 'remove', memberIds: [] },
      { action: 'remove', memberIds: Array.from({ length: 201 }, (_, i) => i + 1) },
      { action: 'extend', memberIds: [kept] },
      { action: 'extend', memberIds: [kept], until: 'soon' },
      { action: 'remove', memberIds: [2 ** 40] },
    ]) {
      const res = await bulk(unchecked(body));
      expect([body, res.status]).toEqual([body, 400]);
    }
    expect((await bulk({ action: 'remove', memberIds: [kept] }, tokens[OTHER])).status).toBe(403);
    expect(await state()).toEqual(before);
  });
});

describe('the daily cap', () => {
  it("refuses an import that would pass the day's invitations (429), writing nothing", async () => {
    await sql(
      `INSERT INTO member_invitations (institution_id, user_id, email, sent_at)
       SELECT $1, $2, 'kept@active.edu', now() FROM generate_series(1, $3::int)`,
      [
        A,
        ids['kept@active.edu'],
        INVITES_PER_DAY - 1 - (await sql<{ n: number }>('SELECT count(*)::int AS n FROM member_invitations'))[0].n,
      ],
    );
    const before = await state();
    const csv = `email,name\ncap.one@active.edu,Cap One\ncap.two@active.edu,Cap Two`;
    const res = await importCsv(csv);
    expect([res.status, res.error.code]).toEqual([429, 'too_many_invitations']);
    expect(res.error.message).toBe(`Your institution may send ${INVITES_PER_DAY} invitations a day; 1 are left today.`);
    expect(await state()).toEqual(before);
    // One still fits.
    expect((await importCsv('email,name\ncap.one@active.edu,Cap One')).body).toMatchObject({
      invited: 1,
    });
  });
});
