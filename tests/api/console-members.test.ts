// The console's members and access requests: search, filters and paging against known members,
// a member's page, removal and extension (bad input refused, nothing changed, every change
// audited), the CSV export (no formula gets through), and institution IDs approved or refused
// with a mail through a real SMTP server. Every endpoint refuses another institution's librarian.
// On PostgreSQL too: two librarians deciding one request at once.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCanvas } from '@napi-rs/canvas';
import { testApp, type TestContext } from '../support/app';
import { apiClient, signInByCode, unchecked, xsrfToken } from '../support/api-client';
import { startSmtp } from '../support/smtp';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { ADMIN, LIB, OTHER, grantTestConsoleRoles } from '../support/console-roles';
import { deviceLabel, deviceName } from '../../src/server/repositories/console-members';
import { MEMBERS_PAGE_SIZE } from '../../src/shared/schemas/console-members';
import * as endpoints from '../../src/shared/endpoints';
import { pathOf, type QueryIn } from '../../src/shared/endpoints/endpoint';

let t: TestContext;
let api: ReturnType<typeof apiClient>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const A = FX.inst.active;

const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;
const signIn = async (email: string) => {
  const s = await signInByCode(t.db, api, smtp, email);
  tokens[email] = s.token;
  ids[email] = s.id;
  return s;
};

function idPhoto(): Buffer {
  const canvas = createCanvas(400, 250);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#26a';
  ctx.fillRect(0, 0, 400, 250);
  return canvas.toBuffer('image/png');
}

