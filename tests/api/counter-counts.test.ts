// The counts behind the COUNTER reports (migration 018): the months pivoted per title and year
// agree with the per-month counts and with a full recount; searches of signed-in readers are
// Searches_Platform in PR and PR_P1; the migration carries over the counts kept before it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDb, testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, signInByCode, xsrfToken } from '../support/api-client';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { grantConsoleRole } from '../../src/server/repositories/console';
import { storeReadEvents } from '../../src/server/repositories/reader';
import { MONTH_COLUMNS, rebuildCounterUsage } from '../../src/server/repositories/counter-usage';
import { migrate, migrationFiles } from '../../src/server/db/migrate';
import { reportTable } from '../../src/shared/counter/tabular';
import * as endpoints from '../../src/shared/endpoints';
import type { QueryIn } from '../../src/shared/endpoints/endpoint';
import type { Queryable } from '../../src/server/db/index';

let t: TestContext;
let api: ReturnType<typeof apiClient>;
const outbox = memoryOutbox();
const tokens: Record<string, string> = {};
const A = FX.inst.active;
const month = new Date().toISOString().slice(0, 7);

beforeAll(async () => {
  t = await testApp(loadCatalogue, { mailer: outbox.mailer });
  api = apiClient(t.app, await xsrfToken(t.app));
  for (const email of ['librarian@active.edu', 'member@active.edu', 'member@expired.edu'])
    tokens[email] = (await signInByCode(t.db, api, outbox, email)).token;
  await grantConsoleRole(t.db, { email: 'librarian@active.edu', role: 'librarian', orgCode: 'ACT', actorId: null });
  const member = (await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'member@active.edu'`)).rows[0].id;
  const issues = (await t.db.query<{ issue_id: number }>('SELECT issue_id FROM issues WHERE mid = $1 ORDER BY issue_id', [FX.mid.biz]))
    .rows;
  // Reading across a year's end, so a report spans two rows per title and metric type.
  const at = (s: string) => Date.parse(`${s}Z`);
  await storeReadEvents(t.db, member, [
    { kind: 'issue_open', issueId: issues[0].issue_id, at: at('2025-12-30T10:00:00') },
    { kind: 'page_view', issueId: issues[0].issue_id, page: 2, at: at('2025-12-30T10:01:00') },
    { kind: 'issue_open', issueId: issues[1].issue_id, at: at('2026-01-02T10:00:00') },
    { kind: 'issue_open', issueId: issues[1].issue_id, at: at('2026-01-02T10:00:05') }, // double click
    { kind: 'issue_open', issueId: issues[0].issue_id, at: at('2026-02-01T09:00:00') },
  ]);
});
afterAll(() => t?.close());

type ReportQuery = QueryIn<typeof endpoints.consoleReports>;
const report = (report: string, query: ReportQuery) =>
  api.call(endpoints.consoleReports, { params: { institutionId: A, report }, query }, tokens['librarian@active.edu']);
const rowsOf = async (id: string, query: ReportQuery, columns: string[]) => {
  const table = reportTable((await report(id, query)).body);
  return table.rows.map((r) => columns.map((c) => r[table.columns.indexOf(c)]));
};

/** Every count as [institution, YYYY-MM, mid, metric, n], from the per-month table and from the pivoted one. */
async function bothCounts(db: Queryable) {
  const perMonth = await db.query(
    `SELECT institution_id, to_char(month, 'YYYY-MM') AS month, mid, metric, sum(n)::int AS n
     FROM counter_usage GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
  );
  const pivoted = await db.query(
    `SELECT institution_id, year || '-' || lpad(i::text, 2, '0') AS month, mid, metric, n
     FROM counter_title_months, unnest(ARRAY[${MONTH_COLUMNS.join(', ')}]) WITH ORDINALITY AS u(n, i)
     WHERE n > 0 ORDER BY 1, 2, 3, 4`,
  );
  return { perMonth: perMonth.rows, pivoted: pivoted.rows };
}

describe('the pivoted counts', () => {
  it('give the same report across a year end as the per-month counts, and agree with them row for row', async () => {
    expect(
      await rowsOf('tr_j1', { begin: '2025-12', end: '2026-02' }, [
        'Title',
        'Metric_Type',
        'Reporting_Period_Total',
        'Dec-2025',
        'Jan-2026',
        'Feb-2026',
      ]),
    ).toEqual([
      ['Business Weekly', 'Total_Item_Requests', 3, 1, 1, 1],
      ['Business Weekly', 'Unique_Item_Requests', 3, 1, 1, 1],
    ]);
    // Only part of a year: the months outside the range are left out.
    expect(await rowsOf('tr', { begin: '2026-01', end: '2026-01' }, ['Title', 'Metric_Type', 'Reporting_Period_Total'])).toEqual([
      ['Business Weekly', 'Total_Item_Investigations', 1],
      ['Business Weekly', 'Total_Item_Requests', 1],
      ['Business Weekly', 'Unique_Item_Investigations', 1],
      ['Business Weekly', 'Unique_Item_Requests', 1],
      ['Business Weekly', 'Unique_Title_Investigations', 1],
      ['Business Weekly', 'Unique_Title_Requests', 1],
    ]);
    const { perMonth, pivoted } = await bothCounts(t.db);
    expect(perMonth.length).toBeGreaterThan(10);
    expect(pivoted).toEqual(perMonth);
  });
});

describe('Searches_Platform', () => {
  const search = (path: string, token?: string) => api.get(`/content/${path}`, token);

  it("counts a signed-in reader's new searches for the reader's institution, once per double click", async () => {
    const member = tokens['member@active.edu'];
    expect((await search('mag-search?q=markets', member)).status).toBe(200);
    expect((await search('mag-search?q=markets', member)).status).toBe(200); // the same search again at once
    expect((await search('mag-search?q=markets&p=1', member)).status).toBe(200); // its next page
    expect((await search('mag-search?q=ledger', member)).status).toBe(200);
    expect((await search('article-search?query=ledger', member)).status).toBe(200); // the stories tab
    expect((await search('magazine-search?query=ledger&page=0', member)).status).toBe(200); // titles: same result set
    expect((await search('mag-search?q=ledger')).status).toBe(200); // signed out: no reader to count
    expect((await search('mag-search?q=ledger', tokens['member@expired.edu'])).status).toBe(200); // another institution
    expect((await search('mag-search?q=', member)).status).toBe(400);
    const events = await t.db.query<{ institution_id: number; n: number }>(
      `SELECT institution_id, count(*)::int AS n FROM usage_events WHERE kind = 'search' GROUP BY 1 ORDER BY 1`,
    );
    expect(events.rows).toEqual([
      { institution_id: A, n: 4 },
      { institution_id: FX.inst.expired, n: 1 },
    ]);
    // The words searched are not kept.
    expect((await t.db.query(`SELECT 1 FROM usage_events WHERE kind = 'search' AND detail LIKE '%ledger%'`)).rows).toEqual([]);

    const range = { begin: month, end: month };
    expect(
      await rowsOf('pr', { ...range, attributes_to_show: 'Access_Method' }, [
        'Platform',
        'Data_Type',
        'Access_Method',
        'Metric_Type',
        'Reporting_Period_Total',
      ]),
    ).toEqual([['Lectern', 'Platform', 'Regular', 'Searches_Platform', 3]]);
    expect(await rowsOf('pr_p1', range, ['Platform', 'Metric_Type', 'Reporting_Period_Total'])).toEqual([
      ['Lectern', 'Searches_Platform', 3],
    ]);
    // Title reports have no searches.
    expect((await report('tr', range)).body.Report_Items).toEqual([]);
  });

  it('a full recount gives the same figures for every report', async () => {
    const queries = [
      { begin: '2025-12', end: '2026-02' },
      { begin: month, end: month },
    ];
    const ids = ['pr', 'pr_p1', 'tr', 'tr_j1', 'tr_j3', 'tr_j4'];
    const before = [];
    for (const q of queries) for (const id of ids) before.push((await report(id, q)).body.Report_Items);
    await rebuildCounterUsage(t.db, 2);
    const after = [];
    for (const q of queries) for (const id of ids) after.push((await report(id, q)).body.Report_Items);
    expect(after).toEqual(before);
    expect(before.flat().length).toBeGreaterThan(5);
  });
});

describe('migration 018', () => {
  it('carries the counts kept before it over into the pivoted table', async () => {
    const db = await freshDb();
    try {
      await migrate(
        db,
        migrationFiles().filter((m) => m.version < 18),
      );
      await loadCatalogue(db);
      await db.query(
        `INSERT INTO counter_usage (institution_id, month, mid, yop, metric, n) VALUES
           ($1, '2025-12-01', $2, 2025, 'Total_Item_Requests', 2), ($1, '2025-12-01', $2, 2024, 'Total_Item_Requests', 3),
           ($1, '2026-03-01', $2, 2026, 'Total_Item_Requests', 4), ($1, '2026-03-01', $3, 2026, 'No_License', 1)`,
        [A, FX.mid.biz, FX.mid.paper],
      );
      await migrate(db);
      const { perMonth, pivoted } = await bothCounts(db);
      expect(pivoted).toEqual(perMonth);
      expect(pivoted).toEqual([
        { institution_id: A, month: '2025-12', mid: FX.mid.biz, metric: 'Total_Item_Requests', n: 5 },
        { institution_id: A, month: '2026-03', mid: FX.mid.biz, metric: 'Total_Item_Requests', n: 4 },
        { institution_id: A, month: '2026-03', mid: FX.mid.paper, metric: 'No_License', n: 1 },
      ]);
    } finally {
      await db.close();
    }
  });
});
