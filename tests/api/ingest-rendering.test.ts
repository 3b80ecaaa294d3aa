// How ingest draws and reads publisher PDFs of every kind (the pdf.js test corpus in
// tests/fixtures/pdfs, see its README) and made ones: colour, JBIG2 and JPEG 2000 images, fonts
// that are not embedded, odd page sizes. With media on the local directory only: what is stored,
// and on S3 too, is ingest.test.ts's.
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/index';
import { ingestPdf } from '../../src/server/ingest/ingest';
import { largeWidthFor, MAX_PIXELS, MAX_SIDE, pageScale } from '../../src/server/ingest/render';
import type { MediaStorage } from '../../src/server/media/storage';
import { ingestRequests, look as lookIn, openIngestStore, pdf, storedPages as storedIn } from '../support/ingest';

let db: Db;
let storage: MediaStorage;
let close: () => Promise<void>;
beforeAll(async () => ({ db, storage, close } = await openIngestStore()));
afterAll(() => close?.());

const request = ingestRequests();
const storedPages = (issueId: number) => storedIn(db, issueId);
const look = (name: string) => lookIn(storage, name);

describe('valid publisher PDFs', () => {
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
