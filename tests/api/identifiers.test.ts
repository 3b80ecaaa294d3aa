// Standard identifiers (ISSN, ISBN, DOI): set in the console (checked, normalised, audited; a bad
// one is a 400 naming the field and stores nothing), given by the ingest's fields, carried by the
// KBART files (the institution's and the public catalogue-wide one) and COUNTER's Item_ID.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, signInByCode, unchecked, xsrfToken } from '../support/api-client';
import { assertCounterReport } from '../support/counter-schema';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { grantConsoleRole } from '../../src/server/repositories/console';
import { storeReadEvents } from '../../src/server/repositories/reader';
import { KBART_COLUMNS } from '../../src/shared/kbart';
import { requestFrom } from '../../src/server/ingest/request';
import { checkRequest } from '../../src/server/ingest/ingest';
import { GLOBAL_KBART_PATH } from '../../src/server/routes/harvest/kbart';
import * as endpoints from '../../src/shared/endpoints';
import { type BodyIn } from '../../src/shared/endpoints/endpoint';

let t: TestContext;
let api: ReturnType<typeof apiClient>;
const outbox = memoryOutbox();
const tokens: Record<string, string> = {};
const A = FX.inst.active;

beforeAll(async () => {
  t = await testApp(loadCatalogue, { mailer: outbox.mailer });
  api = apiClient(t.app, await xsrfToken(t.app));
  for (const email of ['librarian@active.edu', 'member@active.edu', 'admin@example.com'])
    tokens[email] = (await signInByCode(t.db, api, outbox, email)).token;
  await grantConsoleRole(t.db, { email: 'librarian@active.edu', role: 'librarian', orgCode: 'ACT', actorId: null });
  await grantConsoleRole(t.db, { email: 'admin@example.com', role: 'admin', orgCode: null, actorId: null });
});
afterAll(() => t?.close());

const titleRow = async (mid: number) =>
  (await t.db.query('SELECT print_issn, online_issn, isbn FROM titles WHERE mid = $1', [mid])).rows[0];
const setIds = (mid: number, body: BodyIn<typeof endpoints.consoleTitlesIdentifiers>, email = 'admin@example.com') =>
  api.call(endpoints.consoleTitlesIdentifiers, { params: { mid }, body }, tokens[email]);

