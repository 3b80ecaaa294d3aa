import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { deviceQueryPersister, isPersisted, lastAnswers, trimToBudget } from './persist';

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

describe('what is saved', () => {
  it('keeps the last answer of a refresh that failed offline, saved as that answer', () => {
    const failed = {
      queryKey: ['account', 'details'],
      state: { data: { fname: 'A' }, status: 'error', error: new Error('Network Error') },
    };
    expect(isPersisted(failed)).toBe(true);
    const saved = lastAnswers(client([failed as never])).clientState.queries[0].state;
    expect(saved).toMatchObject({ data: { fname: 'A' }, status: 'success', error: null });
  });

  it('saves no query without an answer, and none outside the saved roots', () => {
    expect(isPersisted({ queryKey: ['account', 'details'], state: { data: undefined } })).toBe(false);
    expect(isPersisted({ queryKey: ['zone', 'pass'], state: { data: { ok: 1 } } })).toBe(false);
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

/** Lets the persister's promises run (and the timers due by now, with fake timers). */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('deviceQueryPersister', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('saves at most once a second while answers arrive, the newest last', async () => {
    const storage = memoryStorage();
    const persister = deviceQueryPersister(storage, 'k', 1000, new EventTarget());
    void persister.persistClient(client([query('a', 1, 10)]));
    void persister.persistClient(client([query('a', 1, 10), query('b', 2, 10)]));
    void persister.persistClient(client([query('a', 1, 10), query('b', 2, 10), query('c', 3, 10)]));
    await settle();
    expect(storage.writes).toBe(1);
    await vi.advanceTimersByTimeAsync(998);
    expect(storage.writes).toBe(1);
    await vi.advanceTimersByTimeAsync(2);
    expect(storage.writes).toBe(2);
    const restored = (await persister.restoreClient()) as PersistedClient;
    expect(restored.clientState.queries.map((q) => q.queryKey[0])).toEqual(['c', 'b', 'a']);
  });

  it('keeps to the size budget, newest first', async () => {
    const storage = memoryStorage();
    const persister = deviceQueryPersister(storage, 'k', 1000, new EventTarget());
    void persister.persistClient(client([query('old', 1, 600), query('new', 2, 600)]));
    await settle();
    expect(storage.getItem('k')).toContain('new');
    expect(storage.getItem('k')).not.toContain('old');
  });

  it('saves at once when the page is left, before the second is up', async () => {
    const storage = memoryStorage();
    const page = new EventTarget();
    const persister = deviceQueryPersister(storage, 'k', 1000, page);
    void persister.persistClient(client([query('home', 1, 10)]));
    await settle();
    void persister.persistClient(client([query('home', 1, 10), query('story', 2, 10)]));
    await settle();
    expect(storage.getItem('k')).not.toContain('story');
    page.dispatchEvent(new Event('pagehide'));
    await settle();
    expect(storage.writes).toBe(2);
    expect(storage.getItem('k')).toContain('story');
  });

  it('keeps the last save when the storage is full, and removes it on request', async () => {
    const storage = memoryStorage();
    const page = new EventTarget();
    const persister = deviceQueryPersister(storage, 'k', 1000, page);
    void persister.persistClient(client([query('first', 1, 10)]));
    await settle();
    storage.full = true;
    void persister.persistClient(client([query('second', 2, 10)]));
    expect(() => page.dispatchEvent(new Event('pagehide'))).not.toThrow();
    await vi.advanceTimersByTimeAsync(2000);
    expect(storage.getItem('k')).toContain('first');
    await persister.removeClient();
    expect(await persister.restoreClient()).toBeUndefined();
  });
});
