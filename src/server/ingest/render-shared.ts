// What ingest needs from render.ts without loading pdf.js (its error, page widths, the header
// test, the shapes of what a render gives back): the main thread of a pooled ingest, the upload
// route and the job runner import this, so only the worker threads load pdf.js (about 320 MB of
// RSS under tsx).

/** Publisher PDFs get sharp pages; the demo library uses lighter ones so first start stays quick. */
export const PAGE_WIDTHS = { large: 1200, small: 480 };
export const DEMO_PAGE_WIDTHS = { large: 720, small: 360 };
/** Readers accept junk before the `%PDF-` header up to this many bytes. */
export const HEADER_SEARCH_BYTES = 1024;

export interface RenderedPage {
  pageNo: number;
  width: number; // of the large render
  smallWidth: number;
  height: number;
  text: string;
  large: Uint8Array;
  small: Uint8Array;
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
