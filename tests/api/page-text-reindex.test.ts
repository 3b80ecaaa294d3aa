// `npm run ingest -- --reindex`: page text stored by an earlier ingest, garbled as the
// old pdf.js extraction and the old i-matra repair left it, becomes findable by the words people
// type; text that is already right stays as it is, and a second run changes nothing.
// On PostgreSQL too: the re-index on a separate database.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, testApp, type TestContext } from '../support/app';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { openPglite, openPostgres, type Db, type Queryable } from '../../src/server/db/index';
import { migrate } from '../../src/server/db/migrate';
import { reindexPageText } from '../../src/server/ingest/reindex';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// Pages of a demo Hindi newspaper as the earlier ingest stored them (extracted with pdf.js 5.6 as
// it ships, then the first repair): a space after each conjunct glyph, rephs after their syllable,
// ई as इ plus the reph hook; the i-matras already moved. Only the first page ends a word in a reph.
const OLD_VISUAL = [
  'दैनिक प्र भात\nअंक ४ 2026-11-01\nछात्र की नइर् दुनिया\n2 स्\nवच्छ ऊजार् की दौड़',
  'क्रिकेट स् वास्थ्य भोजन बाज़ारस् वास्थ्य। बाज़ार यात्रा पयार्वरण सरकार विज्ञान संगीतव्य ापार इतिहास पवर्त।',
];
const FIXED_VISUAL = [
  'दैनिक प्रभात\nअंक ४ 2026-11-01\nछात्र की नई दुनिया\n2 स्वच्छ ऊर्जा की दौड़',
  'क्रिकेट स्वास्थ्य भोजन बाज़ारस्वास्थ्य। बाज़ार यात्रा पर्यावरण सरकार विज्ञान संगीतव्यापार इतिहास पर्वत।',
];
// Text in logical order, as today's ingest stores it: nothing to change.
const RIGHT = 'किताब विद्यार्थी कीर्ति धर्म पर्यावरण राजनीति ईर्ष्या जगत् में स्वास्थ्य India Today';
// A logical-order PDF through the first repair, which moved the i-matra past its consonant:
// कतिाब, कसिान (an i-matra before another vowel sign) go back; किताब and दिन stay.
const OLD_LOGICAL = 'कतिाब और कसिान, किताब दिन';

async function addIssue(db: Queryable, mid: number, name: string, texts: string[]): Promise<number> {
  const { rows } = await db.query<{ issue_id: number }>(
    `INSERT INTO issues (mid, name, pub_date, page_count) VALUES ($1, $2, '2026-11-01', $3) RETURNING issue_id`,
    [mid, name, texts.length],
  );
  for (const [i, text] of texts.entries()) {
    await db.query(`INSERT INTO pages (issue_id, page_no, width, height, text) VALUES ($1, $2, 720, 1020, $3)`, [
      rows[0].issue_id,
      i + 1,
      text,
    ]);
  }
  return rows[0].issue_id;
}

const texts = async (db: Queryable, issueId: number) =>
  (await db.query<{ text: string }>('SELECT text FROM pages WHERE issue_id = $1 ORDER BY page_no', [issueId])).rows.map((r) => r.text);

const FIXTURE_HINDI_ISSUES = 3;
let t: TestContext;
const issue: Record<string, number> = {};

beforeAll(async () => {
  t = await testApp(loadCatalogue, { config: { contentCacheMs: 0 } }); // searches before and after the command
  issue.old = await addIssue(t.db, FX.mid.hindiPaper, 'पुराना अंक', OLD_VISUAL);
  issue.right = await addIssue(t.db, FX.mid.hindiPaper, 'नया अंक', [RIGHT]);
  issue.logical = await addIssue(t.db, FX.mid.hindiPaper, 'तार्किक अंक', [OLD_LOGICAL]);
}, 60_000);
afterAll(() => t?.close());