describe('the console sets a title’s identifiers', () => {
  it('stores them normalised, audited, and finds the title by them', async () => {
    const res = await setIds(FX.mid.journal, { printIssn: '0378 5955', onlineIssn: 'issn 1878-5891', isbn: '' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ mid: FX.mid.journal, printIssn: '0378-5955', onlineIssn: '1878-5891', isbn: null });
    expect(await titleRow(FX.mid.journal)).toEqual({ print_issn: '0378-5955', online_issn: '1878-5891', isbn: null });
    const audit = await t.db.query(`SELECT actor, institution_id, before, after FROM console_audit WHERE action = 'title.identifiers'`);
    expect(audit.rows).toEqual([
      {
        actor: 'admin@example.com',
        institution_id: null,
        before: { printIssn: null, onlineIssn: null, isbn: null },
        after: { printIssn: '0378-5955', onlineIssn: '1878-5891', isbn: null },
      },
    ]);
    for (const q of ['03785955', '1878-5891', 'modern hist']) {
      const found = await api.call(endpoints.consoleTitles, { query: { q } }, tokens['admin@example.com']);
      expect([q, found.body.titles.map((x) => x.mid)]).toEqual([q, [FX.mid.journal]]);
    }
    const book = await setIds(FX.mid.tech, { isbn: '0-306-40615-2' }, 'admin@example.com');
    expect(book.body).toMatchObject({ isbn: '9780306406157', printIssn: null });
  });

  it('refuses a bad identifier with a 400 naming the field, and changes nothing', async () => {
    const before = await titleRow(FX.mid.journal);
    for (const [body, message] of [
      [{ printIssn: '0378-5954', onlineIssn: '1878-5891' }, /^Print ISSN '0378-5954' has a wrong check digit/],
      [{ printIssn: '0378-5955', onlineIssn: '1878-589' }, /^Online ISSN '1878-589' is not an ISSN/],
      [{ printIssn: '0378-5955', onlineIssn: '0378-5955' }, /^Online ISSN is the same as the Print ISSN/],
      [{ isbn: '978-0-306-40615-8' }, /^ISBN .* wrong check digit/],
      [{ printIssn: '0378-5955\u0000' }, /control characters/],
      [{ printIssn: '9'.repeat(301) }, /at most 300/],
    ] as const) {
      const res = await setIds(FX.mid.journal, unchecked(body));
      expect([res.status, res.error.message]).toEqual([400, expect.stringMatching(message)]);
    }
    expect(await titleRow(FX.mid.journal)).toEqual(before);
    expect((await setIds(999_999, { printIssn: '0378-5955' })).status).toBe(404);
    expect((await setIds(FX.mid.journal, { printIssn: '' }, 'member@active.edu')).status).toBe(403);
    // A title is every institution's: one institution's librarian neither lists nor changes it.
    expect((await setIds(FX.mid.journal, { printIssn: '' }, 'librarian@active.edu')).status).toBe(403);
    expect((await api.call(endpoints.consoleTitles, { query: { q: 'modern' } }, tokens['librarian@active.edu'])).status).toBe(403);
    expect((await api.call(endpoints.consoleTitlesIdentifiers, { params: { mid: FX.mid.journal }, body: { printIssn: '' } })).status).toBe(
      401,
    );
    expect(await titleRow(FX.mid.journal)).toEqual(before);
  });
});

describe('the ingest takes identifiers', () => {
  it('checks the flags as the console does, and refuses one that differs from the title’s', async () => {
    expect(() => requestFrom({ title: 'X', issn: '0378-5954' }, 'x.pdf')).toThrow(/^Print ISSN '0378-5954' has a wrong check digit/);
    expect(() => requestFrom({ title: 'X', doi: '11.1000/x' }, 'x.pdf')).toThrow(/^DOI '11.1000\/x' is not a DOI/);
    expect(() => requestFrom({ title: 'X', volume: '0' }, 'x.pdf')).toThrow(/volume must be a whole number/);
    const req = requestFrom(
      { title: 'Journal of Modern History', eissn: '2049-3630', doi: 'https://doi.org/10.5555/ABC', volume: '3' },
      'x.pdf',
    );
    expect(req.title).toMatchObject({ onlineIssn: '2049-3630' });
    expect(req.issue).toMatchObject({ doi: '10.5555/abc', volume: 3 });
    // The journal has the online ISSN 1878-5891 (set above): another one is a mistake.
    await expect(checkRequest(t.db, req)).rejects.toThrow(/^Online ISSN 2049-3630 differs from the title's 1878-5891/);
    await t.db.query(`UPDATE issues SET doi = '10.5555/taken' WHERE issue_id = (SELECT min(issue_id) FROM issues WHERE mid = $1)`, [
      FX.mid.biz,
    ]);
    const taken = requestFrom({ title: 'Anything New', doi: '10.5555/TAKEN' }, 'x.pdf');
    await expect(checkRequest(t.db, taken)).rejects.toThrow(/^DOI 10.5555\/taken is issue \d+ .* already/);
  });

  it('answers a bad identifier in an upload with a 400 and queues nothing', async () => {
    const res = await api.callUpload(
      endpoints.consoleIngest,
      { fields: { title: 'New Title', isbn: '12345' } },
      { name: 'a.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF\n') },
      tokens['admin@example.com'],
    );
    expect([res.status, res.error.message]).toEqual([400, expect.stringMatching(/^ISBN '12345' is not an ISBN/)]);
    expect((await t.db.query('SELECT 1 FROM ingest_jobs')).rows).toEqual([]);
  });
});

