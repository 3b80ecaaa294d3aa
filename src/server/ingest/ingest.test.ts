import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Db } from '../db/index';
import { migrate } from '../db/migrate';
import { generateIssuePdf } from '../demo/pdf-generator';
import { ingestPdf } from './ingest';
import { IngestError } from './render';
import { LocalStorage } from '../media/local';

let db: Db;
let mediaDir: string;
let storage: LocalStorage;
let mid: number;

beforeAll(async () => {
  db = await openPglite(undefined);
  await migrate(db);
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-ingest-'));
  storage = new LocalStorage(mediaDir);
  mid = (
    await db.query<{ mid: number }>(
      `INSERT INTO titles (name, slug, publisher, cat_id, lang_code, frequency, type) VALUES ('भारत दर्पण', 'b', 'L', 1, 'hi', 'Monthly', 'magazine') RETURNING mid`,
    )
  ).rows[0].mid;
}, 60_000);
afterAll(async () => {
  await db?.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

const count = async (table: string) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;

describe('ingestPdf', () => {
  it('stores pages at three widths, covers at three, and searchable Hindi text', async () => {
    const pdf = await generateIssuePdf({
      titleName: 'भारत दर्पण',
      issueName: 'अंक १',
      pubDate: '2026-11-01',
      hindi: true,
      hue: 30,
      pages: 3,
      seed: 5,
      kind: 'magazine',
    });
    const progress: string[] = [];
    const { issueId } = await ingestPdf(db, storage, pdf, { title: { mid }, issue: { name: 'अंक १', pubDate: '2026-11-01' } }, (d, t) =>
      progress.push(`${d}/${t}`),
    );
    expect(progress).toEqual(['1/3', '2/3', '3/3']);
    const issue = (await db.query('SELECT * FROM issues WHERE issue_id = $1', [issueId])).rows[0];
    expect(issue.page_count).toBe(3);
    for (const c of [issue.cover_1x, issue.cover_2x, issue.cover_3x]) expect(fs.existsSync(path.join(storage.dir('public'), c))).toBe(true);
    const pages = (await db.query('SELECT * FROM pages WHERE issue_id = $1 ORDER BY page_no', [issueId])).rows;
    expect(pages).toHaveLength(3);
    for (const p of pages) {
      const small = fs.readFileSync(path.join(storage.dir('pages'), p.image_small));
      const large = fs.readFileSync(path.join(storage.dir('pages'), p.image_large));
      const xlarge = fs.readFileSync(path.join(storage.dir('pages'), p.image_xlarge));
      expect(small.subarray(8, 12).toString()).toBe('WEBP');
      expect(large.length).toBeGreaterThan(small.length);
      expect(xlarge.length).toBeGreaterThan(large.length);
      // A 420 pt demo page: small 480, large 1,200 (a 360 px phone at DPR 3 needs 1,080), xlarge 1,800.
      expect([p.small_width, p.width, p.xlarge_width]).toEqual([480, 1200, 1800]);
    }
    const hit = await db.query(`SELECT page_no FROM pages WHERE issue_id = $1 AND search @@ to_tsquery('simple', 'भारत')`, [issueId]);
    expect(hit.rows.length).toBeGreaterThan(0);
  }, 120_000);

  it('rejects a file that is not a PDF and writes nothing', async () => {
    const before = [await count('issues'), await count('pages')];
    await expect(
      ingestPdf(db, storage, Buffer.from('hello, not a pdf'), { title: { mid }, issue: { name: 'x', pubDate: '2026-11-01' } }),
    ).rejects.toThrow(/not a PDF file/);
    expect([await count('issues'), await count('pages')]).toEqual(before);
  });

  it('rejects a broken PDF and writes nothing', async () => {
    const pdf = await generateIssuePdf({
      titleName: 'Broken',
      issueName: '1',
      pubDate: '2026-11-01',
      hindi: false,
      hue: 1,
      pages: 2,
      seed: 1,
      kind: 'magazine',
    });
    const broken = Buffer.concat([Buffer.from(pdf.subarray(0, 400)), Buffer.from('garbage'.repeat(50))]);
    const before = [await count('issues'), await count('pages')];
    await expect(ingestPdf(db, storage, broken, { title: { mid }, issue: { name: 'x', pubDate: '2026-11-01' } })).rejects.toBeInstanceOf(
      IngestError,
    );
    expect([await count('issues'), await count('pages')]).toEqual(before);
  });
});
