// Ingest of a real publisher PDF (the pdf.js test corpus in tests/fixtures/pdfs, see its README) and of
// hostile ones made here: what is stored for a valid file, and that a refused file leaves no title,
// issue, page or media file behind, on the local directory and (npm run test:api:s3) on S3. How
// every kind of PDF is drawn is ingest-rendering.test.ts's. On a fresh database: the reference
// data comes from migration 012.
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/index';
import { CATEGORIES } from '../../src/server/demo/catalogue-data';
import { generateIssuePdf } from '../../src/server/demo/pdf-generator';
import { ingestPdf, type IngestRequest } from '../../src/server/ingest/ingest';
import { IngestError } from '../../src/server/ingest/render';
import { sweepMedia } from '../../src/server/media/sweep';
import type { MediaStorage } from '../../src/server/media/storage';
import { ingestRequests, look, openIngestStore, pdf, storedPages } from '../support/ingest';

let db: Db;
let storage: MediaStorage;
let close: () => Promise<void>;
beforeAll(async () => ({ db, storage, close } = await openIngestStore()));
afterAll(() => close?.());

const request = ingestRequests();

/** Rows and files: what a refused ingest must leave as it found them. */
async function state() {
  const count = async (table: string) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;
  const names = async (area: 'public' | 'pages') => (await storage.list(area)).map((e) => `${area}/${e.name}`);
  const files = [
    ...(await names('public')),
    ...(await names('pages')),
    ...(await storage.listStaged()).map((r) => `staged/${r.name}`),
  ].sort();
  return { titles: await count('titles'), issues: await count('issues'), pages: await count('pages'), files };
}

async function expectRefused(bytes: Uint8Array, message: RegExp, req = request()) {
  const before = await state();
  let rendered = 0;
  const err = await ingestPdf(db, storage, bytes, req, () => rendered++).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(IngestError);
  expect((err as Error).message).toMatch(message);
  expect(await state()).toEqual(before);
  return { rendered, message: (err as Error).message };
}

describe('valid publisher PDFs', () => {
  it('pdkids.pdf: every one of its 55 pages, sensible text and images; the same file again adds nothing', async () => {
    const progress: number[] = [];
    const r = await ingestPdf(db, storage, pdf('pdkids.pdf'), request({ name: 'PD Kids', catId: 25, lang: 'en' }), (d) => progress.push(d));
    expect(r).toMatchObject({ created: true, titleCreated: true, titleName: 'PD Kids', pages: 55 });
    expect(progress).toEqual(Array.from({ length: 55 }, (_, i) => i + 1));
    const title = (await db.query('SELECT cat_id, lang_code FROM titles WHERE mid = $1', [r.mid])).rows[0];
    expect(title).toEqual({ cat_id: 25, lang_code: 'en' });
    const issue = (await db.query('SELECT * FROM issues WHERE issue_id = $1', [r.issueId])).rows[0];
    expect(issue.page_count).toBe(55);
    for (const c of [issue.cover_1x, issue.cover_2x, issue.cover_3x]) expect((await storage.read('public', c))?.length).toBeGreaterThan(0);
    const pages = await storedPages(db, r.issueId);
    expect(pages.map((p) => p.page_no)).toEqual(progress);
    expect(pages[0].text).toContain('PD KIDS');
    expect(pages.filter((p) => /\b(the|and)\b/.test(p.text)).length).toBeGreaterThan(40);
    for (const p of pages) {
      expect(p.width).toBe(1200);
      expect((await storage.read('pages', p.image_large))!.subarray(8, 12).toString()).toBe('WEBP');
      expect(await storage.read('public', p.image_large)).toBeNull(); // page images are never public
      expect((await storage.read('pages', p.image_small))?.length).toBeGreaterThan(0);
    }
    expect((await look(storage, pages[0].image_large)).dark).toBeGreaterThan(0.005);
    const hit = await db.query(`SELECT page_no FROM pages WHERE issue_id = $1 AND search @@ to_tsquery('english', 'moon')`, [r.issueId]);
    expect(hit.rows.length).toBeGreaterThan(0);
    // Nothing staged is left, and the same bytes again (any title or issue name) add nothing.
    expect(await storage.listStaged()).toEqual([]);
    const before = await state();
    const again = await ingestPdf(db, storage, pdf('pdkids.pdf'), request({ name: 'Another name' }));
    expect(again).toMatchObject({ created: false, issueId: r.issueId, titleName: 'PD Kids', issueName: issue.name, pages: 55 });
    expect(await state()).toEqual(before);
  }, 180_000);
});

