import { describe, expect, it, vi } from 'vitest';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { deviceQueryPersister, trimToBudget } from './persist';

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

/** A Storage that can be made full. */
function memoryStorage() {
  const items = new Map<string, string>();
  const storage = {
    full: false,
    writes: 0,
    getItem: (k: string) => items.get(k) ?? null,
    setItem(k: string, v: string) {
      if (storage.full) throw new DOMException('full', 'QuotaExceededError');
      storage.writes++;
      items.set(k, v);
    },
    removeItem: (k: string) => void items.delete(k),
  };
  return storage as unknown as Storage & typeof storage;
}

describe('deviceQueryPersister', () => {
  it('saves at most once a second while answers arrive', () => {
    vi.useFakeTimers();
    const storage = memoryStorage();
    const persister = deviceQueryPersister(storage, 'k', 1000, new EventTarget());
    void persister.persistClient(client([query('a', 1, 10)]));
    void persister.persistClient(client([query('a', 1, 10), query('b', 2, 10)]));
    expect(storage.writes).toBe(0);
    vi.advanceTimersByTime(1000);
    expect(storage.writes).toBe(1);
    expect((persister.restoreClient() as PersistedClient).clientState.queries.map((q) => q.queryKey[0])).toEqual(['b', 'a']);
    vi.useRealTimers();
  });

  it('saves at once when the page is left, before the second is up', () => {
    const storage = memoryStorage();
    const page = new EventTarget();
    const persister = deviceQueryPersister(storage, 'k', 1000, page);
    void persister.persistClient(client([query('story', 1, 10)]));
    page.dispatchEvent(new Event('pagehide'));
    expect(storage.writes).toBe(1);
    expect(storage.getItem('k')).toContain('story');
  });

  it('keeps the last save when the storage is full, and removes it on request', () => {
    const storage = memoryStorage();
    const page = new EventTarget();
    const persister = deviceQueryPersister(storage, 'k', 1000, page);
    void persister.persistClient(client([query('first', 1, 10)]));
    page.dispatchEvent(new Event('pagehide'));
    storage.full = true;
    void persister.persistClient(client([query('second', 2, 10)]));
    expect(() => page.dispatchEvent(new Event('pagehide'))).not.toThrow();
    expect(storage.getItem('k')).toContain('first');
    void persister.removeClient();
    expect(persister.restoreClient()).toBeUndefined();
  });
});
