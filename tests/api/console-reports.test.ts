// COUNTER 5.1 usage reports, SUSHI and KBART: the counts against a hand-computed fixture (double
// clicks, several sessions, refusals), the tabular layout of the Code of Practice, a harvester's
// calls over HTTP, and the console's checks (another institution's librarian gets a 403).
// On PostgreSQL too: concurrent event batches of one reader's session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, signInByCode, unchecked, xsrfToken } from '../support/api-client';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { grantConsoleRole } from '../../src/server/repositories/console';
import { storeReadEvents } from '../../src/server/repositories/reader';
import { rebuildCounterUsage, recordReaderEvent } from '../../src/server/repositories/counter-usage';
import { reportTable, reportText, HEADER_LABELS } from '../../src/shared/counter/tabular';
import { KBART_COLUMNS } from '../../src/shared/kbart';
import { assertCounterReport, assertSushiAnswer } from '../support/counter-schema';
import * as endpoints from '../../src/shared/endpoints';

let t: TestContext;
let api: ReturnType<typeof apiClient>;
const outbox = memoryOutbox();
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const issue: Record<string, number[]> = {};
const A = FX.inst.active;

beforeAll(async () => {
  t = await testApp(loadCatalogue, { mailer: outbox.mailer });
  api = apiClient(t.app, await xsrfToken(t.app));
  for (const email of ['librarian@active.edu', 'member@active.edu', 'librarian@expired.edu', 'member@expired.edu', 'admin@example.com']) {
    tokens[email] = (await signInByCode(t.db, api, outbox, email)).token;
    ids[email] = (await t.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email])).rows[0].id;
  }
  for (const [email, role, orgCode] of [
    ['librarian@active.edu', 'librarian', 'ACT'],
    ['librarian@expired.edu', 'librarian', 'EXP'],
    ['admin@example.com', 'admin', null],
  ] as const) {
    await grantConsoleRole(t.db, { email, role, orgCode, actorId: null });
  }
  for (const [name, mid] of Object.entries({ biz: FX.mid.biz, tech: FX.mid.tech, journal: FX.mid.journal, paper: FX.mid.paper })) {
    issue[name] = (await t.db.query<{ issue_id: number }>('SELECT issue_id FROM issues WHERE mid = $1 ORDER BY issue_id', [mid])).rows.map(
      (r) => r.issue_id,
    );
  }
  // The hand-computed fixture (README "Usage reports"): times in UTC.
  const at = (s: string) => Date.parse(`${s}Z`);
  const member = ids['member@active.edu'];
  const librarian = ids['librarian@active.edu'];
  await storeReadEvents(t.db, member, [
    { kind: 'issue_open', issueId: issue.biz[0], at: at('2026-03-10T10:00:00') }, // 1
    { kind: 'issue_open', issueId: issue.biz[0], at: at('2026-03-10T10:00:10') }, // 2: double click of 1
    { kind: 'page_view', issueId: issue.biz[0], page: 2, at: at('2026-03-10T10:00:20') }, // 3
    { kind: 'page_view', issueId: issue.biz[0], page: 2, at: at('2026-03-10T10:00:25') }, // 4: double click of 3
    { kind: 'issue_open', issueId: issue.biz[1], at: at('2026-03-10T10:05:00') }, // 5: another issue, same title and session
    { kind: 'issue_open', issueId: issue.biz[0], at: at('2026-03-10T10:06:00') }, // 6: again, past 30 s: counted, not unique
  ]);
  // A new session (the next hour).
  await storeReadEvents(t.db, member, [
    { kind: 'issue_open', issueId: issue.biz[0], at: at('2026-03-10T11:10:00') }, // 7
    { kind: 'issue_open', issueId: issue.journal[0], at: at('2026-03-10T11:20:00') }, // 8
  ]);
  // Another reader in the first hour: a session of its own.
  await storeReadEvents(t.db, librarian, [
    { kind: 'issue_open', issueId: issue.biz[0], at: at('2026-03-10T10:00:05') }, // 9
    { kind: 'page_view', issueId: issue.tech[0], page: 1, at: at('2026-03-10T10:00:50') }, // 10: a free title, no request
    { kind: 'issue_open', issueId: issue.paper[0], at: at('2026-04-02T09:00:00') }, // 11: April
  ]);
  // Refusals: no licence twice in 10 s (one double click), and a limit reached.
  for (const [kind, issueId, when] of [
    ['denied_no_license', issue.paper[0], '2026-03-05T12:00:00'],
    ['denied_no_license', issue.paper[0], '2026-03-05T12:00:10'],
    ['denied_limit', issue.journal[0], '2026-03-06T08:00:00'],
  ] as const) {
    await t.db.transaction((tx) => recordReaderEvent(tx, { kind, userId: member, issueId, at: new Date(at(when)) }));
  }
  // Another institution's read, which Active U must never see.
  await storeReadEvents(t.db, ids['member@expired.edu'], [{ kind: 'issue_open', issueId: issue.biz[0], at: at('2026-03-10T10:00:00') }]);
});
afterAll(() => t?.close());

/** A report from the console, its query as a harvester writes it; every one answered must be valid
 * COUNTER 5.1 for its Report_ID. */
const report = async (id: string, query: string, email = 'librarian@active.edu', inst: number = A) => {
  const res = await api.call(
    endpoints.consoleReports,
    { params: { institutionId: inst, report: id }, query: unchecked(Object.fromEntries(new URLSearchParams(query))) },
    tokens[email],
  );
  if (res.status === 200) assertCounterReport(res.body);
  return res;
};
const MARCH_APRIL = 'begin=2026-03&end=2026-04';

