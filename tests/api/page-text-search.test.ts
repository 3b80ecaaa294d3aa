// Text that search can use: Hindi pages of the demo library found by their words
// (its PDFs through the real ingest), Arabic presentation forms found by normal Arabic, Chinese
// and Japanese found by a word inside a run without spaces, and the re-index of migration 013.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, freshDb, type TestContext } from '../support/app';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { generateIssuePdf } from '../../src/server/demo/pdf-generator';
import { ingestPdf, storeRenderedIssue } from '../../src/server/ingest/ingest';
import { migrate, migrationFiles } from '../../src/server/db/migrate';
import type { Db } from '../../src/server/db/index';
import { repairStoredTextOnce } from '../../src/server/ingest/reindex';

// Arabic "مرحبا بالعالم" (hello, world) as PDFs often store it: presentation forms (U+FExx).
const ARABIC_FORMS = 'ﻣﺮﺣﺒﺎ ﺑﺎﻟﻌﺎﻟﻢ';

let t: TestContext;
const issue: Record<string, number> = {};

async function storeText(db: Db, mid: number, name: string, text: string): Promise<number> {
  const tiny = new Uint8Array([1, 2, 3, mid, name.length]);
  const page = { pageNo: 1, width: 720, smallWidth: 360, xlargeWidth: 720, height: 1020, text, large: tiny, small: tiny, xlarge: tiny };
  return db.transaction((tx) =>
    storeRenderedIssue(
      tx,
      t.app.storage,
      { mid, name, pubDate: '2026-11-01' },
      { pages: [page], covers: [tiny, tiny, tiny], warnings: [] },
    ),
  );
}

beforeAll(async () => {
  t = await testApp(loadCatalogue);
  // Two issues of the demo's Hindi newspaper, made by the demo generator and ingested (the first
  // one made in a process used to lose every reph from its text: see pdf-generator.ts).
  for (const [seed, no] of [
    [4, '४'],
    [3, '३'],
  ] as const) {
    const pdf = await generateIssuePdf({
      titleName: 'दैनिक प्रभात',
      issueName: `अंक ${no}`,
      pubDate: '2026-11-01',
      hindi: true,
      hue: 30,
      pages: 3,
      seed,
      kind: 'newspaper',
    });
    issue[`hi${seed}`] = (
      await ingestPdf(t.db, t.app.storage, pdf, { title: { mid: FX.mid.hindiPaper }, issue: { name: `अंक ${no}`, pubDate: '2026-11-01' } })
    ).issueId;
  }
  issue.ar = await storeText(t.db, FX.mid.tech, 'Arabic', `Page one ${ARABIC_FORMS}`);
  issue.ja = await storeText(t.db, FX.mid.tech, 'Japanese', '日本の文化について。東京で会いましょう');
  issue.zh = await storeText(t.db, FX.mid.tech, 'Chinese', '中华文化博大精深');
}, 240_000);
afterAll(() => t?.close());