/** A hand-written PDF of these objects (1 is the catalog), with a correct xref table. */
function rawPdf(objects: string[]): Buffer {
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

describe('refusals leave nothing behind', () => {
  it('a broken page is named in the message, and the good page before it is not kept', async () => {
    const content = 'BT /F1 24 Tf 20 20 Td (Page one) Tj ET';
    const bytes = rawPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R 6 0 R] /Count 2 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 100] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      '42', // page 2 is a number, not a page
    ]);
    await expectRefused(bytes, /^page 2 cannot be rendered: /);
  });

  it('issue6010_1.pdf: password-protected', async () => {
    await expectRefused(pdf('issue6010_1.pdf'), /^password-protected: export an unprotected copy$/);
  });

  it('bug1020226.pdf: broken and cut short', async () => {
    await expectRefused(pdf('bug1020226.pdf'), /looks truncated/);
  });

  it('xfa_filled_imm1344e.pdf: an XFA-only form, never its "Please wait" placeholder', async () => {
    await expectRefused(pdf('xfa_filled_imm1344e.pdf'), /XFA-only form/);
    const placeholder = await db.query(`SELECT 1 FROM pages WHERE text ILIKE '%please wait%'`);
    expect(placeholder.rows).toEqual([]);
  });

  it('a PDF with no pages (or only empty ones), a file that is no PDF, junk of more than 1 KB before %PDF-', async () => {
    const empty = await PDFDocument.create();
    await expectRefused(await empty.save(), /no pages/);
    empty.addPage([400, 400]);
    empty.addPage([400, 400]);
    await expectRefused(await empty.save(), /no pages/);
    await expectRefused(Buffer.from('hello, not a pdf'), /not a PDF file/);
    await expectRefused(Buffer.concat([Buffer.alloc(1100, 'x'), pdf('issue6069.pdf')]), /not a PDF file/);
  });

  it('date, category, language and type are checked before anything is rendered', async () => {
    const bytes = pdf('issue6069.pdf');
    const cases: [IngestRequest, RegExp][] = [
      [request({}, { pubDate: '2026-02-30' }), /the date '2026-02-30' is not a real day/],
      [request({}, { pubDate: '1 Nov 2026' }), /not a real day as YYYY-MM-DD/],
      [request({ catId: 999 }), /there is no category 999/],
      [request({ catId: 99_999_999_999 }), /there is no category 99999999999/],
      [request({ name: 'PD Kids', lang: 'xx' }), /there is no language 'xx'/], // an existing title: still checked
      [request({ lang: 'xx' }), /there is no language 'xx' \(known: en, hi, /],
      [request({ type: 'zine' }), /the type must be magazine, newspaper, journal, not 'zine'/],
      [{ title: { mid: 987_654 }, issue: { name: 'x', pubDate: '2026-11-01' } }, /no title with mid 987654/],
    ];
    for (const [req, message] of cases) expect((await expectRefused(bytes, message, req)).rendered).toBe(0);
  });

  it('a failure inside the transaction leaves no new title, no issue and no media file', async () => {
    // A real database error on the second page's row, after the title and issue were inserted.
    await db.exec(`CREATE FUNCTION refuse_page() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.page_no = 2 THEN RAISE EXCEPTION 'disk full (test)'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER refuse_page BEFORE INSERT ON pages FOR EACH ROW EXECUTE FUNCTION refuse_page();`);
    try {
      const bytes = await generateIssuePdf({
        titleName: 'Fails',
        issueName: '1',
        pubDate: '2026-11-01',
        hindi: false,
        hue: 200,
        pages: 2,
        seed: 7,
        kind: 'magazine',
      });
      const { message } = await expectRefused(bytes, /could not be stored: disk full \(test\)/);
      expect(message).not.toMatch(/\n/);
    } finally {
      await db.exec('DROP TRIGGER refuse_page ON pages; DROP FUNCTION refuse_page();');
    }
  }, 60_000);

  it('a commit that fails after the files moved in takes them out again', async () => {
    // A deferred check fires at COMMIT, after the transaction's last step moved the images in.
    await db.exec(`CREATE FUNCTION refuse_commit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused at commit (test)'; END $$;
      CREATE CONSTRAINT TRIGGER refuse_commit AFTER INSERT ON issues DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW EXECUTE FUNCTION refuse_commit();`);
    try {
      const bytes = await generateIssuePdf({
        titleName: 'Fails late',
        issueName: '1',
        pubDate: '2026-11-01',
        hindi: false,
        hue: 120,
        pages: 2,
        seed: 8,
        kind: 'magazine',
      });
      await expectRefused(bytes, /could not be stored: refused at commit \(test\)/);
    } finally {
      await db.exec('DROP TRIGGER refuse_commit ON issues; DROP FUNCTION refuse_commit();');
    }
  }, 60_000);
});

