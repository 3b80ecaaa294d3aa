import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerPool, type WorkerPool } from './pool';

type Task = { n: number; crash?: boolean };
type Result = { doubled: number; url: string };

describe('worker pool', () => {
  let pool: WorkerPool<Task, Result> | undefined;
  afterEach(() => pool?.close());

  it('runs a TypeScript module as one bundled JavaScript file, with no loader in the threads', async () => {
    pool = createWorkerPool<Task, Result>(new URL('./pool-fixture.ts', import.meta.url), 2);
    const results = await Promise.all([1, 2, 3, 4].map((n) => pool!.run({ n })));
    expect(results.map((r) => r.doubled)).toEqual([2, 4, 6, 8]);
    const { url } = results[0];
    expect(url).toMatch(/\/node_modules\/\.cache\/lectern-workers\/pool-fixture-[0-9a-f]{16}\.mjs$/);
    const code = fs.readFileSync(fileURLToPath(url), 'utf8');
    expect(code).toContain('doubled: task.n * 2');
    expect(code).not.toContain('interface Task');
  });

  it('replaces a thread that dies, failing only its task', async () => {
    pool = createWorkerPool<Task, Result>(new URL('./pool-fixture.ts', import.meta.url), 1);
    await expect(pool.run({ n: 1, crash: true })).rejects.toThrow('the worker thread stopped (exit code 3)');
    expect((await pool.run({ n: 5 })).doubled).toBe(10);
  });

  it('fails every task with the build error when the module cannot be bundled', async () => {
    pool = createWorkerPool<Task, Result>(new URL('./no-such-module.ts', import.meta.url), 1);
    await expect(pool.run({ n: 1 })).rejects.toThrow(/no-such-module\.ts/);
    await expect(pool.run({ n: 2 })).rejects.toThrow(/no-such-module\.ts/);
  });
});
