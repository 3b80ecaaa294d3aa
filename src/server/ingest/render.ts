// Turns PDF bytes into what the reader and search need: per page a large and a small WebP
// render and the extracted text, plus the cover at 1x/2x/3x. Pure: no database, no files, so
// it runs the same in the ingest CLI and in the demo loader's worker threads.
import path from 'node:path';
import { createRequire } from 'node:module';
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { pageText } from './page-text';
import { COVER_WIDTHS } from '../../shared/covers';

/** Publisher PDFs get sharp pages; the demo library uses lighter ones so first start stays quick. */
export const PAGE_WIDTHS = { large: 1200, small: 480 };
export const DEMO_PAGE_WIDTHS = { large: 720, small: 360 };
const WEBP_QUALITY = 78;

export interface RenderedPage {
  pageNo: number;
  width: number; // of the large render
  smallWidth: number;
  height: number;
  text: string;
  large: Uint8Array;
  small: Uint8Array;
}
export interface RenderedPdf {
  pages: RenderedPage[];
  covers: Uint8Array[]; // 1x, 2x, 3x
}

export class IngestError extends Error {}

const pdfjsDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const standardFontDataUrl = path.join(pdfjsDir, 'standard_fonts') + path.sep;

function isPdf(bytes: Uint8Array): boolean {
  return bytes.length > 5 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
}

function downscale(src: Canvas, width: number): Canvas {
  const height = Math.round((src.height * width) / src.width);
  const out = createCanvas(width, height);
  const ctx = out.getContext('2d');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(src, 0, 0, width, height);
  return out;
}

/** The PDF as pdfjs reads it; a file that is not one, or cannot be read, is an IngestError. */
async function openPdf(bytes: Uint8Array) {
  if (!isPdf(bytes)) throw new IngestError('Not a PDF file: it does not start with %PDF-');
  try {
    // pdfjs takes ownership of the buffer it is given: pass a copy.
    return await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, verbosity: 0, isEvalSupported: false }).promise;
  } catch (err) {
    throw new IngestError(`The PDF could not be read: ${(err as Error).message}`);
  }
}

export async function renderPdf(
  bytes: Uint8Array,
  onPage?: (done: number, total: number) => void,
  widths: { large: number; small: number } = PAGE_WIDTHS,
): Promise<RenderedPdf> {
  const pdf = await openPdf(bytes);
  try {
    const pages: RenderedPage[] = [];
    let covers: Promise<Uint8Array[]> = Promise.resolve([]);
    // Encoding runs on libuv's thread pool: encode page n while page n+1 renders, one page ahead
    // at most so a long PDF never holds more than two canvases.
    let encoding: Promise<void> = Promise.resolve();
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const text = await pageText(page);
      const base = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: widths.large / base.width });
      const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
      await page.render({ canvas: canvas as any, canvasContext: canvas.getContext('2d') as any, viewport }).promise;
      page.cleanup();
      // Draw every downscaled copy before any encode starts: skia must not read a canvas that
      // another thread is encoding.
      const coverCanvases = n === 1 ? COVER_WIDTHS.map((w) => downscale(canvas, w)) : [];
      const smallCanvas = downscale(canvas, widths.small);
      if (n === 1) covers = Promise.all(coverCanvases.map((c) => c.encode('webp', 82)));
      await encoding;
      encoding = Promise.all([canvas.encode('webp', WEBP_QUALITY), smallCanvas.encode('webp', WEBP_QUALITY)]).then(([large, small]) => {
        pages.push({ pageNo: n, width: canvas.width, smallWidth: smallCanvas.width, height: canvas.height, text, large, small });
        onPage?.(n, pdf.numPages);
      });
    }
    await encoding;
    return { pages, covers: await covers };
  } catch (err) {
    if (err instanceof IngestError) throw err;
    throw new IngestError(`The PDF could not be read: ${(err as Error).message}`);
  } finally {
    await pdf.destroy();
  }
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
    throw new IngestError(`The PDF could not be read: ${(err as Error).message}`);
  } finally {
    await pdf.destroy();
  }
}
