// A small pool of render workers (one per core) for the demo loader.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { IssueSpec } from './pdf-generator';
import type { RenderedPdf } from '../ingest/render';

export function createRenderPool(size = Math.max(1, Math.min(os.availableParallelism(), 4))) {
  const workers = Array.from({ length: size }, () => new Worker(new URL('./render-worker-boot.mjs', import.meta.url)));
  const idle = [...workers];
  const waiting: (() => void)[] = [];
  const pending = new Map<number, { resolve: (r: RenderedPdf) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  for (const w of workers) {
    w.on('message', (msg: { id: number; rendered?: RenderedPdf; error?: string }) => {
      const p = pending.get(msg.id)!;
      pending.delete(msg.id);
      idle.push(w);
      waiting.shift()?.();
      if (msg.error) p.reject(new Error(msg.error));
      else p.resolve(msg.rendered!);
    });
  }
  return {
    size,
    async render(spec: IssueSpec): Promise<RenderedPdf> {
      while (!idle.length) await new Promise<void>((r) => waiting.push(r));
      const w = idle.pop()!;
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        w.postMessage({ id, spec });
      });
    },
    close: () => Promise.all(workers.map((w) => w.terminate())),
  };
}