/** The report's table, in the named columns only. */
function cells(body: Parameters<typeof reportTable>[0], columns: string[]) {
  const table = reportTable(body);
  const at = columns.map((c) => table.columns.indexOf(c));
  expect(at).not.toContain(-1);
  return table.rows.map((r) => at.map((i) => r[i]));
}

describe('the counts (hand-computed fixture)', () => {
  it('TR: double clicks filtered, unique items and titles per session, refusals, per title and month', async () => {
    const res = await report('tr', `${MARCH_APRIL}&attributes_to_show=Access_Type`);
    expect(res.status).toBe(200);
    expect(cells(res.body, ['Title', 'Data_Type', 'Access_Type', 'Metric_Type', 'Reporting_Period_Total', 'Mar-2026', 'Apr-2026'])).toEqual(
      [
        ['Business Weekly', 'Journal', 'Controlled', 'Total_Item_Investigations', 6, 6, 0],
        ['Business Weekly', 'Journal', 'Controlled', 'Total_Item_Requests', 5, 5, 0],
        ['Business Weekly', 'Journal', 'Controlled', 'Unique_Item_Investigations', 4, 4, 0],
        ['Business Weekly', 'Journal', 'Controlled', 'Unique_Item_Requests', 4, 4, 0],
        ['Business Weekly', 'Journal', 'Controlled', 'Unique_Title_Investigations', 3, 3, 0],
        ['Business Weekly', 'Journal', 'Controlled', 'Unique_Title_Requests', 3, 3, 0],
        ['Journal of Modern History', 'Journal', 'Controlled', 'Total_Item_Investigations', 1, 1, 0],
        ['Journal of Modern History', 'Journal', 'Controlled', 'Total_Item_Requests', 1, 1, 0],
        ['Journal of Modern History', 'Journal', 'Controlled', 'Unique_Item_Investigations', 1, 1, 0],
        ['Journal of Modern History', 'Journal', 'Controlled', 'Unique_Item_Requests', 1, 1, 0],
        ['Journal of Modern History', 'Journal', 'Controlled', 'Unique_Title_Investigations', 1, 1, 0],
        ['Journal of Modern History', 'Journal', 'Controlled', 'Unique_Title_Requests', 1, 1, 0],
        ['Journal of Modern History', 'Journal', 'Controlled', 'Limit_Exceeded', 1, 1, 0],
        ['Tech Today', 'Journal', 'Free_To_Read', 'Total_Item_Investigations', 1, 1, 0],
        ['Tech Today', 'Journal', 'Free_To_Read', 'Unique_Item_Investigations', 1, 1, 0],
        ['Tech Today', 'Journal', 'Free_To_Read', 'Unique_Title_Investigations', 1, 1, 0],
        ['The Morning Ledger', 'Newspaper_or_Newsletter', 'Controlled', 'Total_Item_Investigations', 1, 0, 1],
        ['The Morning Ledger', 'Newspaper_or_Newsletter', 'Controlled', 'Total_Item_Requests', 1, 0, 1],
        ['The Morning Ledger', 'Newspaper_or_Newsletter', 'Controlled', 'Unique_Item_Investigations', 1, 0, 1],
        ['The Morning Ledger', 'Newspaper_or_Newsletter', 'Controlled', 'Unique_Item_Requests', 1, 0, 1],
        ['The Morning Ledger', 'Newspaper_or_Newsletter', 'Controlled', 'Unique_Title_Investigations', 1, 0, 1],
        ['The Morning Ledger', 'Newspaper_or_Newsletter', 'Controlled', 'Unique_Title_Requests', 1, 0, 1],
        ['The Morning Ledger', 'Newspaper_or_Newsletter', 'Controlled', 'No_License', 1, 1, 0],
      ],
    );
  });

  it('PR and PR_P1: the platform sums by data type', async () => {
    const pr = (await report('pr', `${MARCH_APRIL}&attributes_to_show=Access_Method`)).body;
    expect(cells(pr, ['Platform', 'Data_Type', 'Access_Method', 'Metric_Type', 'Reporting_Period_Total', 'Mar-2026', 'Apr-2026'])).toEqual([
      ['Lectern', 'Journal', 'Regular', 'Total_Item_Investigations', 8, 8, 0],
      ['Lectern', 'Journal', 'Regular', 'Total_Item_Requests', 6, 6, 0],
      ['Lectern', 'Journal', 'Regular', 'Unique_Item_Investigations', 6, 6, 0],
      ['Lectern', 'Journal', 'Regular', 'Unique_Item_Requests', 5, 5, 0],
      ['Lectern', 'Journal', 'Regular', 'Unique_Title_Investigations', 5, 5, 0],
      ['Lectern', 'Journal', 'Regular', 'Unique_Title_Requests', 4, 4, 0],
      ['Lectern', 'Newspaper_or_Newsletter', 'Regular', 'Total_Item_Investigations', 1, 0, 1],
      ['Lectern', 'Newspaper_or_Newsletter', 'Regular', 'Total_Item_Requests', 1, 0, 1],
      ['Lectern', 'Newspaper_or_Newsletter', 'Regular', 'Unique_Item_Investigations', 1, 0, 1],
      ['Lectern', 'Newspaper_or_Newsletter', 'Regular', 'Unique_Item_Requests', 1, 0, 1],
      ['Lectern', 'Newspaper_or_Newsletter', 'Regular', 'Unique_Title_Investigations', 1, 0, 1],
      ['Lectern', 'Newspaper_or_Newsletter', 'Regular', 'Unique_Title_Requests', 1, 0, 1],
    ]);
    const p1 = (await report('pr_p1', MARCH_APRIL)).body;
    // PR_P1 is broken down by Data_Type too (R5.1), in JSON and in the table.
    expect(reportTable(p1).columns.slice(0, 3)).toEqual(['Platform', 'Data_Type', 'Metric_Type']);
    expect(reportTable(p1).rows).toEqual([
      ['Lectern', 'Journal', 'Total_Item_Requests', 6, 6, 0],
      ['Lectern', 'Journal', 'Unique_Item_Requests', 5, 5, 0],
      ['Lectern', 'Journal', 'Unique_Title_Requests', 4, 4, 0],
      ['Lectern', 'Newspaper_or_Newsletter', 'Total_Item_Requests', 1, 0, 1],
      ['Lectern', 'Newspaper_or_Newsletter', 'Unique_Item_Requests', 1, 0, 1],
      ['Lectern', 'Newspaper_or_Newsletter', 'Unique_Title_Requests', 1, 0, 1],
    ]);
  });

  it('the journal views: controlled requests, access denied, by access type, by year of publication', async () => {
    const view = async (id: string, columns: string[]) => cells((await report(id, MARCH_APRIL)).body, columns);
    expect(await view('tr_j1', ['Title', 'Metric_Type', 'Reporting_Period_Total'])).toEqual([
      ['Business Weekly', 'Total_Item_Requests', 5],
      ['Business Weekly', 'Unique_Item_Requests', 4],
      ['Journal of Modern History', 'Total_Item_Requests', 1],
      ['Journal of Modern History', 'Unique_Item_Requests', 1],
    ]);
    // The newspaper's refusal is not a journal's.
    expect(await view('tr_j2', ['Title', 'Metric_Type', 'Reporting_Period_Total'])).toEqual([
      ['Journal of Modern History', 'Limit_Exceeded', 1],
    ]);
    expect(await view('tr_j3', ['Title', 'Access_Type', 'Metric_Type', 'Reporting_Period_Total'])).toEqual([
      ['Business Weekly', 'Controlled', 'Total_Item_Investigations', 6],
      ['Business Weekly', 'Controlled', 'Total_Item_Requests', 5],
      ['Business Weekly', 'Controlled', 'Unique_Item_Investigations', 4],
      ['Business Weekly', 'Controlled', 'Unique_Item_Requests', 4],
      ['Journal of Modern History', 'Controlled', 'Total_Item_Investigations', 1],
      ['Journal of Modern History', 'Controlled', 'Total_Item_Requests', 1],
      ['Journal of Modern History', 'Controlled', 'Unique_Item_Investigations', 1],
      ['Journal of Modern History', 'Controlled', 'Unique_Item_Requests', 1],
      ['Tech Today', 'Free_To_Read', 'Total_Item_Investigations', 1],
      ['Tech Today', 'Free_To_Read', 'Unique_Item_Investigations', 1],
    ]);
    expect(await view('tr_j4', ['Title', 'YOP', 'Metric_Type', 'Reporting_Period_Total'])).toEqual([
      ['Business Weekly', '2026', 'Total_Item_Requests', 5],
      ['Business Weekly', '2026', 'Unique_Item_Requests', 4],
      ['Journal of Modern History', '2026', 'Total_Item_Requests', 1],
      ['Journal of Modern History', '2026', 'Unique_Item_Requests', 1],
    ]);
  });

  it('a recount from usage_events gives the same figures as the counts kept as events arrived', async () => {
    const before = (await report('tr', MARCH_APRIL)).body.Report_Items;
    await rebuildCounterUsage(t.db, 3);
    expect((await report('tr', MARCH_APRIL)).body.Report_Items).toEqual(before);
  });

  it('months with no usage say so with exception 3030, months before the first with usage with 3032', async () => {
    const none = await report('tr', 'begin=2026-05&end=2026-06');
    expect(none.body.Report_Items).toEqual([]);
    expect(none.body.Report_Header.Exceptions).toEqual([{ Code: 3030, Message: 'No Usage Available for Requested Dates' }]);
    const before = await report('tr', 'begin=2025-01&end=2025-02');
    expect(before.body.Report_Header.Exceptions).toEqual([
      { Code: 3032, Message: 'Usage No Longer Available for Requested Dates', Data: 'Usage is available from 2026-03' },
    ]);
    const across = await report('tr_j1', 'begin=2026-02&end=2026-03');
    expect(across.body.Report_Header.Exceptions!.map((e) => e.Code)).toEqual([3032]);
    expect(across.body.Report_Items.length).toBe(2);
  });

  it('TR and PR honour their filters and attributes, echo them in the header, and refuse bad values with 3060/3062', async () => {
    const tr = await report(
      'tr',
      `${MARCH_APRIL}&metric_type=Total_Item_Requests|No_License&data_type=Newspaper_or_Newsletter&attributes_to_show=YOP|Access_Type&granularity=Totals`,
    );
    expect(tr.body.Report_Header.Report_Filters).toEqual({
      Metric_Type: ['Total_Item_Requests', 'No_License'],
      Begin_Date: '2026-03-01',
      End_Date: '2026-04-30',
      Data_Type: ['Newspaper_or_Newsletter'],
    });
    expect(tr.body.Report_Header.Report_Attributes).toEqual({ Attributes_To_Show: ['YOP', 'Access_Type'], Granularity: 'Total' });
    // One count for the whole range, under its first month; the table has no month columns.
    expect(tr.body.Report_Items[0].Attribute_Performance).toEqual([
      {
        Data_Type: 'Newspaper_or_Newsletter',
        YOP: '2026',
        Access_Type: 'Controlled',
        Performance: { Total_Item_Requests: { '2026-03': 1 }, No_License: { '2026-03': 1 } },
      },
    ]);
    const table = reportTable(tr.body);
    expect(table.columns.slice(-5)).toEqual(['Data_Type', 'YOP', 'Access_Type', 'Metric_Type', 'Reporting_Period_Total']);
    expect(table.header[5]).toEqual(['Metric_Types', 'Total_Item_Requests; No_License']);
    expect(table.header[6]).toEqual(['Report_Filters', 'Data_Type=Newspaper_or_Newsletter']);
    expect(table.header[7]).toEqual(['Report_Attributes', 'Attributes_To_Show=YOP|Access_Type; Granularity=Total']);
    // Years of publication and access types filter too; a range of years is yyyy-yyyy.
    const free = await report('tr', `${MARCH_APRIL}&access_type=Free_To_Read&yop=2020-2026`);
    expect(free.body.Report_Items.map((i) => i.Title)).toEqual(['Tech Today']);
    expect((await report('tr', `${MARCH_APRIL}&yop=1990`)).body.Report_Items).toEqual([]);
    // PR: one metric type kept, data type filtered; Searches_Platform is the platform's.
    const pr = await report('pr', `${MARCH_APRIL}&metric_type=Total_Item_Requests|Unique_Item_Requests&data_type=Journal`);
    expect(cells(pr.body, ['Data_Type', 'Metric_Type', 'Reporting_Period_Total'])).toEqual([
      ['Journal', 'Total_Item_Requests', 6],
      ['Journal', 'Unique_Item_Requests', 5],
    ]);
    // Bad values: named in 3060 / 3062, left out, the rest applied; never a 4xx or 5xx.
    const bad = await report(
      'tr',
      `${MARCH_APRIL}&metric_type=Searches_Platform|Total_Item_Requests|Unique_Item_Requests|Bogus&attributes_to_show=Data_Type|YOP&granularity=Weekly&yop=2026-2020`,
    );
    expect(bad.status).toBe(200);
    expect(bad.body.Report_Header.Exceptions).toEqual([
      {
        Code: 3060,
        Message: 'Invalid ReportFilter Value',
        Data: 'Not applied: metric_type=Searches_Platform; metric_type=Bogus; yop=2026-2020',
      },
      { Code: 3062, Message: 'Invalid ReportAttribute Value', Data: 'Not applied: attributes_to_show=Data_Type; granularity=Weekly' },
    ]);
    expect(bad.body.Report_Header.Report_Filters.Metric_Type).toEqual(['Total_Item_Requests', 'Unique_Item_Requests']);
    // A control character is refused by the console's form check, with the reason.
    const nul = await report('tr', `${MARCH_APRIL}&metric_type=x%00`);
    expect([nul.status, nul.error.message]).toEqual([400, expect.stringContaining('control characters')]);
  });
});