beforeAll(async () => {
  smtp = await startSmtp();
  t = await testApp(loadCatalogue, { config: { smtpUrl: smtp.url, mailFrom: 'Lectern <hello@lectern.test>' } });
  api = apiClient(t.app, await xsrfToken(t.app));
  for (const email of [LIB, OTHER, ADMIN, 'meera@active.edu', 'coded@active.edu', 'gone@active.edu', 'evil@active.edu', 'reader@basic.edu'])
    await signIn(email);
  await grantTestConsoleRoles(t.db);
  await sql(`UPDATE users SET first_name = 'Meera', last_name = 'Iyer', mobile = '+919876543210', mobile_verified = true WHERE id = $1`, [
    ids['meera@active.edu'],
  ]);
  await sql(`UPDATE users SET first_name = 'Kabir', access_ends_at = now() + interval '10 days' WHERE id = $1`, [ids['coded@active.edu']]);
  await sql(`UPDATE users SET first_name = 'Gita', access_ends_at = now() - interval '1 day' WHERE id = $1`, [ids['gone@active.edu']]);
  await sql(`UPDATE users SET first_name = '=HYPERLINK("http://evil.example","x")' WHERE id = $1`, [ids['evil@active.edu']]);
  // 60 more members, so the list has two pages.
  await sql(
    `INSERT INTO users (uuid, email, first_name, last_name, institution_id)
     SELECT gen_random_uuid(), 'bulk' || n || '@active.edu', 'Zed', 'Bulk ' || lpad(n::text, 2, '0'), $1 FROM generate_series(1, 60) n`,
    [A],
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const members = (query: QueryIn<typeof endpoints.consoleMembers> = {}, token = tokens[LIB], institutionId: number | string = A) =>
  api.call(endpoints.consoleMembers, { params: { institutionId }, query }, token);
/** An ID request of the institution. */
const request = (requestId: number) => ({ institutionId: A, requestId });
const emailsOf = (body: { members: { email: string | null }[] }) => body.members.map((m) => m.email);

describe('the member list', () => {
  it('lists the members by name, a page at a time, with their status and access end', async () => {
    const first = await members();
    expect(first.status).toBe(200);
    // 5 who signed in with an active.edu address (the librarian too) and 60 bulk members
    expect(first.body).toMatchObject({ total: 65, page: 0, nbPages: 2 });
    expect(first.body.members).toHaveLength(MEMBERS_PAGE_SIZE);
    const second = await members({ page: 1 });
    expect(second.body.members).toHaveLength(15);
    expect(second.body.members.at(-1)!.name).toBe('Zed Bulk 60');
    const byEmail = Object.fromEntries(first.body.members.map((m) => [m.email, m]));
    expect(byEmail['meera@active.edu']).toMatchObject({ name: 'Meera Iyer', mobile: '+919876543210', status: 'active', lastReadAt: null });
    expect(byEmail['coded@active.edu'].status).toBe('ending');
    expect(byEmail['gone@active.edu'].status).toBe('expired');
    const subEnd = (await sql<{ sub_end: Date }>('SELECT sub_end FROM institutions WHERE id = $1', [A]))[0].sub_end;
    expect(byEmail['meera@active.edu'].accessEndsAt).toBe(subEnd.toISOString());
  });

  it('searches name, e-mail and mobile, by prefix or any part, and takes % and _ literally', async () => {
    expect(emailsOf((await members({ q: 'mee' })).body)).toEqual(['meera@active.edu']);
    expect(emailsOf((await members({ q: 'IYER' })).body)).toEqual(['meera@active.edu']);
    expect(emailsOf((await members({ q: 'eera@act' })).body)).toEqual(['meera@active.edu']);
    expect(emailsOf((await members({ q: '98765' })).body)).toEqual(['meera@active.edu']);
    expect((await members({ q: 'bulk 0' })).body.total).toBe(9);
    // Terms under three letters match the start of the name (no trigram to look up).
    expect(emailsOf((await members({ q: 'Me' })).body)).toEqual(['meera@active.edu']);
    expect((await members({ q: 'ee' })).body.total).toBe(0);
    expect((await members({ q: '%' })).body.total).toBe(0);
    expect((await members({ q: '_' })).body.total).toBe(0);
    expect((await members({ q: 'nobody-like-this' })).body).toMatchObject({ total: 0, nbPages: 0, members: [] });
  });

  it('filters active (access not ended), ending within 30 days, expired and pending', async () => {
    expect((await members({ filter: 'active' })).body.total).toBe(64);
    expect(emailsOf((await members({ filter: 'ending' })).body)).toEqual(['coded@active.edu']);
    expect(emailsOf((await members({ filter: 'expired' })).body)).toEqual(['gone@active.edu']);
    expect(emailsOf((await members({ filter: 'expired', q: 'meera' })).body)).toEqual([]);
    expect((await members({ filter: 'pending' })).body.total).toBe(0);
  });

  it('refuses bad input with a 400 and a clear message', async () => {
    for (const bad of [{ filter: 'bogus' }, { page: -1 }, { page: 'x' }, { q: 'a'.repeat(101) }, { q: '\u0000' }]) {
      const res = await members(unchecked(bad));
      expect([bad, res.status]).toEqual([bad, 400]);
      expect(res.error.message).toBeTruthy();
    }
    expect((await members({}, tokens[LIB], 'x')).status).toBe(400);
  });

  it('exports the filtered list as CSV that no spreadsheet runs as a formula', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${pathOf(endpoints.consoleMembersCsv, { institutionId: A })}?q=active.edu&filter=active`,
      headers: { authorization: tokens[LIB] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="members-${A}-active.csv"`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    // No last_read column: the institution keeps members' reading private (the default).
    expect(lines[0]).toBe('name,email,mobile,status,access_until');
    expect(lines).toHaveLength(1 + 64);
    expect(lines).toContain(
      `"'=HYPERLINK(""http://evil.example"",""x"")",evil@active.edu,,active,${(await members({ q: 'evil' })).body.members[0].accessEndsAt!.slice(0, 10)}`,
    );
    expect(lines.find((l) => l.startsWith('Meera Iyer'))).toMatch(/^Meera Iyer,meera@active\.edu,'\+919876543210,active,/);
    expect(lines.some((l) => l.includes('gone@active.edu'))).toBe(false);
  });
});

describe("a member's page", () => {
  it('shows the ways they sign in, their devices with downloads and what they read last', async () => {
    // Shown where the institution lets its librarians see them (member-privacy.test.ts).
    const show = { showReading: true, showDevices: true, retentionDays: 180 };
    expect((await api.call(endpoints.consolePrivacySave, { params: { institutionId: A }, body: show }, tokens[ADMIN])).status).toBe(200);
    const meera = ids['meera@active.edu'];
    const [issue] = await sql<{ issue_id: number }>('SELECT issue_id FROM issues WHERE mid = $1 ORDER BY issue_id LIMIT 1', [FX.mid.biz]);
    await sql(`INSERT INTO downloads (user_id, device_id, issue_id) VALUES ($1, 'device-a', $2)`, [meera, issue.issue_id]);
    await sql(`INSERT INTO usage_events (kind, user_id, institution_id, mid, issue_id) VALUES ('issue_open', $1, $2, $3, $4)`, [
      meera,
      A,
      FX.mid.biz,
      issue.issue_id,
    ]);
    const res = await api.call(endpoints.consoleMember, { params: { institutionId: A, memberId: meera } }, tokens[LIB]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: meera,
      name: 'Meera Iyer',
      status: 'active',
      signInWays: { email: true, mobile: true, password: false, accessCode: null },
      devices: [{ label: deviceLabel('device-a'), downloads: 1 }],
      lastRead: { title: 'Business Weekly', issueId: issue.issue_id },
    });
    // The device's own id is the member's: the librarian gets a label that only tells devices apart.
    expect(res.body.devices[0].label).toMatch(/^[0-9a-f]{8}$/);
    expect(JSON.stringify(res.body)).not.toContain('device-a');
    expect(res.body.sessions).toHaveLength(1);
    expect(res.body.lastReadAt).toBe(res.body.lastRead!.at);
    expect((await members({ q: 'meera' })).body.members[0].lastReadAt).toBe(res.body.lastRead!.at);
  });

  it('names devices as a librarian would', () => {
    expect(
      deviceName('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36'),
    ).toBe('Chrome on Android');
    expect(
      deviceName('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1'),
    ).toBe('Safari on iPhone');
    expect(deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0')).toBe(
      'Edge on Windows',
    );
    expect(deviceName(null)).toBe('');
  });

  it('is a 404 for someone who is not a member, and a 400 for a bad id', async () => {
    expect(
      (await api.call(endpoints.consoleMember, { params: { institutionId: A, memberId: ids['reader@basic.edu'] } }, tokens[LIB])).status,
    ).toBe(404);
    expect((await api.call(endpoints.consoleMember, { params: { institutionId: A, memberId: 'abc' } }, tokens[LIB])).status).toBe(400);
  });
});

const audit = (action: string) =>
  sql<{ actor: string; target: string; before: unknown; after: unknown }>(
    'SELECT actor, target, before, after FROM console_audit WHERE action = $1 ORDER BY id',
    [action],
  );
const endsOf = async (userId: number) =>
  (
    await sql<{ institution_id: number | null; access_ends_at: Date | null }>(
      'SELECT institution_id, access_ends_at FROM users WHERE id = $1',
      [userId],
    )
  )[0];

describe('extending access', () => {
  const extend = (memberId: number, until: unknown, token = tokens[LIB], institutionId = A) =>
    api.call(endpoints.consoleMembersExtend, { params: { institutionId, memberId }, body: unchecked({ until }) }, token);
  const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

  it('refuses dates that do not exist, are past, pass the subscription or do not extend: 400, nothing changed', async () => {
    const kabir = ids['coded@active.edu'];
    const before = await endsOf(kabir);
    for (const [until, message] of [
      ['2026-02-30', 'expected a date that exists'],
      ['tomorrow', 'expected a date as YYYY-MM-DD'],
      [20270101, ''],
      [inDays(-2), 'Choose a date from today on.'],
      [inDays(400), "Access cannot run past the subscription's end"],
      [inDays(5), 'Access already runs until'],
    ] as const) {
      const res = await extend(kabir, until);
      expect([until, res.status]).toEqual([until, 400]);
      expect(res.error.message).toContain(message);
    }
    expect(await endsOf(kabir)).toEqual(before);
    expect(await audit('member.extend')).toEqual([]);
    // The field is named by its label on the console's screen, not by the API's name for it.
    const named = await extend(kabir, 'tomorrow');
    expect(named.error.message).toBe('Last day of access: expected a date as YYYY-MM-DD');
    expect(named.error.message).not.toMatch(/\buntil\b/);
  });

  it('moves the end to the end of the chosen day (UTC), and records who did it', async () => {
    const gita = ids['gone@active.edu'];
    const res = await extend(gita, inDays(20));
    expect(res.status).toBe(200);
    const end = new Date(Date.parse(`${inDays(21)}T00:00:00Z`)).toISOString();
    expect(res.body).toMatchObject({ status: 'ending', accessEndsAt: end });
    expect((await endsOf(gita)).access_ends_at?.toISOString()).toBe(end);
    const [entry] = await audit('member.extend');
    expect(entry).toMatchObject({ actor: LIB, target: 'gone@active.edu', after: { accessEndsAt: end } });
    expect(new Date((entry.before as { accessEndsAt: string }).accessEndsAt).getTime()).toBeLessThan(Date.now());
  });
});

describe('removing a member', () => {
  it('takes them out of the institution for good: their e-mail domain does not bring them back', async () => {
    const evil = ids['evil@active.edu'];
    const res = await api.call(endpoints.consoleMembersRemove, { params: { institutionId: A, memberId: evil } }, tokens[LIB]);
    expect(res.status).toBe(200);
    expect(await endsOf(evil)).toEqual({ institution_id: null, access_ends_at: null });
    expect(await audit('member.remove')).toEqual([
      expect.objectContaining({ actor: LIB, target: 'evil@active.edu', after: { member: false } }),
    ]);
    await signIn('evil@active.edu');
    expect((await endsOf(evil)).institution_id).toBeNull();
    expect((await api.call(endpoints.consoleMembersRemove, { params: { institutionId: A, memberId: evil } }, tokens[LIB])).status).toBe(
      404,
    );
  });
});

describe('access requests', () => {
  const imageUrl = (requestId: number) => pathOf(endpoints.consoleIdRequestsImage, request(requestId));
  const ask = async (email: string) => {
    await signIn(email);
    const res = await api.upload(
      pathOf(endpoints.userUploadid),
      { institutionId: String(A) },
      { name: 'id.png', type: 'image/png', bytes: idPhoto() },
      tokens[email],
    );
    expect(res.status).toBe(200);
    return (await sql<{ id: number }>(`SELECT id FROM id_uploads WHERE user_id = $1 AND status = 'pending'`, [ids[email]]))[0].id;
  };
  const firstIssue = async () =>
    (await sql<{ issue_id: number }>('SELECT issue_id FROM issues WHERE mid = $1 LIMIT 1', [FX.mid.biz]))[0].issue_id;

  it('lists the IDs waiting, shows each image only to the librarians, and approving lets the reader read and mails them', async () => {
    const id = await ask('asker@gmail.example');
    const list = await api.call(endpoints.consoleIdRequests, { params: { institutionId: A } }, tokens[LIB]);
    expect(list.status).toBe(200);
    expect(list.body.requests).toEqual([expect.objectContaining({ id, userId: ids['asker@gmail.example'], email: 'asker@gmail.example' })]);
    // The asker shows under the pending filter (not a member yet).
    expect(emailsOf((await members({ filter: 'pending' })).body)).toEqual(['asker@gmail.example']);
    expect(emailsOf((await members({ filter: 'pending', q: 'asker@' })).body)).toEqual(['asker@gmail.example']);
    expect((await members({ filter: 'pending', q: 'meera' })).body.total).toBe(0);

    const image = await t.app.inject({ method: 'GET', url: imageUrl(id), headers: { authorization: tokens[LIB] } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('no-store');
    expect(image.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect((await t.app.inject({ method: 'GET', url: imageUrl(id) })).statusCode).toBe(401);

    expect((await api.call(endpoints.readerToken, { body: { issue: await firstIssue() } }, tokens['asker@gmail.example'])).status).toBe(
      403,
    );
    const approved = await api.call(endpoints.consoleIdRequestsApprove, { params: request(id) }, tokens[LIB]);
    expect(approved.body).toEqual({ ok: true, told: true, joined: true });
    expect(await status(id)).toBe('approved');
    expect((await api.call(endpoints.readerToken, { body: { issue: await firstIssue() } }, tokens['asker@gmail.example'])).status).toBe(
      200,
    );
    const mail = smtp.mailsTo('asker@gmail.example').at(-1)!;
    expect(mail.subject).toBe('Your Lectern access is ready');
    expect(mail.text).toContain('Active U has checked your ID');
    expect(await audit('id.approve')).toEqual([expect.objectContaining({ actor: LIB, target: 'asker@gmail.example' })]);
    // Decided: no longer listed, its image no longer served, a second decision a 404.
    expect((await api.call(endpoints.consoleIdRequests, { params: { institutionId: A } }, tokens[LIB])).body.requests).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: imageUrl(id), headers: { authorization: tokens[LIB] } })).statusCode).toBe(404);
    expect((await api.call(endpoints.consoleIdRequestsReject, { params: request(id), body: { reason: 'late' } }, tokens[LIB])).status).toBe(
      404,
    );
  });

  it('rejecting needs a reason, mails it to the reader and deletes the file', async () => {
    const id = await ask('blurry@gmail.example');
    const [{ file_name }] = await sql<{ file_name: string }>('SELECT file_name FROM id_uploads WHERE id = $1', [id]);
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 'a\u0000b' }]) {
      const res = await api.call(endpoints.consoleIdRequestsReject, { params: request(id), body: unchecked(body) }, tokens[LIB]);
      expect([body, res.status]).toEqual([body, 400]);
    }
    expect(await status(id)).toBe('pending');
    const res = await api.call(
      endpoints.consoleIdRequestsReject,
      { params: request(id), body: { reason: 'The photo is too blurry to read your name.' } },
      tokens[LIB],
    );
    expect(res.body).toEqual({ ok: true, told: true, joined: false });
    expect(await status(id)).toBe('rejected');
    expect(fs.existsSync(path.join(t.dataDir, 'private', 'ids', file_name))).toBe(false);
    const mail = smtp.mailsTo('blurry@gmail.example').at(-1)!;
    expect(mail.subject).toBe('Your ID for Lectern was not accepted');
    expect(mail.text).toContain('The photo is too blurry to read your name.');
    expect((await endsOf(ids['blurry@gmail.example'])).institution_id).toBeNull();
  });

  it('two librarians approving at once: one decides, the other is told it was decided; one mail', async () => {
    const id = await ask('twice@gmail.example');
    const mailsBefore = smtp.mailsTo('twice@gmail.example').length;
    const answers = await Promise.all([
      api.call(endpoints.consoleIdRequestsApprove, { params: request(id) }, tokens[LIB]),
      api.call(endpoints.consoleIdRequestsApprove, { params: request(id) }, tokens[ADMIN]),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
    expect(smtp.mailsTo('twice@gmail.example').length).toBe(mailsBefore + 1);
    expect((await audit('id.approve')).filter((e) => e.target === 'twice@gmail.example')).toHaveLength(1);
  });

  it('an approved ID lets a removed member back in', async () => {
    const evil = ids['evil@active.edu'];
    const res = await api.upload(
      pathOf(endpoints.userUploadid),
      { institutionId: String(A) },
      { name: 'id.png', type: 'image/png', bytes: idPhoto() },
      tokens['evil@active.edu'],
    );
    expect(res.status).toBe(200);
    const [{ id }] = await sql<{ id: number }>(`SELECT id FROM id_uploads WHERE user_id = $1 AND status = 'pending'`, [evil]);
    expect((await api.call(endpoints.consoleIdRequestsApprove, { params: request(id) }, tokens[LIB])).body.joined).toBe(true);
    expect((await endsOf(evil)).institution_id).toBe(A);
    expect(await sql('SELECT 1 FROM member_removals WHERE user_id = $1', [evil])).toEqual([]);
  });
});

