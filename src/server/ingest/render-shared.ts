// What ingest needs from render.ts without loading pdf.js (its error, page widths and sizes, the
// header test, the shapes of what a render gives back): the main thread of a pooled ingest, the upload
// route and the job runner import this, so only the worker threads load pdf.js (about 320 MB of
// RSS under tsx).

/** Widths (px, for a Letter or A4 page) of a page's renditions: small for thumbnails and small
 * screens, large for a phone at DPR 3 held upright, xlarge for a phone held sideways, a tablet or
 * laptop at DPR 2 and zoom. The reader picks one by the device pixels a page takes
 * (shared/reader-paths.ts); docs/page-renditions.md. */
export interface PageWidths {
  small: number;
  large: number;
  xlarge: number;
}
/** Publisher PDFs get sharp pages; the demo library has no wider rendition than the large one, so
 * first start stays quick (drawing at 1,800 px tripled its time per page). */
export const PAGE_WIDTHS: PageWidths = { small: 480, large: 1200, xlarge: 1800 };
export const DEMO_PAGE_WIDTHS: PageWidths = { small: 360, large: 1080, xlarge: 1080 };
/** WebP cannot encode a side longer than this. */
export const MAX_SIDE = 16_383;
/** Pixels of one page canvas at most: a huge page is drawn smaller, so memory stays bounded whatever
 * the page size. Drawing and encoding a page takes about 20 bytes a pixel for a moment (the canvas,
 * Skia's and WebP's buffers): 10 MP is about 200 MB per worker (16 MP took a two-worker ingest with
 * PGlite past 1 GB on an A0 page). An A4 page at 1200 px is 2 MP. */
export const MAX_PIXELS = 10_000_000;

export interface PageSize {
  /** in points */
  width: number;
  height: number;
}

/** Page width (in points) that the configured large width is meant for: US Letter, and A4 is close. */
const REFERENCE_WIDTH_PT = 612;

/** The large render's width for this page: `large` px for a Letter or A4 page, proportionally more
 * for a wider one (a broadsheet, A3, an A0 poster), so its text is as sharp when zoomed as an A4
 * page's. pageScale's pixel budget caps it: an A0 page comes out 2,660 px wide (80 dpi). */
export function largeWidthFor(page: { width: number }, large: number): number {
  return Math.round(large * Math.max(1, page.width / REFERENCE_WIDTH_PT));
}

/** The scale that draws a page `width` px wide, or smaller where WebP's side limit or the pixel
 * budget would be passed (a 200 × 14,400 pt strip, an A0 poster). */
export function pageScale(page: { width: number; height: number }, width: number): number {
  const { width: w, height: h } = page;
  return Math.min(width / w, MAX_SIDE / w, MAX_SIDE / h, Math.sqrt(MAX_PIXELS / (w * h)));
}

/** Readers accept junk before the `%PDF-` header up to this many bytes. */
export const HEADER_SEARCH_BYTES = 1024;

export interface RenderedPage {
  pageNo: number;
  width: number; // of the large render
  smallWidth: number;
  xlargeWidth: number;
  height: number; // of the large render
  text: string;
  large: Uint8Array;
  small: Uint8Array;
  xlarge: Uint8Array;
}
export interface RenderWarning {
  /** null: about the whole document */
  page: number | null;
  message: string;
}
export interface RenderedPdf {
  pages: RenderedPage[];
  covers: Uint8Array[]; // 1x, 2x, 3x
  warnings: RenderWarning[];
}

export class IngestError extends Error {}

/** Where `%PDF-` starts within the first KB, or -1. */
export function pdfHeaderOffset(bytes: Uint8Array): number {
  return Buffer.from(bytes.subarray(0, HEADER_SEARCH_BYTES + 5)).indexOf('%PDF-', 0, 'latin1');
}

/** The PDF has no page that draws anything (pdf.js shows an empty page tree as one empty page). */
export const NO_PAGES = () => new IngestError('the PDF has no pages (none of them draws anything)');
