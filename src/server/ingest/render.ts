// Turns PDF bytes into what the reader and search need: per page WebP renders at three widths
// (small, large, xlarge) and the extracted text, plus the cover at 1x/2x/3x. Pure: no database, no files, so
// it runs the same in the ingest CLI and in the demo loader's worker threads.
import path from 'node:path';
import { createRequire } from 'node:module';
import { GlobalFonts, createCanvas, type Canvas } from '@napi-rs/canvas';
import { getDocument, OPS, VerbosityLevel, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { pageTextOf } from './page-text';
import { stripControlChars } from './clean-text';
import { COVER_WIDTHS } from '../../shared/covers';
import {
  HEADER_SEARCH_BYTES,
  IngestError,
  largeWidthFor,
  MAX_SIDE,
  NO_PAGES,
  PAGE_WIDTHS,
  pageScale,
  type PageWidths,
  pdfHeaderOffset,
  type PageSize,
  type RenderedPage,
  type RenderedPdf,
  type RenderWarning,
} from './render-shared';

export * from './render-shared';

const WEBP_QUALITY = 78;
const pdfjsDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const pdfjsData = (folder: string) => path.join(pdfjsDir, folder) + path.sep;
/** Everything pdfjs-dist ships beside the code: fonts for PDFs that do not embed the 14 standard
 * ones, CMaps for CJK text in non-embedded fonts, the JPEG 2000 / JBIG2 decoders and ICC profiles.
 * Without them such pages come out white or lose their text. */
const PDFJS_DATA = {
  standardFontDataUrl: pdfjsData('standard_fonts'),
  cMapUrl: pdfjsData('cmaps'),
  cMapPacked: true,
  wasmUrl: pdfjsData('wasm'),
  iccUrl: pdfjsData('iccs'),
};

// Text in a font that is neither embedded nor one pdf.js ships is drawn in the generic family pdf.js
// names (serif or sans-serif), and the canvas has no system font for Japanese: those names go to
// Noto Sans JP (which has Latin glyphs too), so such text is drawn instead of empty boxes.
export const STAND_IN_FONT = 'Lectern stand-in';
GlobalFonts.registerFromPath(
  createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf'),
  STAND_IN_FONT,
);
for (const generic of ['serif', 'sans-serif']) GlobalFonts.setAlias(STAND_IN_FONT, generic);

function hasEofMarker(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(Math.max(0, bytes.length - HEADER_SEARCH_BYTES))).includes('%%EOF', 0, 'latin1');
}

/** A copy `width` px wide (never taller than WebP allows). */
function downscale(src: Canvas, width: number): Canvas {
  const scale = Math.min(width / src.width, MAX_SIDE / src.height);
  const out = createCanvas(Math.max(1, Math.round(src.width * scale)), Math.max(1, Math.round(src.height * scale)));
  const ctx = out.getContext('2d');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(src, 0, 0, out.width, out.height);
  return out;
}

// pdf.js reports what it had to work around (a missing font, an undecodable image) with
// console.warn("Warning: ..."). One hook sends those to the page being worked on.
let warningSink: string[] | null = null;
const consoleWarn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  const text = args.map(String).join(' ');
  if (warningSink && text.startsWith('Warning: ')) warningSink.push(text.slice('Warning: '.length));
  else consoleWarn(...args);
};
async function collectWarnings<T>(into: string[], fn: () => Promise<T>): Promise<T> {
  warningSink = into;
  try {
    return await fn();
  } finally {
    warningSink = null;
  }
}

/** Operators that put ink on the page (paths are painted by constructPath in pdf.js 5). */
const DRAWING_OPS: Set<number> = new Set([
  OPS.constructPath,
  OPS.fill,
  OPS.stroke,
  OPS.showText,
  OPS.showSpacedText,
  OPS.nextLineShowText,
  OPS.nextLineSetSpacingShowText,
  OPS.shadingFill,
  OPS.paintImageXObject,
  OPS.paintInlineImageXObject,
  OPS.paintImageMaskXObject,
  OPS.paintImageXObjectRepeat,
  OPS.paintSolidColorImageMask,
]);

async function drawsSomething(page: PDFPageProxy): Promise<boolean> {
  const ops = await page.getOperatorList();
  return ops.fnArray.some((fn) => DRAWING_OPS.has(fn));
}

/** One colour everywhere (a small copy is enough to tell). */
function isBlank(canvas: Canvas): boolean {
  const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
  for (let i = 4; i < data.length; i++) if (Math.abs(data[i] - data[i % 4]) > 8) return false;
  return true;
}