describe('the tabular form (Code of Practice 5.1 §3.2)', () => {
  it("has the 13 header rows in order, a blank 14th row, then the column headings, laid out as COUNTER's samples", async () => {
    const body = (await report('tr_j1', MARCH_APRIL)).body;
    const text = reportText(body, 'tsv');
    // As the official sample TSVs: a byte order mark, LF line ends, every row as wide as the headings.
    expect(text.startsWith('\uFEFFReport_Name\tJournal Requests (Controlled)\t')).toBe(true);
    const lines = text.slice(1).split('\n');
    expect(lines.at(-1)).toBe('');
    expect(new Set(lines.slice(0, -1).map((l) => l.split('\t').length))).toEqual(new Set([13]));
    expect(lines.slice(0, 13).map((l) => l.split('\t')[0])).toEqual([...HEADER_LABELS]);
    expect(lines.slice(0, 13).map((l) => l.split('\t')[1])).toEqual([
      'Journal Requests (Controlled)',
      'TR_J1',
      '5.1',
      'Active U',
      `Lectern:${A}`,
      'Total_Item_Requests; Unique_Item_Requests',
      'Data_Type=Journal; Access_Type=Controlled; Access_Method=Regular',
      '',
      '',
      'Begin_Date=2026-03-01; End_Date=2026-04-30',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
      'Lectern',
      '',
    ]);
    expect(lines[13]).toBe('\t'.repeat(12));
    expect(lines[14].split('\t')).toEqual([
      'Title',
      'Publisher',
      'Publisher_ID',
      'Platform',
      'DOI',
      'Proprietary_ID',
      'Print_ISSN',
      'Online_ISSN',
      'URI',
      'Metric_Type',
      'Reporting_Period_Total',
      'Mar-2026',
      'Apr-2026',
    ]);
    expect(lines[15].split('\t')).toEqual([
      'Business Weekly',
      'Meridian',
      '',
      'Lectern',
      '',
      `Lectern:${FX.mid.biz}`,
      '',
      '',
      `${t.app.config.publicUrl}/magazine/${FX.mid.biz}`,
      'Total_Item_Requests',
      '5',
      '5',
      '0',
    ]);
    // The master reports name the attributes they show; CSV quotes what needs it.
    const tr = (await report('tr', `${MARCH_APRIL}&attributes_to_show=Access_Type|Access_Method`)).body;
    const csv = reportText(tr, 'csv').slice(1).split('\r\n');
    expect(csv[7].replace(/,+$/, '')).toBe('Report_Attributes,Attributes_To_Show=Access_Type|Access_Method');
    // No metric type filter asked of a master report: the Metric_Types row is empty, as in the sample TR.
    expect(csv[5].replace(/,+$/, '')).toBe('Metric_Types');
    expect(csv[14].split(',').slice(0, 11)).toEqual([
      'Title',
      'Publisher',
      'Publisher_ID',
      'Platform',
      'DOI',
      'Proprietary_ID',
      'ISBN',
      'Print_ISSN',
      'Online_ISSN',
      'URI',
      'Data_Type',
    ]);
  });
});

