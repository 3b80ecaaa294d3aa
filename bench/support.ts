// Small helpers shared by the benchmark scripts.
export { waitForHttp } from '../tests/support/server-process';
export { percentile } from '../tests/support/percentile';
