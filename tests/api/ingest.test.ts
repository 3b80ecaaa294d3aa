// Ingest of real publisher PDFs (the pdf.js test corpus in tests/fixtures/pdfs, see its README) and of
// hostile ones made here: what is stored for a valid file, and that a refused file leaves no title,
// issue, page or media file behind. On a fresh database: the reference data comes from migration 012.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { loadImage, createCanvas } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/index';
import { CATEGORIES } from '../../src/server/demo/catalogue-data';
import { generateIssuePdf } from '../../src/server/demo/pdf-generator';
import { ingestPdf, type IngestRequest } from '../../src/server/ingest/ingest';
import { IngestError, largeWidthFor, MAX_PIXELS, MAX_SIDE, pageScale } from '../../src/server/ingest/render';
import { sweepMedia } from '../../src/server/media/sweep';
import type { MediaStorage } from '../../src/server/media/storage';
import { migratedDb } from '../support/app';
import { testStorage } from '../support/s3';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PDFS = path.join(ROOT, 'tests/fixtures/pdfs');
const pdf = (name: string) => fs.readFileSync(path.join(PDFS, name));

let db: Db;
let storage: MediaStorage;
let closeStorage: () => void;
beforeAll(async () => {
  db = await migratedDb();
  ({ storage, close: closeStorage } = await testStorage());
});
afterAll(async () => {
  await db?.close();
  closeStorage?.();
});

let n = 0;
/** A request for a new title (a unique name each time) unless one is given. */
const request = (over: Partial<IngestRequest['title']> = {}, issue: Partial<IngestRequest['issue']> = {}): IngestRequest => ({
  title: { name: `Ingest test ${++n}`, catId: 2, lang: 'en', ...over } as IngestRequest['title'],
  issue: { name: `No. ${n}`, pubDate: '2026-11-01', ...issue },
});

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

async function storedPages(issueId: number) {
  return (
    await db.query<{
      page_no: number;
      width: number;
      height: number;
      small_width: number;
      text: string;
      image_large: string;
      image_small: string;
    }>('SELECT * FROM pages WHERE issue_id = $1 ORDER BY page_no', [issueId])
  ).rows;
}

