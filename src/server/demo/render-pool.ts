// The demo loader's render workers (one per core): each generates an issue PDF and renders it.
import type { IssueSpec } from './pdf-generator';
import type { RenderedPdf } from '../ingest/render-shared';
import { createWorkerPool, defaultPoolSize } from '../workers/pool';

export function createRenderPool(size = defaultPoolSize()) {
  const pool = createWorkerPool<IssueSpec, RenderedPdf>(new URL('./render-worker.ts', import.meta.url), size);
  return { size, render: (spec: IssueSpec) => pool.run(spec), close: pool.close };
}
