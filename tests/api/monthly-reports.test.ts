// Monthly reports by e-mail: a librarian subscribes addresses to COUNTER reports; the job sends
// each the last complete month once, through the real SMTP server of the tests, with the TSV
// attached; two workers (two connection pools, as two processes) racing send each exactly once; a
// claim left by a worker that died is taken again only once it lapses; a mail server that is down
// sends nothing and marks nothing; the next month is sent the next month.
// On PostgreSQL too: two workers sending one month at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, testApp, type TestContext } from '../support/app';
import { apiClient, signInByCode, unchecked, xsrfToken } from '../support/api-client';
import type { ParsedMail } from 'mailparser';
import { startSmtp } from '../support/smtp';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { openPglite, openPostgres, type Db } from '../../src/server/db/index';
import { grantConsoleRole } from '../../src/server/repositories/console';
import { storeReadEvents } from '../../src/server/repositories/reader';
import { createMailer } from '../../src/server/services/mailer';
import { lastCompleteMonth, sendMonthlyReports } from '../../src/server/jobs/monthly-reports';
import * as endpoints from '../../src/shared/endpoints';

const onPostgres = process.env.LECTERN_TEST_DB === 'postgres';
let t: TestContext;
let second: Db; // another worker's pool on the same database
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let api: ReturnType<typeof apiClient>;
const tokens: Record<string, string> = {};
const A = FX.inst.active;
const inst = { institutionId: A };
/** A subscription of an institution. */
const sub = (subscriptionId: number, institutionId: number = A) => ({ institutionId, subscriptionId });
const now = new Date();
const month = lastCompleteMonth(now);

