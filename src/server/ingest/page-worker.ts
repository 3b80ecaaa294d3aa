// Worker thread (workers/pool.ts) of page-pool.ts: draws and encodes one page of a PDF. The PDF
// stays open between tasks of the same document (`key`), so it is parsed once per worker.
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { drawPage, encodePage, openPdf } from './render';

export interface PageTask {
  /** one document: a new key closes the one before */
  key: string;
  bytes: SharedArrayBuffer;
  pageNo: number;
  widths: { large: number; small: number };
}

let open: { key: string; pdf: Promise<PDFDocumentProxy> } | null = null;

export async function handle(task: PageTask) {
  if (open?.key !== task.key) {
    const before = open;
    // pdf.js takes ownership of what it is given: openPdf passes it a copy of the shared bytes.
    open = { key: task.key, pdf: openPdf(new Uint8Array(task.bytes)) };
    await before?.pdf.then((pdf) => pdf.destroy()).catch(() => undefined);
  }
  const drawn = await drawPage(await open.pdf, task.pageNo, task.widths);
  const { page, covers } = await encodePage(drawn);
  return { page, covers, empty: drawn.empty, warnings: drawn.warnings };
}
