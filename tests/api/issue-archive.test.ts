// A title's whole issue archive (spec §7 getIssuesByMag with lst_dt): paged 50 at a time, newest
// first, every issue exactly once even where several share a date across a page boundary.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { loadCatalogue } from '../fixtures/catalogue';

const COUNT = 125; // three issues a day (a newspaper's editions): pages end inside a day
let t: TestContext;
let mid: number;
beforeAll(async () => {
  t = await testApp(async (db) => {
    await loadCatalogue(db);
    const { rows } = await db.query<{ mid: number }>(
      `INSERT INTO titles (name, slug, publisher, cat_id, lang_code, frequency, type, store_ids, description)
       VALUES ('Daily Editions', 'daily-editions', 'Peak', 154, 'en', 'Daily', 'newspaper', '{1}', 'Three editions a day') RETURNING mid`,
    );
    mid = rows[0].mid;
    await db.query(
      `INSERT INTO issues (mid, name, pub_date, page_count)
       SELECT $1, 'Edition ' || g, DATE '2026-06-01' - (g / 3), 2 FROM generate_series(0, $2 - 1) g`,
      [mid, COUNT],
    );
  });
});
afterAll(() => t?.close());

type Row = { issueId: number; pubDate: string };
const page = async (query: string) => {
  const res = await t.app.inject({ url: `/content/getIssuesByMag?mid=${mid}${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().edt_details as Row[];
};

describe('getIssuesByMag paging with lst_dt and lst_id', () => {
  it('walks the whole archive newest first, each issue once', async () => {
    const seen: Row[] = [];
    let next = await page('');
    for (let n = 0; n < 10 && next.length > 0; n++) {
      seen.push(...next);
      if (next.length < 50) break;
      const last = next.at(-1)!;
      next = await page(`&lst_dt=${last.pubDate}&lst_id=${last.issueId}`);
    }
    expect(seen).toHaveLength(COUNT);
    expect(new Set(seen.map((i) => i.issueId)).size).toBe(COUNT);
    const order = [...seen].sort((a, b) => b.pubDate.localeCompare(a.pubDate) || b.issueId - a.issueId);
    expect(seen.map((i) => i.issueId)).toEqual(order.map((i) => i.issueId));
  });

  it('keeps lst_dt alone as the spec has it: issues before that date', async () => {
    const first = await page('');
    const last = first.at(-1)!;
    const older = await page(`&lst_dt=${last.pubDate}`);
    expect(older.every((i) => i.pubDate < last.pubDate)).toBe(true);
    // The same day's other editions are the ones lst_id keeps.
    const after = await page(`&lst_dt=${last.pubDate}&lst_id=${last.issueId}`);
    expect(after[0].pubDate).toBe(last.pubDate);
  });

  it('refuses lst_id without its date, and a bad one, with 400', async () => {
    for (const q of ['&lst_id=5', '&lst_dt=2026-06-01&lst_id=0', '&lst_dt=2026-06-01&lst_id=abc', '&lst_dt=2026-02-30&lst_id=3']) {
      const res = await t.app.inject({ url: `/content/getIssuesByMag?mid=${mid}${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.code).toBe('bad_request');
    }
  });
});
