// Renders a PDF's pages in worker threads (one per core), so every core draws: the same pages,
// warnings and refusals as renderPages, in the same shape. The PDF is checked once first, by a
// worker (not a PDF, password, XFA-only), so this thread never loads pdf.js; its bytes are shared
// with the workers, not copied to each task. At most `pool.size` pages are in flight at once (and
// fewer large-format ones: PIXELS_IN_FLIGHT), and each goes to `each` as soon as it is back, so
// memory does not grow with the page count or the page size.
import crypto from 'node:crypto';
import { createWorkerPool, defaultPoolSize, type WorkerPool } from '../workers/pool';
import {
  IngestError,
  largeWidthFor,
  MAX_PIXELS,
  NO_PAGES,
  pageScale,
  type PageWidths,
  type RenderedPage,
  type RenderWarning,
} from './render-shared';
import type { DrawnOne, Inspected, PageTask } from './page-worker';

export type PagePool = WorkerPool<PageTask, Inspected | DrawnOne>;

export function createPagePool(size = defaultPoolSize()): PagePool {
  return createWorkerPool(new URL('./page-worker.ts', import.meta.url), size);
}

/** Pixels being drawn at once over all workers: two ordinary pages (2 MP each) or one large-format
 * page, whose drawing takes about 20 bytes a pixel. Large pages then take turns, so a broadsheet
 * issue needs no more memory than one such page per pool, whatever the pool's size. */
export const PIXELS_IN_FLIGHT = MAX_PIXELS;

/** Admits work of a given size while the total stays within `max`; work larger than `max` alone
 * is admitted when nothing else runs. */
export function pixelBudget(max: number) {
  let used = 0;
  let waiting: (() => void)[] = [];
  return {
    async take(n: number): Promise<void> {
      while (used > 0 && used + n > max) await new Promise<void>((r) => waiting.push(r));
      used += n;
    },
    give(n: number): void {
      used -= n;
      const wake = waiting;
      waiting = [];
      for (const w of wake) w();
    },
  };
}

/** A refusal from a worker arrives as a plain Error named IngestError: this thread's class again. */
const local = (err: unknown) => ((err as Error).name === 'IngestError' ? new IngestError((err as Error).message) : err);

export async function renderPagesInPool(
  pool: PagePool,
  bytes: Uint8Array,
  widths: PageWidths,
  each: (page: RenderedPage, total: number) => void | Promise<void>,
): Promise<{ covers: Uint8Array[]; warnings: RenderWarning[] }> {
  const shared = new SharedArrayBuffer(bytes.length);
  new Uint8Array(shared).set(bytes);
  const {
    numPages,
    sizes,
    warnings: openWarnings,
  } = (await pool.run({ kind: 'inspect', bytes: shared }).catch((err: unknown) => {
    const e = local(err);
    throw e instanceof IngestError ? e : new IngestError(`the PDF cannot be read: ${(e as Error).message}`);
  })) as Inspected;
  const key = crypto.randomBytes(8).toString('hex');
  const pageWarnings: RenderWarning[][] = [];
  let covers: Uint8Array[] = [];
  let drawnPages = 0;
  let next = 1;
  let failure: unknown = null;
  const budget = pixelBudget(PIXELS_IN_FLIGHT);
  // One lane per worker; a failure stops every lane before its next page.
  const lane = async () => {
    while (!failure && next <= numPages) {
      const pageNo = next++;
      try {
        const size = sizes[pageNo - 1];
        const pixels = size.width * size.height * pageScale(size, largeWidthFor(size, widths.xlarge)) ** 2;
        await budget.take(pixels);
        const r = (await pool.run({ kind: 'page', key, bytes: shared, pageNo, widths }).finally(() => budget.give(pixels))) as DrawnOne;
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
