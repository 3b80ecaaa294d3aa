// Search without dead ends: a misspelt word is answered with the nearest word that is on a page or
// in a title name (Latin by trigrams, Devanagari by first letter and edit distance), the vocabulary
// follows pages as they come and go, and the type, language and date filters narrow title, page
// and story search alike; a bad filter is a 400 that says what is wrong.
// On PostgreSQL too: the vocabulary under concurrent ingests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import type { Db } from '../../src/server/db/index';

let t: TestContext;
let recentIssue = 0;

async function load(db: Db) {
  await loadCatalogue(db);
  // A recent issue of the Hindi magazine (the fixture's issues are all weeks old) with words to
  // misspell in English and in Devanagari.
  const { rows } = await db.query<{ issue_id: number }>(
    `INSERT INTO issues (mid, name, pub_date, page_count) VALUES ($1, 'Fresh', current_date - 2, 1) RETURNING issue_id`,
    [FX.mid.hindiMag],
  );
  recentIssue = rows[0].issue_id;
  await db.query(`INSERT INTO pages (issue_id, page_no, width, small_width, height, text) VALUES ($1, 1, 720, 360, 1020, $2)`, [
    recentIssue,
    'The library opens late. लोकतंत्र और राजनीति पर विशेष लेख। Library hours: 9 to 5.',
  ]);
}

beforeAll(async () => {
  t = await testApp(load);
});
afterAll(() => t?.close());

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> & { items: { mid?: number; issueId?: number }[] } };
};
const titles = (query: string, extra = '') => get(`/content/magazine-search?query=${encodeURIComponent(query)}${extra}`);
const pages = (q: string, extra = '') => get(`/content/mag-search?q=${encodeURIComponent(q)}${extra}`);

describe('did you mean, for words', () => {
  it('suggests the known word nearest to a misspelt one, in a query of several words', async () => {
    const res = await titles('libary hours');
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([]);
    expect(res.body.spelling).toBe('library hours');
    // the suggestion finds what the misspelling did not
    expect((await pages('library hours')).body.nbHits).toBe(1);
    expect((await titles('campos')).body.spelling).toBe('campus');
  });

  it('suggests Devanagari words, a wrong matra or a missing letter', async () => {
    expect((await titles('राजनिति')).body.spelling).toBe('राजनीति');
    expect((await titles('लोकतत्र')).body.spelling).toBe('लोकतंत्र');
    // decomposed input (NFD) is compared in the stored form
    expect((await titles('राजनिति'.normalize('NFD'))).body.spelling).toBe('राजनीति');
  });

  it('leaves known words, prefixes, numbers and gibberish alone', async () => {
    for (const q of ['zzqxjv', 'libr', '12345', 'qqxyzzv wvvq']) expect((await titles(q)).body.spelling, q).toBeUndefined();
  });

  it('forgets a word when the last page with it goes, and learns a new page’s words', async () => {
    await t.db.query(`UPDATE pages SET text = 'Quantum cryptography explained' WHERE issue_id = $1`, [recentIssue]);
    expect((await titles('libary')).body.spelling).toBeUndefined();
    expect((await titles('cryptograhpy')).body.spelling).toBe('cryptography');
    const { rows } = await t.db.query<{ n: number }>(`SELECT n FROM search_words WHERE word = 'cryptography'`);
    expect(rows[0].n).toBe(1);
    await t.db.query(
      `UPDATE pages SET text = 'The library opens late. लोकतंत्र और राजनीति पर विशेष लेख। Library hours: 9 to 5.' WHERE issue_id = $1`,
      [recentIssue],
    );
    expect((await t.db.query(`SELECT 1 FROM search_words WHERE word = 'cryptography'`)).rows).toEqual([]);
  });
});