/** The PDF as pdfjs reads it; a file that is not one, or cannot be read, is an IngestError. */
export async function openPdf(bytes: Uint8Array, warnings?: string[]): Promise<PDFDocumentProxy> {
  if (pdfHeaderOffset(bytes) < 0) throw new IngestError('not a PDF file: there is no %PDF- header in its first KB');
  try {
    // pdfjs takes ownership of the buffer it is given: pass a copy. XFA is on only so that an
    // XFA-only form can be told apart (isPureXfa) and refused.
    // Warnings only where someone collects them (not for an ID upload's first page).
    const verbosity = warnings ? VerbosityLevel.WARNINGS : VerbosityLevel.ERRORS;
    const task = getDocument({ data: new Uint8Array(bytes), ...PDFJS_DATA, verbosity, isEvalSupported: false, enableXfa: true });
    return await collectWarnings(warnings ?? [], () => task.promise);
  } catch (err) {
    const { name, message } = err as Error;
    if (name === 'PasswordException') throw new IngestError('password-protected: export an unprotected copy');
    if (!hasEofMarker(bytes)) throw new IngestError(`the PDF looks truncated (no %%EOF at its end) and cannot be read: ${message}`);
    throw new IngestError(`the PDF cannot be read: ${message}`);
  }
}

/** The PDF opened and checked as every render does (not a PDF, password, XFA-only), for a caller
 * that renders its pages elsewhere (page-pool.ts): its page count, page sizes (pt) and the warnings of
 * opening it. */
export async function inspectPdf(bytes: Uint8Array): Promise<{ numPages: number; sizes: PageSize[]; warnings: RenderWarning[] }> {
  const openWarnings: string[] = [];
  const pdf = await openPdf(bytes, openWarnings);
  try {
    checkNotXfa(pdf);
    const sizes = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const { width, height } = (await pdf.getPage(n)).getViewport({ scale: 1 });
      sizes.push({ width, height });
    }
    return { numPages: pdf.numPages, sizes, warnings: [...new Set(openWarnings)].map((message) => ({ page: null, message })) };
  } finally {
    await pdf.destroy();
  }
}

function checkNotXfa(pdf: PDFDocumentProxy): void {
  if (pdf.isPureXfa) throw new IngestError('an XFA-only form (its pages exist only as form data): print it to a flat PDF first');
}

export interface DrawnPage {
  pageNo: number;
  /** the xlarge render, and copies of it at the large and small widths */
  canvas: Canvas;
  large: Canvas;
  small: Canvas;
  text: string;
  /** draws nothing at all */
  empty: boolean;
  warnings: RenderWarning[];
  /** page 1 only: the cover at each of COVER_WIDTHS */
  coverCanvases: Canvas[];
}

/** Page n drawn (not yet encoded), with its warnings. */
export async function drawPage(pdf: PDFDocumentProxy, n: number, widths: PageWidths): Promise<DrawnPage> {
  const pageWarnings: string[] = [];
  const drawn = await collectWarnings(pageWarnings, () => renderPage(pdf, n, widths)).catch((err: Error) => {
    throw err instanceof IngestError ? err : new IngestError(`page ${n} cannot be rendered: ${err.message}`);
  });
  const { canvas, large, small, text, blankButDraws, empty, missingFonts } = drawn;
  const warnings = [...new Set(pageWarnings)].map((message) => ({ page: n, message }));
  if (blankButDraws) warnings.push({ page: n, message: 'renders blank although the PDF draws on it: look at this page' });
  for (const font of missingFonts)
    warnings.push({
      page: n,
      message: `the font ${font} is not embedded and pdf.js has no substitute: drawn with a stand-in (Japanese and Latin only)`,
    });
  // Draw every downscaled copy before any encode starts: skia must not read a canvas that
  // another thread is encoding.
  const coverCanvases = n === 1 ? COVER_WIDTHS.map((w) => downscale(canvas, w)) : [];
  return { pageNo: n, canvas, large, small, text, empty, warnings, coverCanvases };
}

/** A drawn page as WebP (on libuv's thread pool), and page 1's covers. */
export async function encodePage(d: DrawnPage): Promise<{ page: RenderedPage; covers: Uint8Array[] }> {
  // (no wider rendition than the large one: the same file serves both)
  const same = d.large === d.canvas;
  const [large, xlarge, small, ...covers] = await Promise.all([
    d.large.encode('webp', WEBP_QUALITY),
    same ? null : d.canvas.encode('webp', WEBP_QUALITY),
    d.small.encode('webp', WEBP_QUALITY),
    ...d.coverCanvases.map((c) => c.encode('webp', 82)),
  ]);
  const [width, height, smallWidth, xlargeWidth] = [d.large.width, d.large.height, d.small.width, d.canvas.width];
  // Skia's pixels live outside V8's heap, so V8 sees no reason to collect a canvas soon: shrink
  // each one now, which frees its pixels at once (tens of MB for a large page).
  for (const c of [d.canvas, d.large, d.small, ...d.coverCanvases]) c.width = c.height = 1;
  return {
    page: { pageNo: d.pageNo, width, smallWidth, xlargeWidth, height, text: d.text, large, small, xlarge: xlarge ?? large },
    covers,
  };
}

/** Renders every page in order, handing each to `each` as soon as it is encoded (so a caller can
 * write it out instead of holding the whole issue in memory). */