const found = async (q: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/content/mag-search?q=${encodeURIComponent(q)}` });
  expect(res.statusCode).toBe(200);
  return (res.json().items as { issueId: number }[]).map((i) => i.issueId).filter((id) => id === issue.old);
};

describe('re-repair of stored page text', () => {
  it('makes the garbled pages findable by ऊर्जा, स्वच्छ, स्वास्थ्य, प्रभात and पर्यावरण, and changes nothing on a second run', async () => {
    for (const word of ['ऊर्जा', 'स्वच्छ', 'प्रभात', 'पर्यावरण']) expect(await found(word), word).toEqual([]);
    expect(await found('ऊजार्')).toEqual([issue.old]);

    const progress: number[] = [];
    const first = await reindexPageText(t.db, (p) => progress.push(p.done));
    // the catalogue's own Hindi pages are checked too, and left as they are
    expect(first).toEqual({ issues: 3 + FIXTURE_HINDI_ISSUES, issuesChanged: 2, pagesChanged: 3 });
    expect(progress).toEqual(Array.from({ length: first.issues }, (_, i) => i + 1));
    expect(await texts(t.db, issue.old)).toEqual(FIXED_VISUAL);
    expect(await texts(t.db, issue.right)).toEqual([RIGHT]);
    expect(await texts(t.db, issue.logical)).toEqual(['किताब और किसान, किताब दिन']);

    // through the page-text search API (pages' search column and issue_search)
    for (const word of ['ऊर्जा', 'स्वच्छ', 'स्वास्थ्य', 'प्रभात', 'पर्यावरण', 'पर्वत']) expect(await found(word), word).toEqual([issue.old]);
    expect(await found('ऊजार्')).toEqual([]);
    const { rows } = await t.db.query<{ hit: boolean }>(
      `SELECT search @@ to_tsquery('simple', 'ऊर्जा') AS hit FROM issue_search WHERE issue_id = $1`,
      [issue.old],
    );
    expect(rows).toEqual([{ hit: true }]);

    const before = await t.db.query('SELECT issue_id, page_no, text FROM pages ORDER BY 1, 2');
    expect(await reindexPageText(t.db)).toEqual({ issues: first.issues, issuesChanged: 0, pagesChanged: 0 });
    expect((await t.db.query('SELECT issue_id, page_no, text FROM pages ORDER BY 1, 2')).rows).toEqual(before.rows);
  });
});

describe('npm run ingest -- --reindex', () => {
  const cli = promisify(execFile);

  it('prints progress per issue repaired and a count, on the database in use', async () => {
    // The command gets the engine of this run: a fresh PostgreSQL database, or a PGlite directory
    // (closed while the command has it: PGlite is one process).
    const pg = process.env.LECTERN_TEST_DB === 'postgres' ? await freshPostgresDatabase() : null;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-reindex-'));
    const open = (): Promise<Db> => (pg ? openPostgres(pg.url, 2) : openPglite(path.join(dataDir, 'pg')));
    const run = () =>
      cli(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'src/server/ingest/cli.ts'), '--reindex'], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: pg?.url ?? '' },
      });
    try {
      let db = await open();
      await migrate(db);
      const cat = (await db.query<{ cat_id: number }>('SELECT min(cat_id) AS cat_id FROM categories')).rows[0].cat_id;
      const { rows } = await db.query<{ mid: number }>(
        `INSERT INTO titles (name, slug, publisher, cat_id, lang_code, frequency, type) VALUES ('दैनिक प्रभात', 'dainik', 'P', $1, 'hi', 'Daily', 'newspaper') RETURNING mid`,
        [cat],
      );
      const old = await addIssue(db, rows[0].mid, 'पुराना अंक', OLD_VISUAL);
      await addIssue(db, rows[0].mid, 'नया अंक', [RIGHT]);
      await db.close();

      const first = await run();
      expect(first.stdout.trim().split('\n')).toEqual([
        `issue ${old}: 2 pages repaired (1/2)`,
        'reindex: 2 issues with Devanagari checked, 2 pages in 1 issues repaired and re-indexed',
      ]);
      expect((await run()).stdout).toContain('reindex: 2 issues with Devanagari checked, 0 pages in 0 issues repaired');

      db = await open();
      expect(await texts(db, old)).toEqual(FIXED_VISUAL);
      await db.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
