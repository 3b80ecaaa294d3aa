// Finding a title by its name: the demo library's own names, in English and
// Devanagari; the whole name first, then names starting with the query, then other matches;
// names compared in one normal form; "did you mean" for a near miss; page snippets without the
// page's running header.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { loadCatalogue } from '../fixtures/catalogue';
import type { Db } from '../../src/server/db/index';

// Names from src/server/demo/catalogue-data.ts; "Personal Times" talks about sport a lot, so a
// ranking by text alone put it above "Sport Times".
const NAMES = [
  ['Personal Times', 'en', 'Sport times, sport news and sport stories every week'],
  ['Sport Times', 'en', 'Games'],
  ['Sport Times Digest', 'en', 'More games'],
  ['The Sport Weekly', 'en', 'Games weekly'],
  ['दैनिक जागरण प्रभात', 'hi', 'हिंदी समाचार'],
  ['कृषि दर्शन', 'hi', 'किसान'],
  ['फ़िल्मी कलियाँ', 'hi', 'फ़िल्म'],
  ['Café Culture', 'fr', 'Cafés'],
] as const;

let t: TestContext;
const mids: Record<string, number> = {};

async function loadNames(db: Db) {
  await loadCatalogue(db);
  for (const [i, [name, lang, description]] of NAMES.entries()) {
    const { rows } = await db.query<{ mid: number }>(
      `INSERT INTO titles (name, slug, publisher, cat_id, lang_code, frequency, type, description, curated_rank)
       VALUES ($1, $2, 'Meridian', 2, $3, 'Weekly', 'magazine', $4, $5) RETURNING mid`,
      [name, name.replace(/ /g, '-'), lang, description, 100 - i],
    );
    mids[name] = rows[0].mid;
  }
  // One issue of Sport Times whose page starts with its running header, as ingested PDFs do.
  const { rows } = await db.query<{ issue_id: number }>(
    `INSERT INTO issues (mid, name, pub_date, page_count) VALUES ($1, 'Vol. 3', '2026-11-01', 1) RETURNING issue_id`,
    [mids['Sport Times']],
  );
  await db.query(`INSERT INTO pages (issue_id, page_no, width, small_width, height, text) VALUES ($1, 2, 720, 360, 1020, $2)`, [
    rows[0].issue_id,
    'Sport Times · Vol. 3 · 2 \nThe cricket season\nopens with a long test of the cricket board and its players.',
  ]);
}

beforeAll(async () => {
  t = await testApp(loadNames);
});
afterAll(() => t?.close());

const search = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/content/magazine-search?query=${encodeURIComponent(query)}` });
  expect(res.statusCode).toBe(200);
  return res.json() as { items: { mid: number; name: string }[]; nbHits: number; didYouMean?: string };
};
const names = async (query: string) => (await search(query)).items.map((m) => m.name);

describe('title search by name', () => {
  it('puts the whole name first, then names that start with it, then other matches', async () => {
    expect(await names('Sport Times')).toEqual(['Sport Times', 'Sport Times Digest', 'Personal Times']);
    expect((await names('sport'))[0]).toBe('Sport Times');
    expect((await names('sport')).slice(0, 3)).toEqual(['Sport Times', 'Sport Times Digest', 'The Sport Weekly']);
    expect((await names('Sport Ti')).slice(0, 2)).toEqual(['Sport Times', 'Sport Times Digest']);
  });

  it('finds Hindi titles by their whole name and by their first word', async () => {
    expect((await names('दैनिक जागरण प्रभात'))[0]).toBe('दैनिक जागरण प्रभात');
    expect((await names('कृषि दर्शन'))[0]).toBe('कृषि दर्शन');
    expect((await names('कृषि'))[0]).toBe('कृषि दर्शन');
  });

  it('compares names in one normal form: case, spaces, accents, compatibility and composed forms', async () => {
    expect((await names('  sport   TIMES '))[0]).toBe('Sport Times');
    expect((await names('Ｓｐｏｒｔ Ｔｉｍｅｓ'))[0]).toBe('Sport Times'); // full-width letters
    expect((await names('cafe culture'))[0]).toBe('Café Culture');
    expect((await names('Cafe\u0301 Culture'))[0]).toBe('Café Culture'); // e + combining accent
    // फ़ as one code point (U+095E) against the name's फ + nukta
    expect((await names('\u095Eिल्मी कलियाँ'))[0]).toBe('फ़िल्मी कलियाँ');
  });

  it('counts its hits and offers the nearest name for a near miss, in English and Hindi', async () => {
    const exact = await search('Sport Times');
    expect(exact.nbHits).toBe(3);
    expect(exact.didYouMean).toBeUndefined();
    const typo = await search('Sprot Times');
    expect(typo).toMatchObject({ items: [], nbHits: 0, didYouMean: 'Sport Times' });
    expect((await search('sport tims')).didYouMean).toBe('Sport Times');
    expect((await search('दैनिक जागरन प्रभात')).didYouMean).toBe('दैनिक जागरण प्रभात');
    expect((await search('zzqxjv')).didYouMean).toBeUndefined();
  });

  it('quotes page text without the running header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/content/mag-search?q=cricket' });
    const tile = res.json().items.find((i: { magId: number }) => i.magId === mids['Sport Times']);
    const snippet: string = tile.pages[0]._highLight;
    expect(snippet).toContain('<mark>cricket</mark>');
    expect(snippet).not.toContain('Vol. 3');
    expect(snippet).not.toContain('\n');
  });
});
