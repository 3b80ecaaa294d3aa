// Small helpers shared by the benchmark scripts.
export { waitForHttp } from '../tests/support/server-process';

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
