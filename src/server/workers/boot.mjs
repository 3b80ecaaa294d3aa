// A pool worker (pool.ts). Worker threads do not inherit tsx's loader: register it, then load the
// TypeScript module named in workerData and answer each task with its `handle`.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { handle } = await import(workerData.module);
parentPort.on('message', async (task) => {
  try {
    parentPort.postMessage({ result: await handle(task) });
  } catch (err) {
    parentPort.postMessage({ error: err instanceof Error ? err.message : String(err), name: err?.constructor?.name });
  }
});