describe('the console: who may ask, and bad input', () => {
  const calls = (inst: number) => ({
    reports: (token?: string) =>
      api.call(
        endpoints.consoleReports,
        { params: { institutionId: inst, report: 'tr' }, query: { begin: '2026-03', end: '2026-04' } },
        token,
      ),
    sushi: (token?: string) => api.call(endpoints.consoleSushi, { params: { institutionId: inst } }, token),
    kbart: (token?: string) => api.call(endpoints.consoleKbart, { params: { institutionId: inst } }, token),
  });

  it("refuses another institution's librarian (403) on every call and rotates nothing", async () => {
    for (const [name, call] of Object.entries(calls(A))) {
      const res = await call(tokens['librarian@expired.edu']);
      expect([name, res.status, res.error.message]).toEqual([name, 403, "That is another institution's console."]);
      expect((await call(tokens['member@active.edu'])).status).toBe(403);
      expect((await call()).status).toBe(401);
      expect((await call(tokens['admin@example.com'])).status).toBe(200);
    }
    const made = await api.call(
      endpoints.consoleSushiRequestors,
      { params: { institutionId: A }, body: { name: 'Theirs' } },
      tokens['librarian@expired.edu'],
    );
    expect(made.status).toBe(403);
    expect((await t.db.query('SELECT 1 FROM sushi_requestors WHERE institution_id = $1', [A])).rows).toEqual([]);
    expect((await t.db.query(`SELECT 1 FROM console_audit WHERE action LIKE 'sushi.%'`)).rows).toEqual([]);
  });

  it('answers bad reports and months with a 400 that says what is wrong', async () => {
    for (const [id, query, message] of [
      ['xx', MARCH_APRIL, 'expected one of'],
      ['tr', 'begin=2026-13&end=2026-14', 'expected a month as YYYY-MM'],
      ['tr', 'begin=2026-05&end=2026-03', 'the first month must not be after the last'],
      ['tr', 'begin=2000-01&end=2026-03', 'a report spans at most 120 months'],
      ['tr', 'end=2026-03', 'expected a month'],
      ['tr', "begin=2026-01'%3B--&end=2026-03", 'expected a month as YYYY-MM'],
    ]) {
      const res = await report(id, query);
      expect([id, query, res.status]).toEqual([id, query, 400]);
      expect(res.error.message).toContain(message);
    }
  });
});

