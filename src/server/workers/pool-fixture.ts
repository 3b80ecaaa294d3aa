// A worker module for pool.test.ts: TypeScript (an interface, typed parameters) that Node cannot
// load by itself, so a thread runs it only once the pool has bundled it.
interface Task {
  n: number;
  crash?: boolean;
}

export function handle(task: Task): { doubled: number; url: string } {
  if (task.crash) process.exit(3); // in a worker thread this ends the thread only
  return { doubled: task.n * 2, url: import.meta.url };
}
