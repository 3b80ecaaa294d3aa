// Renders a PDF's pages in worker threads (one per core), so every core draws: the same pages,
// warnings and refusals as renderPages, in the same shape. The PDF is checked once here (not a
// PDF, password, XFA-only); its bytes are shared with the workers, not copied to each task. Only
// `pool.size` pages are in flight at once and each goes to `each` as soon as it is back, so
// memory does not grow with the page count.
import crypto from 'node:crypto';
import { createWorkerPool, defaultPoolSize, type WorkerPool } from '../workers/pool';
import { IngestError, inspectPdf, NO_PAGES, type RenderedPage, type RenderWarning } from './render';
import type { PageTask, handle } from './page-worker';

export type PagePool = WorkerPool<PageTask, Awaited<ReturnType<typeof handle>>>;

export function createPagePool(size = defaultPoolSize()): PagePool {
  return createWorkerPool(new URL('./page-worker.ts', import.meta.url), size);
}

export async function renderPagesInPool(
  pool: PagePool,
  bytes: Uint8Array,
  widths: { large: number; small: number },
  each: (page: RenderedPage, total: number) => void | Promise<void>,
): Promise<{ covers: Uint8Array[]; warnings: RenderWarning[] }> {
  const { numPages, warnings: openWarnings } = await inspectPdf(bytes);
  const shared = new SharedArrayBuffer(bytes.length);
  new Uint8Array(shared).set(bytes);
  const key = crypto.randomBytes(8).toString('hex');
  const pageWarnings: RenderWarning[][] = [];
  let covers: Uint8Array[] = [];
  let drawnPages = 0;
  let next = 1;
  let failure: unknown = null;
  // One lane per worker; a failure stops every lane before its next page.
  const lane = async () => {
    while (!failure && next <= numPages) {
      const pageNo = next++;
      try {
        const r = await pool.run({ key, bytes: shared, pageNo, widths });
        if (failure) return;
        if (!r.empty) drawnPages++;
        if (pageNo === 1) covers = r.covers;
        pageWarnings[pageNo] = r.warnings;
        await each(r.page, numPages);
      } catch (err) {
        failure ??= (err as Error).name === 'IngestError' ? new IngestError((err as Error).message) : err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(pool.size, numPages) }, lane));
  if (failure instanceof IngestError) throw failure;
  if (failure) throw new IngestError(`the PDF cannot be rendered: ${(failure as Error).message}`);
  if (!drawnPages) throw NO_PAGES();
  return { covers, warnings: [...openWarnings, ...pageWarnings.flat()] };
}