/** Share of dark pixels, of coloured pixels, and the mean brightness of a stored page image. */
async function look(name: string) {
  const img = await loadImage((await storage.read('pages', name))!);
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const { data } = ctx.getImageData(0, 0, img.width, img.height);
  let dark = 0;
  let coloured = 0;
  let sum = 0;
  for (let i = 0; i < data.length; i += 4) {
    const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
    sum += (r + g + b) / 3;
    if (r + g + b < 300) dark++;
    if (Math.max(r, g, b) - Math.min(r, g, b) > 60) coloured++;
  }
  const px = data.length / 4;
  return { dark: dark / px, coloured: coloured / px, mean: sum / px, width: img.width, height: img.height };
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
    const pages = await storedPages(r.issueId);
    expect(pages.map((p) => p.page_no)).toEqual(progress);
    expect(pages[0].text).toContain('PD KIDS');
    expect(pages.filter((p) => /\b(the|and)\b/.test(p.text)).length).toBeGreaterThan(40);
    for (const p of pages) {
      expect(p.width).toBe(1200);
      expect((await storage.read('pages', p.image_large))!.subarray(8, 12).toString()).toBe('WEBP');
      expect(await storage.read('public', p.image_large)).toBeNull(); // page images are never public
      expect((await storage.read('pages', p.image_small))?.length).toBeGreaterThan(0);
    }
    expect((await look(pages[0].image_large)).dark).toBeGreaterThan(0.005);
    const hit = await db.query(`SELECT page_no FROM pages WHERE issue_id = $1 AND search @@ to_tsquery('english', 'moon')`, [r.issueId]);
    expect(hit.rows.length).toBeGreaterThan(0);
    // Nothing staged is left, and the same bytes again (any title or issue name) add nothing.
    expect(await storage.listStaged()).toEqual([]);
    const before = await state();
    const again = await ingestPdf(db, storage, pdf('pdkids.pdf'), request({ name: 'Another name' }));
    expect(again).toMatchObject({ created: false, issueId: r.issueId, titleName: 'PD Kids', issueName: issue.name, pages: 55 });
    expect(await state()).toEqual(before);
  }, 180_000);

  it('calrgb.pdf: 17 pages in colour', async () => {
    const r = await ingestPdf(db, storage, pdf('calrgb.pdf'), request());
    const pages = await storedPages(r.issueId);
    expect(pages).toHaveLength(17);
    expect((await look(pages[0].image_large)).coloured).toBeGreaterThan(0.2);
  }, 120_000);

  it('issue12963.pdf: the JBIG2 scans are visible on all 8 pages', async () => {
    const r = await ingestPdf(db, storage, pdf('issue12963.pdf'), request());
    const pages = await storedPages(r.issueId);
    expect(pages).toHaveLength(8);
    for (const p of pages) expect((await look(p.image_small)).dark).toBeGreaterThan(0.01);
    expect(r.warnings.filter((w) => /blank/.test(w.message))).toEqual([]);
  }, 120_000);

  it('S2.pdf and issue5567.pdf: JPEG 2000 images are drawn, not white', async () => {
    // A white page has no coloured pixel; issue5567 is a green landscape with a white sky.
    for (const file of ['S2.pdf', 'issue5567.pdf']) {
      const r = await ingestPdf(db, storage, pdf(file), request());
      const [page] = await storedPages(r.issueId);
      const seen = await look(page.image_large);
      expect(seen.coloured, file).toBeGreaterThan(0.1);
      expect(seen.mean, file).toBeLessThan(230);
    }
  }, 120_000);

  it('noembed-eucjp.pdf: Japanese text in a font that is not embedded is extracted (CMaps) and drawn (a stand-in font)', async () => {
    const r = await ingestPdf(db, storage, pdf('noembed-eucjp.pdf'), request({ lang: 'ja' }));
    const [page] = await storedPages(r.issueId);
    expect(page.text).toBe('あいうえお');
    expect((await look(page.image_large)).dark).toBeGreaterThan(0);
    expect(r.warnings).toContainEqual({
      page: 1,
      message: 'the font MS-Gothic is not embedded and pdf.js has no substitute: drawn with a stand-in (Japanese and Latin only)',
    });
    // The stand-in draws real glyphs: with no Japanese font every kana is the same empty box.
    const glyph = async (ch: string) => {
      const c = createCanvas(60, 60);
      const ctx = c.getContext('2d');
      ctx.font = '40px serif';
      ctx.fillText(ch, 5, 45);
      return Buffer.from(ctx.getImageData(0, 0, 60, 60).data);
    };
    expect((await glyph('あ')).equals(await glyph('い'))).toBe(false);
  });

  it('issue13916.pdf: Czech text whose extraction holds NUL is stored without control characters', async () => {
    const r = await ingestPdf(db, storage, pdf('issue13916.pdf'), request({ lang: 'cs' }));
    const [page] = await storedPages(r.issueId);
    expect(page.text).toContain('ŠĚŠČŘŽÝÁÍÉ');
    // eslint-disable-next-line no-control-regex
    expect(page.text).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F]/);
  });

  it('issue17069.pdf (empty user password) opens; issue6069.pdf (junk before %PDF-) is accepted', async () => {
    const a = await ingestPdf(db, storage, pdf('issue17069.pdf'), request());
    expect((await storedPages(a.issueId))[0].text).toContain('Test doc');
    // pdf.js's own warnings come out with the page they were about (and the document's apart).
    expect(a.warnings).toContainEqual({ page: 1, message: 'TT: undefined function: 32' });
    const b = await ingestPdf(db, storage, pdf('issue6069.pdf'), request());
    // Arial is not embedded, but pdf.js draws it with the Liberation Sans it ships: no warning.
    expect(b.warnings.filter((w) => /not embedded/.test(w.message))).toEqual([]);
    expect(b.warnings).toContainEqual({ page: null, message: 'Indexing all PDF objects' });
    expect((await storedPages(b.issueId))[0].text).toBe('Missing value for startxref and junk before magic header');
  });

  it('a 200 × 14,400 pt page is drawn within WebP’s 16,383 px and the pixel budget', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([200, 14_400]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let y = 100; y < 14_400; y += 1_000) page.drawText(`mark ${y}`, { x: 20, y, size: 24, font });
    const r = await ingestPdf(db, storage, await doc.save(), request());
    const [stored] = await storedPages(r.issueId);
    expect(stored.height).toBeLessThanOrEqual(MAX_SIDE);
    expect(stored.width * stored.height).toBeLessThanOrEqual(MAX_PIXELS);
    expect(stored.width).toBe(Math.round(200 * pageScale({ width: 200, height: 14_400 }, 1200)));
    expect(stored.text).toContain('mark 14100');
    const seen = await look(stored.image_large);
    expect([seen.width, seen.height]).toEqual([stored.width, stored.height]);
    // An A0 poster stays inside the pixel budget too; an ordinary page gets the full width.
    expect(pageScale({ width: 2384, height: 3370 }, 3000) ** 2 * 2384 * 3370).toBeLessThanOrEqual(MAX_PIXELS * 1.0001);
    expect(pageScale({ width: 595, height: 842 }, 1200)).toBeCloseTo(1200 / 595);
  });

  it('a broadsheet and an A0 page are drawn wider than an A4 page, in proportion, within the pixel budget', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const sizes: [string, number, number][] = [
      ['A4', 595, 842],
      ['broadsheet', 1701, 2126], // 600 × 750 mm
      ['A0', 2384, 3370],
    ];
    for (const [name, w, h] of sizes) {
      const page = doc.addPage([w, h]);
      // columns of small print across the page, as a newspaper's are
      for (let x = 30; x < w - 150; x += 150)
        for (let y = 40; y < h - 40; y += 12) page.drawText(`${name} small print at ${y} pt`, { x, y, size: 8, font });
    }
    const r = await ingestPdf(db, storage, await doc.save(), request({ type: 'newspaper' }));
    const [a4, broadsheet, a0] = await storedPages(r.issueId);
    expect(a4.width).toBe(1200);
    expect(broadsheet.width).toBeGreaterThan(2 * a4.width);
    expect(broadsheet.width).toBe(Math.round(1701 * pageScale({ width: 1701, height: 2126 }, largeWidthFor({ width: 1701 }, 1200))));
    expect(a0.width).toBe(Math.round(2384 * pageScale({ width: 2384, height: 3370 }, largeWidthFor({ width: 2384 }, 1200))));
    for (const [p, [, w]] of [a4, broadsheet, a0].map((p, i) => [p, sizes[i]] as const)) {
      expect(p.width * p.height).toBeLessThanOrEqual(MAX_PIXELS * 1.001); // sides rounded to whole pixels
      expect(Math.max(p.width, p.height)).toBeLessThanOrEqual(MAX_SIDE);
      expect(p.small_width).toBe(480);
      // 8 pt print gets at least 1.1 px per point (the A0 page, held by the pixel budget); a fixed
      // 1,200 px gave an A0 page 0.5, too few to read it zoomed.
      expect(p.width / w).toBeGreaterThanOrEqual(1.1);
      const seen = await look(p.image_large);
      expect([seen.width, seen.height]).toEqual([p.width, p.height]);
      expect(seen.dark).toBeGreaterThan(0.005);
    }
    expect(a0.text).toContain('A0 small print at 3316 pt');
  }, 120_000);

  it('a page that renders blank while it draws something is a warning', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([400, 400]).drawRectangle({ x: 50, y: 50, width: 300, height: 300, color: rgb(1, 1, 1) });
    doc.addPage([400, 400]).drawRectangle({ x: 50, y: 50, width: 300, height: 300, color: rgb(0, 0, 0.6) });
    doc.addPage([400, 400]); // empty: nothing drawn, so nothing to warn about
    const r = await ingestPdf(db, storage, await doc.save(), request());
    expect(r.warnings.filter((w) => /renders blank/.test(w.message)).map((w) => w.page)).toEqual([1]);
  });
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

