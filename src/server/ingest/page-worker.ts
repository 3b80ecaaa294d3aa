// Worker thread (workers/pool.ts) of page-pool.ts: checks a PDF (`inspect`), or draws and encodes
// one of its pages. The PDF stays open between page tasks of the same document (`key`), so it is
// parsed once per worker.
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { drawPage, encodePage, inspectPdf, openPdf, type PageWidths } from './render';

export type PageTask =
  | { kind: 'inspect'; bytes: SharedArrayBuffer }
  | {
      kind: 'page';
      /** one document: a new key closes the one before */
      key: string;
      bytes: SharedArrayBuffer;
      pageNo: number;
      widths: PageWidths;
    };

let open: { key: string; pdf: Promise<PDFDocumentProxy> } | null = null;

async function drawOne(task: Extract<PageTask, { kind: 'page' }>) {
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

export type Inspected = Awaited<ReturnType<typeof inspectPdf>>;
export type DrawnOne = Awaited<ReturnType<typeof drawOne>>;

export async function handle(task: PageTask): Promise<Inspected | DrawnOne> {
  return task.kind === 'inspect' ? inspectPdf(new Uint8Array(task.bytes)) : drawOne(task);
}