describe('SUSHI over HTTP, as a harvester calls it', () => {
  let base = '';
  let creds = { customer_id: '', requestor_id: '', api_key: '' };
  beforeAll(async () => {
    base = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/sushi/r51`;
    const made = await api.call(
      endpoints.consoleSushiRequestors,
      { params: { institutionId: A }, body: { name: 'CELUS' } },
      tokens['librarian@active.edu'],
    );
    expect(made.status).toBe(200);
    creds = { customer_id: String(A), requestor_id: made.body.requestor.requestorId, api_key: made.body.apiKey };
  });
  const sushi = async (path: string, params: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}?${new URLSearchParams(params)}`);
    const text = await res.text();
    const body = text.startsWith('[') || text.startsWith('{') ? JSON.parse(text) : null;
    // Every JSON answer (report, list, exception) must be what COUNTER's schema allows for the path and status.
    if (path !== '/kbart' || res.status !== 200) assertSushiAnswer(`/r51${path.split('?')[0]}`, res.status, body);
    return { status: res.status, type: res.headers.get('content-type') ?? '', text, body };
  };

  it('shows the key once, keeps only its hash, and logs the rotation without it', async () => {
    expect(creds.api_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const shown = await api.call(endpoints.consoleSushi, { params: { institutionId: A } }, tokens['librarian@active.edu']);
    expect(shown.body).toMatchObject({
      customerId: String(A),
      requestors: [{ name: 'CELUS', requestorId: creds.requestor_id, lastUsedAt: null }],
      url: `${t.app.config.publicUrl}/sushi/r51`,
    });
    expect(JSON.stringify(shown.body)).not.toContain(creds.api_key);
    const stored = await t.db.query<{ api_key_hash: string }>('SELECT api_key_hash FROM sushi_requestors WHERE institution_id = $1', [A]);
    expect(stored.rows[0].api_key_hash).not.toContain(creds.api_key);
    const audit = await t.db.query<{ actor: string; after: unknown }>(
      `SELECT actor, after FROM console_audit WHERE action = 'sushi.create'`,
    );
    expect(audit.rows).toEqual([{ actor: 'librarian@active.edu', after: { name: 'CELUS', requestorId: creds.requestor_id } }]);
  });

  it("answers status, members, the reports list and every report, each valid against COUNTER's schema", async () => {
    // /status is public and ignores what it is sent; no empty Alerts, no empty Registry_Record.
    for (const params of [{}, creds, { customer_id: '\u0000', platform: 'x\u0000' }] as Record<string, string>[]) {
      const status = await sushi('/status', params);
      expect([status.status, status.body]).toEqual([200, [{ Description: 'COUNTER_SUSHI API of Lectern', Service_Active: true }]]);
    }
    const members = await sushi('/members', { ...creds, unknown: 'ignored' });
    expect(members.body).toEqual([
      { Customer_ID: String(A), Institution_Name: 'Active U', Institution_ID: { Proprietary: [`Lectern:${A}`] } },
    ]);
    const list = await sushi('/reports', creds);
    expect(list.body.map((r: { Report_ID: string; Path: string }) => [r.Report_ID, r.Path])).toEqual(
      ['PR', 'PR_P1', 'TR', 'TR_J1', 'TR_J2', 'TR_J3', 'TR_J4'].map((id) => [id, `/r51/reports/${id.toLowerCase()}`]),
    );
    expect(list.body[0].First_Month_Available).toBe('2026-03');
    const tr = await sushi('/reports/tr_j1', { ...creds, begin_date: '2026-03-01', end_date: '2026-04-30' });
    expect(tr.status).toBe(200);
    expect(tr.body.Report_Header).toMatchObject({
      Report_ID: 'TR_J1',
      Release: '5.1',
      Institution_Name: 'Active U',
      Report_Filters: {
        Metric_Type: ['Total_Item_Requests', 'Unique_Item_Requests'],
        Begin_Date: '2026-03-01',
        End_Date: '2026-04-30',
        Data_Type: ['Journal'],
        Access_Type: ['Controlled'],
        Access_Method: ['Regular'],
      },
    });
    expect(tr.body.Report_Items[0]).toMatchObject({
      Title: 'Business Weekly',
      Item_ID: { Proprietary: `Lectern:${FX.mid.biz}`, URI: `${t.app.config.publicUrl}/magazine/${FX.mid.biz}` },
      Attribute_Performance: [{ Performance: { Total_Item_Requests: { '2026-03': 5 }, Unique_Item_Requests: { '2026-03': 4 } } }],
    });
    expect((await sushi('/reports/tr_j4', { ...creds, begin_date: '2026-03', end_date: '2026-04' })).body.Report_Header.Report_Name).toBe(
      'Journal Requests by YOP (Controlled)',
    );
    // Every report, over the fixture, over a range with no usage, and before the first month (each checked by sushi()).
    for (const id of ['pr', 'pr_p1', 'tr', 'tr_j1', 'tr_j2', 'tr_j3', 'tr_j4'])
      for (const [begin_date, end_date] of [
        ['2026-03', '2026-04'],
        ['2026-05', '2026-06'],
        ['2025-12', '2026-03-31'],
      ])
        expect((await sushi(`/reports/${id}`, { ...creds, begin_date, end_date })).status).toBe(200);
    // The master reports with every filter and attribute they take.
    const filtered = {
      ...creds,
      begin_date: '2026-03',
      end_date: '2026-04',
      metric_type: 'Total_Item_Requests|Unique_Item_Requests|Total_Item_Investigations|Unique_Item_Investigations',
      data_type: 'Journal|Newspaper_or_Newsletter',
      access_method: 'Regular',
      attributes_to_show: 'Access_Method',
      granularity: 'Month',
    };
    const pr = await sushi('/reports/pr', filtered);
    expect(pr.body.Report_Header.Report_Attributes).toEqual({ Attributes_To_Show: ['Access_Method'], Granularity: 'Month' });
    const trAll = await sushi('/reports/tr', {
      ...filtered,
      access_type: 'Controlled|Free_To_Read',
      yop: '2020-2026',
      attributes_to_show: 'YOP|Access_Type|Access_Method',
      granularity: 'Total',
    });
    expect(trAll.body.Report_Header.Report_Filters).toEqual({
      Metric_Type: ['Total_Item_Investigations', 'Total_Item_Requests', 'Unique_Item_Investigations', 'Unique_Item_Requests'],
      Begin_Date: '2026-03-01',
      End_Date: '2026-04-30',
      Data_Type: ['Journal', 'Newspaper_or_Newsletter'],
      Access_Type: ['Controlled', 'Free_To_Read'],
      Access_Method: ['Regular'],
      YOP: ['2020-2026'],
    });
    expect(trAll.body.Report_Items.map((i: { Title: string }) => i.Title)).toEqual([
      'Business Weekly',
      'Journal of Modern History',
      'Tech Today',
      'The Morning Ledger',
    ]);
  });

  it('answers wrong credentials and bad dates with the COUNTER exception codes and HTTP statuses', async () => {
    const dates = { begin_date: '2026-03', end_date: '2026-04' };
    const next = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
    for (const [params, path, status, code] of [
      [{ ...dates }, '/reports/tr', 400, 1030],
      [{ ...creds, requestor_id: 'nobody', ...dates }, '/reports/tr', 401, 2000],
      [{ ...creds, customer_id: String(FX.inst.expired), ...dates }, '/reports/tr', 403, 2010],
      [{ ...creds, api_key: 'x'.repeat(43), ...dates }, '/reports/tr', 401, 2020],
      [{ ...creds, api_key: '', ...dates }, '/members', 401, 2020],
      [{ ...creds, begin_date: '2026-3', end_date: '2026-04' }, '/reports/tr', 400, 3020],
      [{ ...creds, begin_date: '2026-05', end_date: '2026-04' }, '/reports/tr', 400, 3020],
      [{ ...creds, begin_date: '2025-02-01', end_date: '2025-02-30' }, '/reports/tr', 400, 3020],
      [{ ...creds, begin_date: '2025-04-31', end_date: '2025-05' }, '/reports/pr', 400, 3020],
      [{ ...creds, begin_date: '2025-01-00', end_date: '2025-05' }, '/reports/pr', 400, 3020],
      [{ ...creds, begin_date: next, end_date: next }, '/reports/tr_j1', 400, 3020],
      [{ ...creds, begin_date: '9999-01', end_date: '9999-12' }, '/reports/tr_j1', 400, 3020],
      [{ ...creds, end_date: '2026-04' }, '/reports/pr', 400, 1030],
    ] as const) {
      const res = await sushi(path, params);
      expect([path, params, res.status, res.body.Code]).toEqual([path, params, status, code]);
      expect(res.body.Message).toBeTruthy();
    }
    expect((await sushi('/reports/tr', { ...creds, api_key: 'wrong', ...dates })).body.Message).toBe('APIKey Invalid');
    // 2024 was a leap year.
    expect((await sushi('/reports/tr', { ...creds, begin_date: '2024-02-29', end_date: '2024-03' })).status).toBe(200);
  });

  it("answers a wrong path with a 404 exception in JSON, never the app's page", async () => {
    for (const path of ['/reports/br1', '/reports/tr%00', '/reports/t%01r', '/reports', '/nothing', '/../reports/tr', '/r5/reports/tr']) {
      const res = await fetch(
        `${base.replace(/\/sushi\/r51$/, '')}/sushi${path === '/reports' ? '/reports/tr' : path.startsWith('/r5') ? path : `/r51${path}`}?${new URLSearchParams(creds)}`,
      );
      const body = (await res.json()) as { Code: number; Message: string };
      expect([path, res.status, body.Code, res.headers.get('content-type')]).toEqual([
        path,
        404,
        0,
        expect.stringContaining('application/json'),
      ]);
      assertSushiAnswer('/r51/none', 404, body);
    }
    const post = await fetch(`${base}/reports/tr`, { method: 'POST' });
    expect(post.status).toBe(404);
    const bare = await fetch(`${base.replace(/\/r51$/, '')}`);
    expect([bare.status, ((await bare.json()) as { Code: number }).Code]).toEqual([404, 0]);
  });

  it('names parameters it does not know (3050), ignores filters a standard view does not take, and answers the report', async () => {
    const res = await sushi('/reports/tr_j1', {
      ...creds,
      begin_date: '2026-03',
      end_date: '2026-04',
      metric_type: 'No_License',
      colour: 'blue',
    });
    expect(res.status).toBe(200);
    expect(res.body.Report_Header.Exceptions).toEqual([
      { Code: 3050, Message: 'Parameter Not Recognized in this Context', Data: 'Ignored: metric_type, colour' },
    ]);
    expect(res.body.Report_Items.length).toBe(2);
    const platform = await sushi('/reports/pr', { ...creds, begin_date: '2026-03', end_date: '2026-04', platform: 'Elsewhere' });
    expect(platform.body.Report_Header.Exceptions).toEqual([
      { Code: 3060, Message: 'Invalid ReportFilter Value', Data: 'Not applied: platform=Elsewhere' },
    ]);
  });

  it('answers a control character in any parameter with a COUNTER exception, never a 500', async () => {
    const dates = { begin_date: '2026-03', end_date: '2026-04' };
    for (const [params, path, status, code] of [
      [{ ...creds, requestor_id: 'a\u0000b', ...dates }, '/reports/tr', 401, 2000],
      [{ ...creds, requestor_id: '\u0000' }, '/members', 401, 2000],
      [{ ...creds, api_key: 'key\u0000', ...dates }, '/reports/tr', 401, 2020],
      [{ ...creds, customer_id: '1\u0001' }, '/reports', 403, 2010],
      [{ ...creds, begin_date: '2026-03\u0000', end_date: '2026-04' }, '/reports/tr', 400, 3020],
    ] as const) {
      const res = await sushi(path, params);
      expect([path, params, res.status, res.body?.Code]).toEqual([path, params, status, code]);
      expect(res.body.Message).toBeTruthy();
    }
    // In a filter or an unknown parameter: the report, with the value named (without the character).
    const filter = await sushi('/reports/pr', { ...creds, ...dates, platform: 'Other', metric_type: 'Searches_Platform\u0000' });
    expect([filter.status, filter.body.Report_Header.Exceptions]).toEqual([
      200,
      [{ Code: 3060, Message: 'Invalid ReportFilter Value', Data: 'Not applied: platform=Other; metric_type=Searches_Platform?' }],
    ]);
    // A control character in platform, which names the service, is 1030 (Appendix D's advice for an invalid platform).
    expect((await sushi('/reports/pr', { ...creds, ...dates, platform: '\u001b[31m' })).body.Code).toBe(1030);
    expect((await sushi('/kbart', { ...creds, anything: 'x\u0000' })).status).toBe(200);
    expect((await sushi('/members', { ...creds, api_key: 'a\u0000' })).body).toEqual({
      Code: 2020,
      Message: 'APIKey Invalid',
      Data: 'api_key: must not contain control characters',
    });
    // A repeated parameter is checked in every copy.
    const repeated = await fetch(`${base}/members?${new URLSearchParams(creds)}&requestor_id=%00`);
    expect([repeated.status, ((await repeated.json()) as { Code: number }).Code]).toEqual([401, 2000]);
  });

  it('ends a range that reaches the month under way with the last complete month, and says so (3031)', async () => {
    const now = new Date();
    const month = now.toISOString().slice(0, 7);
    const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    const res = await sushi('/reports/pr_p1', { ...creds, begin_date: '2026-03', end_date: `${month}-01` });
    expect(res.status).toBe(200);
    expect(res.body.Report_Header.Report_Filters.End_Date.slice(0, 7)).toBe(last);
    expect(res.body.Report_Header.Exceptions).toEqual([
      {
        Code: 3031,
        Message: 'Usage Not Ready for Requested Dates',
        Data: `Usage for ${month} and later is not processed yet; the report ends with ${last}`,
      },
    ]);
    expect((await sushi('/reports/pr_p1', { ...creds, begin_date: month, end_date: month })).body.Code).toBe(3020);
  });

  it("gives the holdings as KBART: the subscription's titles, with first and last issues", async () => {
    const res = await sushi('/kbart', creds);
    expect(res.status).toBe(200);
    expect(res.type).toContain('text/tab-separated-values');
    const [head, ...rows] = res.text
      .trimEnd()
      .split('\n')
      .map((l) => l.split('\t'));
    expect(head).toEqual([...KBART_COLUMNS]);
    expect(rows.every((r) => r.length === 25)).toBe(true);
    const col = (name: string) => KBART_COLUMNS.indexOf(name as (typeof KBART_COLUMNS)[number]);
    // Not the hidden category's title, nor the one blocked in India (Active U's country).
    expect(rows.map((r) => r[col('publication_title')])).toEqual([
      'Business Weekly',
      'Grown-up Style',
      'Journal of Modern History',
      'Tech Today',
      'The Morning Ledger',
      'दैनिक प्रभात',
      'भारत दर्पण',
    ]);
    const biz = rows[0];
    expect(biz[col('title_url')]).toBe(`${t.app.config.publicUrl}/magazine/${FX.mid.biz}-Business-Weekly`);
    expect(biz[col('date_first_issue_online')]).toBe('2026-09-15');
    expect(biz[col('publication_type')]).toBe('serial');
    expect(rows[3][col('access_type')]).toBe('F');
    // Basic S opens neither newspapers nor journals.
    const basic = await api.call(endpoints.consoleKbart, { params: { institutionId: FX.inst.noFlags } }, tokens['admin@example.com']);
    expect(basic.body.text).not.toContain('The Morning Ledger');
    expect(basic.body.text).not.toContain('Journal of Modern History');
    expect(basic.body.fileName).toMatch(/^Lectern_BAS_AllTitles_\d{4}-\d{2}-\d{2}\.txt$/);
    expect((await sushi('/kbart', { ...creds, api_key: 'wrong' })).body.Code).toBe(2020);
  });
});

describe('the reader path records and counts', () => {
  it('a refusal of the reader token as No_License for the institution', async () => {
    // Basic S does not open newspapers.
    const token = (await signInByCode(t.db, api, outbox, 'reader@basic.edu')).token;
    await grantConsoleRole(t.db, { email: 'librarian@active.edu', role: 'librarian', orgCode: 'ACT', actorId: null });
    const res = await api.call(endpoints.readerToken, { body: { issue: issue.paper[0] } }, token);
    expect(res.status).toBe(403);
    const month = new Date().toISOString().slice(0, 7);
    const tr = await api.call(
      endpoints.consoleReports,
      { params: { institutionId: FX.inst.noFlags, report: 'tr' }, query: { begin: month, end: month } },
      tokens['admin@example.com'],
    );
    expect(cells(tr.body, ['Title', 'Metric_Type', 'Reporting_Period_Total'])).toEqual([['The Morning Ledger', 'No_License', 1]]);
  });

  it('concurrent batches of one reader count each session once', async () => {
    const now = Date.now();
    const times = [200, 160, 120, 80, 40].map((s) => now - s * 1000);
    const sent = await Promise.all(
      times.map((at) =>
        api.call(
          endpoints.readerEvents,
          { body: { events: [{ kind: 'issue_open', issueId: issue.journal[1], at }] } },
          tokens['member@active.edu'],
        ),
      ),
    );
    expect(sent.map((r) => r.body.stored)).toEqual([1, 1, 1, 1, 1]);
    const month = (ms: number) => new Date(ms).toISOString().slice(0, 7);
    const sessions = new Set(times.map((ms) => new Date(ms).toISOString().slice(0, 13))).size;
    const tr = await report('tr_j1', `begin=${month(times[0])}&end=${month(now)}`);
    const rows = cells(tr.body, ['Title', 'Metric_Type', 'Reporting_Period_Total']).filter((r) => r[0] === 'Journal of Modern History');
    expect(rows).toEqual([
      ['Journal of Modern History', 'Total_Item_Requests', 5],
      ['Journal of Modern History', 'Unique_Item_Requests', sessions],
    ]);
  });
});
