// Worker thread (workers/pool.ts): generates one demo issue PDF and renders it. The main thread
// keeps the database (PGlite is one connection in one process) and writes what comes back.
import { generateIssuePdf, type IssueSpec } from './pdf-generator';
import { DEMO_PAGE_WIDTHS, renderPdf } from '../ingest/render';

export async function handle(spec: IssueSpec) {
  return renderPdf(await generateIssuePdf(spec), undefined, DEMO_PAGE_WIDTHS);
}