describe('npm run ingest', () => {
  const cli = promisify(execFile);
  const run = (args: string[], dataDir: string) =>
    cli(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'src/server/ingest/cli.ts'), ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    }).then(
      (r) => ({ code: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => e,
    );

  it('refuses in one line with exit code 1, ingests into a fresh database, and says when a file is already in', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-ingest-cli-'));
    try {
      const file = path.join(PDFS, 'issue6069.pdf');
      const bad = await run([file, '--title', 'CLI Test', '--date', '2026-02-30'], dataDir);
      expect(bad.code).toBe(1);
      expect(bad.stderr.trim()).toBe(`ingest: the date '2026-02-30' is not a real day as YYYY-MM-DD`);
      const unknown = await run([file, '--title', 'CLI Test', '--colour', 'red'], dataDir);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr.trim().split('\n')).toHaveLength(1);
      const ok = await run([file, '--title', 'CLI Test', '--issue', 'First', '--date', '2026-11-01'], dataDir);
      expect(ok.code).toBe(0);
      expect(ok.stdout).toMatch(/Ingested issue 1 'First' of 'CLI Test': 1 pages/);
      const again = await run([file, '--title', 'CLI Test', '--issue', 'Second'], dataDir);
      expect(again.code).toBe(0);
      expect(again.stdout).toMatch(/Already in: issue 1 'First' of 'CLI Test' \(mid 1\) is this file; nothing added/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
