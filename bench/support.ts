// Small helpers shared by the benchmark scripts.
export { waitForHttp } from '../tests/support/server-process';
export { percentile } from '../tests/support/percentile';

/** The middle value (the upper of the two middle ones for an even count); NaN when there are none. */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
