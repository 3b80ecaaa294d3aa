import { describe, expect, it } from 'vitest';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { trimToBudget } from './persist';

const query = (key: string, dataUpdatedAt: number, size: number) => ({
  queryKey: [key],
  queryHash: JSON.stringify([key]),
  state: { data: 'x'.repeat(size), dataUpdatedAt },
});
const client = (queries: ReturnType<typeof query>[]) =>
  ({ timestamp: 1, buster: 'b', clientState: { mutations: [], queries } }) as unknown as PersistedClient;

describe('trimToBudget', () => {
  it('keeps the newest answers that fit and drops older ones first', () => {
    const all = [query('old', 1, 400), query('new', 3, 400), query('mid', 2, 400)];
    const kept = trimToBudget(client(all), 1000).clientState.queries.map((q) => q.queryKey[0]);
    expect(kept).toEqual(['new', 'mid']);
  });

  it('skips an answer larger than the whole budget but keeps smaller older ones', () => {
    const all = [query('huge', 3, 5000), query('small', 1, 100)];
    expect(trimToBudget(client(all), 1000).clientState.queries.map((q) => q.queryKey[0])).toEqual(['small']);
  });
});