describe('who may call the member and request endpoints', () => {
  it("refuses another institution's librarian (403) and a reader without a role (403); nothing changes", async () => {
    const meera = ids['meera@active.edu'];
    const id = (
      await sql<{ id: number }>(
        `INSERT INTO id_uploads (user_id, institution_id, file_name, mime, bytes) VALUES ($1, $2, 'none.webp', 'image/webp', 1) RETURNING id`,
        [ids['reader@basic.edu'], A],
      )
    )[0].id;
    const before = await endsOf(meera);
    const auditBefore = (await sql('SELECT id FROM console_audit')).length;
    const inst = { institutionId: A };
    const member = { institutionId: A, memberId: meera };
    const calls: [string, (token?: string) => Promise<{ status: number; error: { message: string } }>][] = [
      ['members', (token) => api.call(endpoints.consoleMembers, { params: inst }, token)],
      ['members.csv', (token) => api.call(endpoints.consoleMembersCsv, { params: inst }, token)],
      ['member', (token) => api.call(endpoints.consoleMember, { params: member }, token)],
      ['remove', (token) => api.call(endpoints.consoleMembersRemove, { params: member }, token)],
      [
        'extend',
        (token) =>
          api.call(
            endpoints.consoleMembersExtend,
            { params: member, body: { until: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10) } },
            token,
          ),
      ],
      ['id-requests', (token) => api.call(endpoints.consoleIdRequests, { params: inst }, token)],
      ['image', (token) => api.call(endpoints.consoleIdRequestsImage, { params: request(id) }, token)],
      ['approve', (token) => api.call(endpoints.consoleIdRequestsApprove, { params: request(id) }, token)],
      ['reject', (token) => api.call(endpoints.consoleIdRequestsReject, { params: request(id), body: { reason: 'no' } }, token)],
    ];
    for (const [url, call] of calls) {
      for (const [who, message] of [
        [OTHER, "That is another institution's console."],
        ['meera@active.edu', 'The library console is for librarians.'],
      ]) {
        const res = await call(tokens[who]);
        expect([url, who, res.status, res.error.message]).toEqual([url, who, 403, message]);
      }
      expect((await call()).status).toBe(401);
    }
    expect(await endsOf(meera)).toEqual(before);
    expect(await status(id)).toBe('pending');
    expect((await sql('SELECT id FROM console_audit')).length).toBe(auditBefore);
    // Through their own institution's address, another institution's member or request is not found.
    expect(
      (await api.call(endpoints.consoleMember, { params: { institutionId: FX.inst.expired, memberId: meera } }, tokens[OTHER])).status,
    ).toBe(404);
    expect(
      (await api.call(endpoints.consoleIdRequestsApprove, { params: { institutionId: FX.inst.expired, requestId: id } }, tokens[OTHER]))
        .status,
    ).toBe(404);
    expect(await status(id)).toBe('pending');
    // An admin may run any institution.
    expect((await members({}, tokens[ADMIN])).status).toBe(200);
  });
});

async function status(id: number) {
  return (await sql<{ status: string }>('SELECT status FROM id_uploads WHERE id = $1', [id]))[0].status;
}
