// Worker thread: generates one demo issue PDF and renders it. The main thread keeps the
// database (PGlite is one connection in one process) and writes what comes back.
import { parentPort } from 'node:worker_threads';
import { generateIssuePdf, type IssueSpec } from './pdf-generator';
import { DEMO_PAGE_WIDTHS, renderPdf } from '../ingest/render';

parentPort!.on('message', async (msg: { id: number; spec: IssueSpec }) => {
  try {
    const pdf = await generateIssuePdf(msg.spec);
    const rendered = await renderPdf(pdf, undefined, DEMO_PAGE_WIDTHS);
    parentPort!.postMessage({ id: msg.id, rendered });
  } catch (err) {
    parentPort!.postMessage({ id: msg.id, error: (err as Error).message });
  }
});
