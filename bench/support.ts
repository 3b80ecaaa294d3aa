// Small helpers shared by the benchmark scripts.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
export { waitForHttp } from '../tests/support/server-process';
export { percentile } from '../tests/support/percentile';

/** The middle value (the upper of the two middle ones for an even count); NaN when there are none. */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** CPU time in ms used so far (Linux, /proc) by a process with every process under it, and by
 * every PostgreSQL process on the machine: read before and after a run, the difference over its
 * requests is what a request costs each, which a shared machine's req/s cannot say. */
export function cpuMsSoFar(rootPid: number): { server: number; postgres: number } {
  const procs = fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        // (the command's name, in parentheses, may hold spaces: the fields after it are fixed)
        const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
        const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        return [{ pid: Number(pid), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), cmd }];
      } catch {
        return []; // gone meanwhile
      }
    });
  const tree = new Set([rootPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of procs)
      if (tree.has(p.ppid) && !tree.has(p.pid)) {
        tree.add(p.pid);
        grew = true;
      }
  }
  const ms = (ps: typeof procs) => (ps.reduce((sum, p) => sum + p.ticks, 0) * 1000) / CLOCK_TICKS;
  return { server: ms(procs.filter((p) => tree.has(p.pid))), postgres: ms(procs.filter((p) => /^(\S*\/)?postgres[\0:]/.test(p.cmd))) };
}
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