describe('KBART and COUNTER carry them', () => {
  const parse = (text: string) => {
    const [head, ...rows] = text
      .trimEnd()
      .split('\n')
      .map((l) => l.split('\t'));
    return rows.map((r) => Object.fromEntries(head.map((c, i) => [c, r[i]])));
  };

  it('puts ISSNs, volumes and issues and the title page in the institution’s KBART', async () => {
    const issues = (
      await t.db.query<{ issue_id: number }>('SELECT issue_id FROM issues WHERE mid = $1 ORDER BY pub_date', [FX.mid.journal])
    ).rows;
    for (const [n, i] of issues.entries())
      await t.db.query('UPDATE issues SET volume = 12, number = $2 WHERE issue_id = $1', [i.issue_id, n + 1]);
    const res = await api.call(endpoints.consoleKbart, { params: { institutionId: A } }, tokens['librarian@active.edu']);
    const journal = parse(res.body.text).find((r) => r.title_id === String(FX.mid.journal));
    expect(journal).toMatchObject({
      publication_title: 'Journal of Modern History',
      print_identifier: '0378-5955',
      online_identifier: '1878-5891',
      num_first_vol_online: '12',
      num_first_issue_online: '1',
      num_last_vol_online: '', // still coming out: open-ended
      publication_type: 'serial',
      title_url: `${t.app.config.publicUrl}/magazine/${FX.mid.journal}-Journal-of-Modern-History`,
    });
    const tech = parse(res.body.text).find((r) => r.title_id === String(FX.mid.tech));
    expect(tech).toMatchObject({ print_identifier: '9780306406157', publication_type: 'monograph', date_first_issue_online: '' });
  });

  it('serves the whole catalogue as a public, cacheable KBART file', async () => {
    const res = await t.app.inject({ method: 'GET', url: GLOBAL_KBART_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/tab-separated-values');
    expect(res.headers['cache-control']).toBe('public, max-age=600');
    expect(res.headers['content-disposition']).toMatch(/filename="Lectern_Global_AllTitles_\d{4}-\d{2}-\d{2}\.txt"/);
    expect(res.body.split('\n')[0].split('\t')).toEqual([...KBART_COLUMNS]);
    const rows = parse(res.body);
    // Every title with an issue but the hidden category's, whatever an institution opens.
    expect(rows.map((r) => Number(r.title_id)).sort((a, b) => a - b)).toEqual(
      Object.values(FX.mid)
        .filter((m) => m !== FX.mid.hidden)
        .sort((a, b) => a - b),
    );
    expect(rows.find((r) => r.title_id === String(FX.mid.journal))?.print_identifier).toBe('0378-5955');
    const again = await t.app.inject({ method: 'GET', url: GLOBAL_KBART_PATH, headers: { 'if-none-match': res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it('gives COUNTER’s Item_ID the title’s ISSNs', async () => {
    const member = (await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'member@active.edu'`)).rows[0].id;
    const issueId = (
      await t.db.query<{ issue_id: number }>('SELECT min(issue_id) AS issue_id FROM issues WHERE mid = $1', [FX.mid.journal])
    ).rows[0].issue_id;
    await storeReadEvents(t.db, member, [{ kind: 'issue_open', issueId, at: Date.parse('2026-03-10T10:00:00Z') }]);
    const res = await api.call(
      endpoints.consoleReports,
      { params: { institutionId: A, report: 'tr' }, query: { begin: '2026-03', end: '2026-03' } },
      tokens['librarian@active.edu'],
    );
    const item = res.body.Report_Items.find((i) => i.Title === 'Journal of Modern History')!;
    expect(item.Item_ID).toEqual({
      Proprietary: `Lectern:${FX.mid.journal}`,
      Print_ISSN: '0378-5955',
      Online_ISSN: '1878-5891',
      URI: expect.stringMatching(new RegExp(`/magazine/${FX.mid.journal}$`)),
    });
    assertCounterReport(res.body);
  });
});
