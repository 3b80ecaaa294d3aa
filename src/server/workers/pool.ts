// A bounded pool of worker threads (node:worker_threads), one task at a time per worker: the demo
// loader renders issues with it, ingest renders pages (ingest/page-pool.ts). A worker module
// exports `handle(task)`; it is bundled to plain JavaScript first (bundle.ts) and boot.mjs loads
// it. A worker that dies (out of memory, a native crash) fails its task and is replaced, so the
// pool keeps its size.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { bundleWorker } from './bundle';

export interface WorkerPool<T, R> {
  size: number;
  run(task: T): Promise<R>;
  close(): Promise<void>;
}

/** One worker per core, at most `max`. */
export const defaultPoolSize = (max = 4) => Math.max(1, Math.min(os.availableParallelism(), max));

export function createWorkerPool<T, R>(module: URL, size = defaultPoolSize()): WorkerPool<T, R> {
  const idle: Worker[] = [];
  const waiting: (() => void)[] = [];
  const busy = new Map<Worker, { resolve: (r: R) => void; reject: (e: Error) => void }>();
  let closed = false;
  let bundled: URL;

  const free = (w: Worker) => {
    busy.delete(w);
    idle.push(w);
    waiting.shift()?.();
  };
  const start = () => {
    const w = new Worker(new URL('./boot.mjs', import.meta.url), { workerData: { module: bundled.href } });
    w.on('message', (msg: { result?: R; error?: string; name?: string }) => {
      const task = busy.get(w);
      free(w);
      if (msg.error === undefined) task?.resolve(msg.result!);
      else task?.reject(Object.assign(new Error(msg.error), { name: msg.name ?? 'Error' }));
    });
    w.on('error', (err) => busy.get(w)?.reject(err as Error));
    w.on('exit', (code) => {
      busy.get(w)?.reject(new Error(`the worker thread stopped (exit code ${code})`));
      busy.delete(w);
      if (idle.includes(w)) idle.splice(idle.indexOf(w), 1);
      if (!closed) free(start());
    });
    return w;
  };
  const workers = () => [...idle, ...busy.keys()];
  // A failed build is reported by every run().
  const ready = bundleWorker(module).then((url) => {
    bundled = url;
    for (let i = 0; i < size && !closed; i++) free(start());
  });
  ready.catch(() => undefined);

  return {
    size,
    async run(task: T): Promise<R> {
      await ready;
      while (!closed && !idle.length) await new Promise<void>((r) => waiting.push(r));
      if (closed) throw new Error('the worker pool is closed');
      const w = idle.pop()!;
      return new Promise<R>((resolve, reject) => {
        busy.set(w, { resolve, reject });
        w.postMessage(task);
      });
    },
    async close() {
      closed = true;
      for (const wake of waiting.splice(0)) wake();
      await ready.catch(() => undefined);
      await Promise.all(workers().map((w) => w.terminate()));
    },
  };
}
