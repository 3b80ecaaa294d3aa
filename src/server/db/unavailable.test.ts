import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable';

describe('isDatabaseUnavailable', () => {
  it('knows the errors of a database that is away', () => {
    for (const err of [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('connection failure'), { code: '08006' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
    ])
      expect(isDatabaseUnavailable(err), err.message).toBe(true);
  });

  it('leaves bugs and bad queries alone', () => {
    for (const err of [
      Object.assign(new Error('syntax error'), { code: '42601' }),
      Object.assign(new Error('duplicate key'), { code: '23505' }),
      Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
      new TypeError('x is undefined'),
      null,
      'Connection terminated',
    ])
      expect(isDatabaseUnavailable(err)).toBe(false);
  });
});