describe('the media sweep', () => {
  it('removes old files nothing refers to and old staging runs, in both areas, and keeps the rest', async () => {
    const referenced = (await db.query<{ image_large: string }>('SELECT image_large FROM pages LIMIT 1')).rows[0].image_large;
    const cover = (await db.query<{ cover_1x: string }>('SELECT cover_1x FROM issues LIMIT 1')).rows[0].cover_1x;
    // Object stores keep their own write times: "old" is what was written before the cut-off.
    const orphanPublic = `${'a'.repeat(32)}.webp`;
    const orphanPage = `${'c'.repeat(32)}.webp`;
    await storage.write('public', orphanPublic, Buffer.from('x'));
    await storage.write('pages', orphanPage, Buffer.from('x'));
    await storage.write('public', 'README.txt', Buffer.from('not ours'));
    const staging = await storage.stage();
    await staging.save('pages', Buffer.from('staged by an ingest that died'), 'webp');
    await new Promise((r) => setTimeout(r, 1100)); // S3 times have one-second precision
    const cutoff = Date.now();
    await new Promise((r) => setTimeout(r, 1100));
    const fresh = `${'b'.repeat(32)}.webp`;
    await storage.write('public', fresh, Buffer.from('x'));

    expect(await sweepMedia(db, storage, Date.now() - cutoff)).toEqual({ removed: 2 });
    const has = async (area: 'public' | 'pages', name: string) => (await storage.read(area, name)) !== null;
    expect(await has('public', orphanPublic)).toBe(false);
    expect(await has('pages', orphanPage)).toBe(false);
    expect(await storage.listStaged()).toEqual([]);
    expect(await has('public', fresh)).toBe(true);
    expect(await has('public', 'README.txt')).toBe(true);
    expect(await has('pages', referenced)).toBe(true);
    expect(await has('public', cover)).toBe(true);
    await storage.remove('public', [fresh, 'README.txt']);
  });
});

describe('reference data from migration 012', () => {
  it('a fresh database has the stores, languages and categories (those the demo names its titles after)', async () => {
    const cats = (await db.query<{ cat_id: number; name: string }>('SELECT cat_id, name FROM categories ORDER BY curated_rank')).rows;
    expect(cats.map((c) => [c.cat_id, c.name])).toEqual(CATEGORIES.map(([id, name]) => [id, name]));
    const langs = (await db.query<{ lang_code: string }>('SELECT lang_code FROM languages ORDER BY curated_rank')).rows.map(
      (l) => l.lang_code,
    );
    expect(langs.slice(0, 2)).toEqual(['en', 'hi']);
    expect(langs).toContain('ja');
    expect((await db.query('SELECT store_id FROM stores ORDER BY 1')).rows.map((s) => s.store_id)).toEqual([1, 2, 3, 4]);
  });
});