beforeAll(async () => {
  smtp = await startSmtp();
  let url = '';
  const open = async () => {
    if (!onPostgres) return openPglite(undefined);
    url = (await freshPostgresDatabase()).url;
    return openPostgres(url, 4);
  };
  t = await testApp(loadCatalogue, { open, config: { smtpUrl: smtp.url } });
  second = onPostgres ? await openPostgres(url, 4) : t.db;
  api = apiClient(t.app, await xsrfToken(t.app));
  // Sign-in codes go through the real SMTP server here.
  for (const email of ['librarian@active.edu', 'librarian@expired.edu', 'member@active.edu'])
    tokens[email] = (await signInByCode(t.db, api, smtp, email)).token;
  await grantConsoleRole(t.db, { email: 'librarian@active.edu', role: 'librarian', orgCode: 'ACT', actorId: null });
  await grantConsoleRole(t.db, { email: 'librarian@expired.edu', role: 'librarian', orgCode: 'EXP', actorId: null });
  // A member opened Business Weekly twice (two sessions) in the last complete month.
  const member = (await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'member@active.edu'`)).rows[0].id;
  const issue = (await t.db.query<{ issue_id: number }>('SELECT min(issue_id) AS issue_id FROM issues WHERE mid = $1', [FX.mid.biz]))
    .rows[0].issue_id;
  const at = Date.parse(`${month}-10T10:00:00Z`);
  await storeReadEvents(t.db, member, [
    { kind: 'issue_open', issueId: issue, at },
    { kind: 'issue_open', issueId: issue, at: at + 2 * 3_600_000 },
  ]);
}, 90_000);
afterAll(async () => {
  if (second && second !== t?.db) await second.close();
  await t?.close();
  await smtp?.close();
});

const send = (db: Db, when = now, mailer = t.app.mailer) =>
  sendMonthlyReports({ db, mailer, unsubscribeUrl: t.app.unsubscribeUrl, siteUrl: t.app.config.publicUrl, now: when });
const subscribe = (report: unknown, email: unknown, who = 'librarian@active.edu') =>
  api.call(endpoints.consoleReportSubscriptionsAdd, { params: inst, body: unchecked({ report, email }) }, tokens[who]);
const unsubscribeLink = (mail: ParsedMail) => mail.headerLines.find((h) => h.key === 'list-unsubscribe')!.line.match(/<([^>]+)>/)![1];
const rowsOf = async () =>
  (
    await t.db.query<{ id: number; last_month: string | null }>(
      `SELECT id, to_char(last_month, 'YYYY-MM') AS last_month FROM report_subscriptions ORDER BY id`,
    )
  ).rows;

describe('subscriptions in the console', () => {
  it('adds, lists and refuses bad input with a 400 that changes nothing; another institution gets a 403', async () => {
    const tr = await subscribe('tr', 'Reports@Active.edu');
    expect(tr.status).toBe(200);
    expect(tr.body).toMatchObject({ report: 'TR', email: 'reports@active.edu', lastMonth: null });
    expect((await subscribe('PR', 'dean@active.edu')).status).toBe(200);
    for (const [report, email, status] of [
      ['TR', 'reports@active.edu', 409],
      ['BR1', 'x@active.edu', 400],
      ['TR', 'not an address', 400],
      ['TR', 'a\u0000@active.edu', 400],
      ['TR', `${'a'.repeat(250)}@active.edu`, 400],
      [null, null, 400],
    ] as const) {
      const res = await subscribe(report, email);
      expect([report, email, res.status]).toEqual([report, email, status]);
      expect(res.error.message).toBeTruthy();
    }
    expect((await subscribe('TR', 'spy@expired.edu', 'librarian@expired.edu')).status).toBe(403);
    expect((await api.call(endpoints.consoleReportSubscriptions, { params: inst }, tokens['librarian@expired.edu'])).status).toBe(403);
    expect((await api.call(endpoints.consoleReportSubscriptions, { params: inst }, tokens['member@active.edu'])).status).toBe(403);
    const listed = await api.call(endpoints.consoleReportSubscriptions, { params: inst }, tokens['librarian@active.edu']);
    expect(listed.body.subscriptions.map((s) => `${s.report} ${s.email}`)).toEqual(['TR reports@active.edu', 'PR dean@active.edu']);
    const audit = await t.db.query<{ action: string }>(`SELECT action FROM console_audit WHERE action LIKE 'report.%'`);
    expect(audit.rows.map((r) => r.action)).toEqual(['report.subscribe', 'report.subscribe']);
  });
});

describe('the monthly send', () => {
  it('two workers racing send each subscription once, with the TSV of the last complete month attached', async () => {
    expect((await subscribe('TR_J1', 'journals@active.edu')).status).toBe(200);
    smtp.hold(); // each send waits at the mail server, so both workers are mid-run at once
    const runs = Promise.all([send(t.db), send(second)]);
    const claimed = async () =>
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM report_subscriptions WHERE claimed_until IS NOT NULL')).rows[0].n;
    const deadline = Date.now() + 20_000;
    while ((await claimed()) < (onPostgres ? 2 : 1) && Date.now() < deadline) await new Promise((r) => setImmediate(r));
    smtp.release();
    const sent = await runs;
    expect(sent[0] + sent[1]).toBe(3);
    const to = (a: string) => smtp.mailsTo(a);
    expect([to('reports@active.edu').length, to('dean@active.edu').length, to('journals@active.edu').length]).toEqual([1, 1, 1]);
    expect((await rowsOf()).map((r) => r.last_month)).toEqual([month, month, month]);

    const mail = to('reports@active.edu')[0];
    expect(mail.subject).toContain('Title Report (TR) for Active U');
    expect(unsubscribeLink(mail)).toContain('/unsubscribe?t=');
    expect(mail.messageId).toMatch(new RegExp(`^<report-\\d+-${month}@`));
    const [file] = mail.attachments;
    expect(file.filename).toBe(`TR_${month}_${month}.tsv`);
    // The Code's tabular form: a byte order mark, LF line ends, every row padded to the headings' width.
    const text = file.content.toString('utf8');
    expect(text.startsWith('\uFEFFReport_Name\t')).toBe(true);
    const lines = text
      .slice(1)
      .split('\n')
      .map((l) => l.replace(/\t+$/, ''));
    expect(lines.slice(0, 2)).toEqual(['Report_Name\tTitle Report', 'Report_ID\tTR']);
    expect(lines[3]).toBe('Institution_Name\tActive U');
    const heading = lines[14].split('\t');
    const biz = lines
      .slice(15)
      .map((l) => l.split('\t'))
      .find((c) => c[0] === 'Business Weekly' && c.includes('Total_Item_Requests'))!;
    expect(biz[heading.indexOf('Reporting_Period_Total')]).toBe('2');

    // Again, and after a restart (a new process has nothing in memory): nothing more this month.
    expect(await send(second)).toBe(0);
    expect(smtp.received).toHaveLength(3 + 3); // three sign-in codes before
  });

  it('a claim a dead worker left is taken again only once it lapses; a failed send marks nothing', async () => {
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 15));
    const nextMonth = lastCompleteMonth(next);
    const [first] = await rowsOf();
    // A worker claimed the first subscription's next month and died before sending.
    await t.db.query(
      `UPDATE report_subscriptions SET claimed_month = $2::date, claimed_until = now() + interval '10 minutes' WHERE id = $1`,
      [first.id, `${nextMonth}-01`],
    );
    const down = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'x@lectern.test', outboxDir: '/nonexistent' });
    expect(await send(t.db, next, down)).toBe(0);
    expect((await rowsOf()).map((r) => r.last_month)).toEqual([month, month, month]);
    expect(await send(second, next)).toBe(2); // the other two; the first is still claimed
    expect(smtp.mailsTo('reports@active.edu')).toHaveLength(1);
    await t.db.query(`UPDATE report_subscriptions SET claimed_until = now() - interval '1 second' WHERE id = $1`, [first.id]);
    expect(await send(t.db, next)).toBe(1);
    expect(smtp.mailsTo('reports@active.edu')).toHaveLength(2);
    expect((await rowsOf()).map((r) => r.last_month)).toEqual([nextMonth, nextMonth, nextMonth]);
  });

  it('stops: removed in the console, or by the link in the mail; another institution cannot remove it', async () => {
    const [first, secondSub] = await rowsOf();
    expect(
      (await api.call(endpoints.consoleReportSubscriptionsRemove, { params: sub(first.id) }, tokens['librarian@expired.edu'])).status,
    ).toBe(403);
    expect(
      (
        await api.call(
          endpoints.consoleReportSubscriptionsRemove,
          { params: sub(first.id, FX.inst.expired) },
          tokens['librarian@expired.edu'],
        )
      ).status,
    ).toBe(404);
    expect(
      (await api.call(endpoints.consoleReportSubscriptionsRemove, { params: sub(first.id) }, tokens['librarian@active.edu'])).status,
    ).toBe(200);
    expect(
      (await api.call(endpoints.consoleReportSubscriptionsRemove, { params: sub(first.id) }, tokens['librarian@active.edu'])).status,
    ).toBe(404);
    const token = new URL(unsubscribeLink(smtp.mailsTo('dean@active.edu')[0])).searchParams.get('t');
    expect((await api.call(endpoints.unsubscribe, { body: { t: token! } })).status).toBe(200);
    expect((await rowsOf()).map((r) => r.id)).not.toContain(secondSub.id);
    expect((await rowsOf()).map((r) => r.id)).not.toContain(first.id);
  });
});
