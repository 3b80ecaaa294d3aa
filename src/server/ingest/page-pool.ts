// Renders a PDF's pages in worker threads (one per core), so every core draws: the same pages,
// warnings and refusals as renderPages, in the same shape. The PDF is checked once first, by a
// worker (not a PDF, password, XFA-only), so this thread never loads pdf.js; its bytes are shared
// with the workers, not copied to each task. Only
// `pool.size` pages are in flight at once and each goes to `each` as soon as it is back, so
// memory does not grow with the page count.
import crypto from 'node:crypto';
import { createWorkerPool, defaultPoolSize, type WorkerPool } from '../workers/pool';
import { IngestError, NO_PAGES, type RenderedPage, type RenderWarning } from './render-shared';
import type { DrawnOne, Inspected, PageTask } from './page-worker';

export type PagePool = WorkerPool<PageTask, Inspected | DrawnOne>;

export function createPagePool(size = defaultPoolSize()): PagePool {
  return createWorkerPool(new URL('./page-worker.ts', import.meta.url), size);
}

/** A refusal from a worker arrives as a plain Error named IngestError: this thread's class again. */
const local = (err: unknown) => ((err as Error).name === 'IngestError' ? new IngestError((err as Error).message) : err);

export async function renderPagesInPool(
  pool: PagePool,
  bytes: Uint8Array,
  widths: { large: number; small: number },
  each: (page: RenderedPage, total: number) => void | Promise<void>,
): Promise<{ covers: Uint8Array[]; warnings: RenderWarning[] }> {
  const shared = new SharedArrayBuffer(bytes.length);
  new Uint8Array(shared).set(bytes);
  const { numPages, warnings: openWarnings } = (await pool.run({ kind: 'inspect', bytes: shared }).catch((err: unknown) => {
    const e = local(err);
    throw e instanceof IngestError ? e : new IngestError(`the PDF cannot be read: ${(e as Error).message}`);
  })) as Inspected;
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
        const r = (await pool.run({ kind: 'page', key, bytes: shared, pageNo, widths })) as DrawnOne;
        if (failure) return;
        if (!r.empty) drawnPages++;
        if (pageNo === 1) covers = r.covers;
        pageWarnings[pageNo] = r.warnings;
        await each(r.page, numPages);
      } catch (err) {
        failure ??= local(err);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(pool.size, numPages) }, lane));
  if (failure instanceof IngestError) throw failure;
  if (failure) throw new IngestError(`the PDF cannot be rendered: ${(failure as Error).message}`);
  if (!drawnPages) throw NO_PAGES();
  return { covers, warnings: [...openWarnings, ...pageWarnings.flat()] };
}
