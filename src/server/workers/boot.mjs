// A pool worker (pool.ts): loads the bundled module named in workerData (bundle.ts: plain
// JavaScript, no loader) and answers each task with its `handle`.
import { parentPort, workerData } from 'node:worker_threads';

const { handle } = await import(workerData.module);
parentPort.on('message', async (task) => {
  try {
    parentPort.postMessage({ result: await handle(task) });
  } catch (err) {
    parentPort.postMessage({ error: err instanceof Error ? err.message : String(err), name: err?.constructor?.name });
  }
});