describe('the vocabulary under concurrent ingests', () => {
  it('counts every page of ten stored at once, and none once they are gone', async () => {
    const { rows } = await t.db.query<{ issue_id: number }>(
      `INSERT INTO issues (mid, name, pub_date, page_count) VALUES ($1, 'Race', current_date - 400, 10) RETURNING issue_id`,
      [FX.mid.tech],
    );
    const add = (no: number) =>
      t.db.query(`INSERT INTO pages (issue_id, page_no, width, small_width, height, text) VALUES ($1, $2, 720, 360, 1020, $3)`, [
        rows[0].issue_id,
        no,
        `Zeppelin hangar ${no} aerostat zeppelins`,
      ]);
    await Promise.all(Array.from({ length: 10 }, (_, i) => add(i + 1)));
    const counts = await t.db.query<{ word: string; n: number }>(
      `SELECT word, n FROM search_words WHERE word IN ('zeppelin', 'aerostat', 'hangar') ORDER BY word`,
    );
    expect(counts.rows).toEqual([
      { word: 'aerostat', n: 10 },
      { word: 'hangar', n: 10 },
      { word: 'zeppelin', n: 10 },
    ]);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => t.db.query(`DELETE FROM pages WHERE issue_id = $1 AND page_no = $2`, [rows[0].issue_id, i + 1])),
    );
    expect((await t.db.query(`SELECT word FROM search_words WHERE word IN ('zeppelin', 'aerostat', 'hangar')`)).rows).toEqual([]);
  });
});

describe('filters', () => {
  it('narrows title search by type and language', async () => {
    expect((await titles('journal')).body.items.map((m) => m.mid)).toEqual([FX.mid.journal]);
    expect((await titles('journal', '&type=journal')).body.items.map((m) => m.mid)).toEqual([FX.mid.journal]);
    expect((await titles('journal', '&type=magazine')).body.items).toEqual([]);
    expect((await titles('ledger', '&type=newspaper')).body.items.map((m) => m.mid)).toEqual([FX.mid.paper]);
    expect((await titles('समाचार', '&lang=hi')).body.items.map((m) => m.mid).sort()).toEqual([FX.mid.hindiMag, FX.mid.hindiPaper]);
    expect((await titles('समाचार', '&lang=en')).body.items).toEqual([]);
  });

  it('narrows page search by type, language and issue date', async () => {
    const gardening = await pages('gardening');
    expect(gardening.body.nbHits).toBeGreaterThan(3);
    const papers = await pages('gardening', '&type=newspaper');
    expect(papers.body.nbHits).toBe(6); // three issues each of the two newspapers
    expect((await pages('gardening', '&type=newspaper&lang=hi')).body.nbHits).toBe(3);
    expect((await pages('gardening', '&type=journal&lang=hi')).body.nbHits).toBe(0);
    expect((await pages('library', '&since=week')).body.items.map((i) => i.issueId)).toEqual([recentIssue]);
    // the fixture's issues are dated before this test's week
    expect((await pages('gardening', '&since=week')).body.nbHits).toBe(0);
    expect((await pages('gardening', '&since=year')).body.nbHits).toBeGreaterThan(0);
  });

  it('narrows title search by date through the newest issue', async () => {
    expect((await titles('दर्पण', '&since=week')).body.items.map((m) => m.mid)).toEqual([FX.mid.hindiMag]);
    expect((await titles('business', '&since=week')).body.items).toEqual([]);
  });

  it('narrows story search by language and date', async () => {
    const stories = (extra: string) => get(`/content/article-search?query=campus${extra}`);
    expect((await stories('')).body.nbHits).toBe(1);
    expect((await stories('&lang=hi')).body.nbHits).toBe(0);
    expect((await stories('&since=week&lang=en')).body.nbHits).toBe(1);
  });

  it('answers a bad filter with a 400 that names it', async () => {
    for (const [url, message] of [
      ['/content/magazine-search?query=a&type=story', 'type must be magazine, newspaper or journal'],
      ['/content/mag-search?q=a&lang=english', 'lang must be a language code such as en or hi'],
      ['/content/mag-search?q=a&lang=e%00', 'lang must be a language code such as en or hi'],
      ['/content/article-search?query=a&since=decade', 'since must be week, month or year'],
      ['/content/mag-search?q=a&since=', 'since must be week, month or year'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(JSON.stringify(res.json()), url).toContain(message);
    }
  });
});