export async function renderPages(
  bytes: Uint8Array,
  widths: PageWidths,
  each: (page: RenderedPage, total: number) => void | Promise<void>,
): Promise<{ covers: Uint8Array[]; warnings: RenderWarning[] }> {
  const openWarnings: string[] = [];
  const pdf = await openPdf(bytes, openWarnings);
  const warnings: RenderWarning[] = [...new Set(openWarnings)].map((message) => ({ page: null, message }));
  let encoding: Promise<void> = Promise.resolve();
  let covers: Uint8Array[] = [];
  try {
    checkNotXfa(pdf);
    let drawnPages = 0;
    // Encoding runs on libuv's thread pool: encode page n while page n+1 renders, one page ahead
    // at most so a long PDF never holds more than two canvases.
    for (let n = 1; n <= pdf.numPages; n++) {
      const drawn = await drawPage(pdf, n, widths);
      if (!drawn.empty) drawnPages++;
      warnings.push(...drawn.warnings);
      await encoding;
      encoding = encodePage(drawn).then((encoded) => {
        if (n === 1) covers = encoded.covers;
        return each(encoded.page, pdf.numPages);
      });
    }
    await encoding;
    if (!drawnPages) throw NO_PAGES();
    return { covers, warnings };
  } catch (err) {
    // The page still being encoded must not reach `each` after the caller has cleaned up.
    await Promise.allSettled([encoding]);
    if (err instanceof IngestError) throw err;
    throw new IngestError(`the PDF cannot be read: ${(err as Error).message}`);
  } finally {
    await pdf.destroy();
  }
}

async function renderPage(pdf: PDFDocumentProxy, n: number, widths: PageWidths) {
  const page = await pdf.getPage(n);
  // (with marked content: a span's ActualText stands for its glyphs, page-text.ts)
  const content = await page.getTextContent({ includeMarkedContent: true });
  const text = stripControlChars(pageTextOf(content.items));
  const base = page.getViewport({ scale: 1 });
  // Drawn once at the widest rendition; the narrower ones are copies of it (pdf.js's drawing is
  // most of a page's time).
  const viewport = page.getViewport({ scale: pageScale(base, largeWidthFor(base, widths.xlarge)) });
  const canvas = createCanvas(Math.max(1, Math.round(viewport.width)), Math.max(1, Math.round(viewport.height)));
  await page.render({ canvas: canvas as any, canvasContext: canvas.getContext('2d') as any, viewport }).promise;
  const largeWidth = largeWidthFor(base, widths.large);
  const large = largeWidth >= canvas.width ? canvas : downscale(canvas, largeWidth);
  const small = downscale(canvas, Math.min(widths.small, canvas.width));
  const blank = isBlank(small);
  const draws = !blank || (await drawsSomething(page));
  const missing = missingFonts(page, content.items);
  page.cleanup();
  return { canvas, large, small, text, blankButDraws: blank && draws, empty: !draws, missingFonts: missing };
}

/** Fonts of the page's text that are neither embedded nor replaced by a font pdf.js ships: their
 * text is drawn with the stand-in (Japanese and Latin), so it may look different or, in another
 * script, come out as boxes. */
function missingFonts(page: PDFPageProxy, items: Awaited<ReturnType<PDFPageProxy['getTextContent']>>['items']): string[] {
  const names = new Set(items.flatMap((i) => ('str' in i && i.str.trim() ? [i.fontName] : [])));
  return [...names].flatMap((id) => {
    const font = page.commonObjs.has(id) ? (page.commonObjs.get(id) as { name?: string; missingFile?: boolean }) : null;
    return font?.missingFile ? [font.name ?? id] : [];
  });
}

/** The whole PDF in memory (the demo's small issues). */
export async function renderPdf(
  bytes: Uint8Array,
  onPage?: (done: number, total: number) => void,
  widths: PageWidths = PAGE_WIDTHS,
): Promise<RenderedPdf> {
  const pages: RenderedPage[] = [];
  const { covers, warnings } = await renderPages(bytes, widths, (page, total) => {
    pages.push(page);
    onPage?.(page.pageNo, total);
  });
  return { pages, covers, warnings };
}

/** Only the first page, fitted into a box (the longer side of an odd page shape never exceeds
 * it), as WebP: how an uploaded ID PDF is kept, never the PDF itself. */
export async function renderFirstPage(bytes: Uint8Array, box: { width: number; height: number }): Promise<Uint8Array> {
  const pdf = await openPdf(bytes);
  try {
    const page = await pdf.getPage(1);
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: Math.min(box.width / base.width, box.height / base.height) });
    const canvas = createCanvas(Math.max(1, Math.round(viewport.width)), Math.max(1, Math.round(viewport.height)));
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#fff'; // a page with no background would otherwise be transparent
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas: canvas as any, canvasContext: ctx as any, viewport }).promise;
    page.cleanup();
    return await canvas.encode('webp', WEBP_QUALITY);
  } catch (err) {
    if (err instanceof IngestError) throw err;
    throw new IngestError(`The PDF could not be read: ${(err as Error).message}`);
  } finally {
    await pdf.destroy();
  }
}