const pageSearch = async (q: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/content/mag-search?q=${encodeURIComponent(q)}` });
  expect(res.statusCode).toBe(200);
  return res.json().items as { issueId: number; magId: number; fin: number }[];
};
const issues = async (q: string) => (await pageSearch(q)).map((i) => i.issueId).sort();

describe('Hindi page search on the demo library', () => {
  it('finds ऊर्जा, स्वच्छ, स्वास्थ्य and प्रभात on the Hindi pages', async () => {
    for (const word of ['ऊर्जा', 'स्वच्छ', 'स्वास्थ्य', 'प्रभात']) {
      const hits = await pageSearch(word);
      expect(hits.length, word).toBeGreaterThan(0);
      expect(
        hits.every((h) => h.magId === FX.mid.hindiPaper),
        word,
      ).toBe(true);
    }
    expect(await issues('प्रभात')).toEqual([issue.hi3, issue.hi4].sort()); // the masthead on every cover
    expect(await issues('ऊर्जा')).toEqual([issue.hi3, issue.hi4].sort());
  });

  it('stores the words in logical order, not as pdf.js read them', async () => {
    const { rows } = await t.db.query<{ text: string }>(`SELECT string_agg(text, ' ') AS text FROM pages WHERE issue_id = ANY($1)`, [
      [issue.hi3, issue.hi4],
    ]);
    expect(rows[0].text).toContain('दैनिक प्रभात');
    expect(rows[0].text).toContain('स्वच्छ ऊर्जा');
    expect(rows[0].text).toContain('पर्यावरण');
    for (const garbled of ['ऊजार्', 'स् वच्छ', 'प्र भात', 'दैिनक', ' िव']) expect(rows[0].text).not.toContain(garbled);
    expect(await pageSearch('ऊजार्')).toEqual([]);
  });
});

describe('Hindi words ending in ों (split by extraction into ा and ं)', () => {
  const pageText = async (ids: number[]) =>
    (await t.db.query<{ text: string }>(`SELECT string_agg(text, ' ') AS text FROM pages WHERE issue_id = ANY($1)`, [ids])).rows[0].text;

  it('stores the cover lines as written and finds them in either spelling, with snippets in the right form', async () => {
    const text = await pageText([issue.hi3, issue.hi4]);
    expect(text).toContain('छात्रों की नई दुनिया');
    expect(text).not.toContain('छात्रां');
    for (const word of ['छात्रों', 'छात्रां']) {
      expect(await issues(word), word).toEqual([issue.hi3, issue.hi4].sort());
    }
    const res = await t.app.inject({ method: 'GET', url: `/content/mag-search?q=${encodeURIComponent('छात्रों')}` });
    const body = res.body.normalize('NFC');
    expect(body).toContain('छात्रों');
    expect(body).not.toContain('छात्रां');
  });

  it('repairs text stored before the repair once at start, re-indexed, and a second start changes nothing', async () => {
    // as an earlier ingest stored it, written past the repair
    const old = 'लोगों'.replace('ों', 'ां');
    const id = await storeText(t.db, FX.mid.tech, 'Old Hindi', 'placeholder');
    await t.db.query(`UPDATE pages SET text = $2 WHERE issue_id = $1`, [id, `${old} के लिए छात्रां और पुस्तकालयां, यहां शांति`]);
    const found = async () =>
      (await t.db.query(`SELECT 1 FROM issue_search WHERE issue_id = $1 AND search @@ to_tsquery('simple', 'लोगों')`, [id])).rows.length;
    expect(await found()).toBe(0);
    const first = await repairStoredTextOnce(t.db);
    expect(first?.pagesChanged).toBeGreaterThan(0);
    expect(await pageText([id])).toBe('लोगों के लिए छात्रों और पुस्तकालयों, यहां शांति');
    expect(await found()).toBe(1);
    expect(await issues('लोगों')).toEqual([id]);
    expect(await issues('पुस्तकालयों')).toEqual([id]);
    expect(await issues('पुस्तकालयां')).toEqual([id]); // the query gets the same repair
    expect(await repairStoredTextOnce(t.db)).toBeNull();
  });
});

describe('normalised text (NFKC) on both sides', () => {
  it('stores Arabic presentation forms as letters, and a search in either form finds them', async () => {
    const { rows } = await t.db.query<{ text: string }>('SELECT text FROM pages WHERE issue_id = $1', [issue.ar]);
    expect(rows[0].text).toBe('Page one مرحبا بالعالم');
    expect(await issues('مرحبا')).toEqual([issue.ar]);
    expect(await issues('ﻣﺮﺣﺒﺎ')).toEqual([issue.ar]);
  });

  it('full-width Latin in a query meets plain text', async () => {
    expect((await pageSearch('ｍｏｎｓｏｏｎ')).map((i) => i.magId)).toContain(FX.mid.biz);
  });
});

describe('scripts without spaces', () => {
  it('finds a Japanese or Chinese word inside a run of text', async () => {
    expect(await issues('文化')).toEqual([issue.ja, issue.zh].sort());
    expect(await issues('東京')).toEqual([issue.ja]);
    expect(await issues('博大精深')).toEqual([issue.zh]);
    expect(await issues('会いましょう')).toEqual([issue.ja]);
    expect(await issues('京')).toEqual([issue.ja]); // one character
    expect(await issues('深')).toEqual([issue.zh]); // the last one of a run
  });

  it('does not match characters that are only apart on the page', async () => {
    expect(await issues('化博')).toEqual([issue.zh]);
    expect(await issues('本京')).toEqual([]);
    expect(await issues('文化 東京')).toEqual([issue.ja]);
  });
});

describe('migration 013: re-index', () => {
  let db: Db;
  afterAll(() => db?.close());

  it('gives existing pages normalised text and a search column that finds them', async () => {
    db = await freshDb();
    await migrate(
      db,
      migrationFiles().filter((m) => m.version < 13),
    );
    await loadCatalogue(db);
    await db.query(`UPDATE pages SET text = $1 WHERE issue_id = 1 AND page_no = 1`, [`${ARABIC_FORMS} 日本の文化`]);
    expect((await migrate(db))[0]).toBe('013_page_text.sql');
    const { rows } = await db.query<{ text: string; hit: boolean }>(
      `SELECT text, search @@ to_tsquery('simple', 'مرحبا & 文化') AS hit FROM pages WHERE issue_id = 1 AND page_no = 1`,
    );
    expect(rows[0]).toEqual({ text: 'مرحبا بالعالم 日本の文化', hit: true });
    const { rows: others } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pages WHERE search @@ to_tsquery('simple', 'gardening')`,
    );
    expect(others[0].n).toBeGreaterThan(0);
  });
});
