// What of the query cache is saved on the device (STYLE.md: persist on purpose): the answers of
// the screens a reader may want again offline, newest first, within a size budget.
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';

/** The query-key roots that are saved: each feature's `keys.all` (home, listings, title and issue
 * pages, stories and articles, search answers, the account details). Favourites live in
 * IndexedDB; zone passes are only good while fresh. */
export const PERSISTED_ROOTS: readonly string[] = ['home', 'listing', 'title', 'stories', 'search', 'account'];

/** Keeps the newest answers whose JSON fits in `maxChars` (older ones are dropped first). */
export function trimToBudget(client: PersistedClient, maxChars: number): PersistedClient {
  const newestFirst = [...client.clientState.queries].sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  const queries = [];
  let size = 0;
  for (const q of newestFirst) {
    const n = JSON.stringify(q).length;
    if (size + n > maxChars) continue;
    queries.push(q);
    size += n;
  }
  return { ...client, clientState: { ...client.clientState, queries } };
}

/** Saves the query cache in `storage` under `key`, at most once a second while answers arrive,
 * and at once when the page is hidden or left: a reader who opens a title and closes the app
 * within the second still finds it offline. A failed write (storage full) keeps the last save. */
export function deviceQueryPersister(storage: Storage, key: string, maxChars: number, target: EventTarget = window): Persister {
  let pending: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!pending) return;
    try {
      storage.setItem(key, JSON.stringify(trimToBudget(pending, maxChars)));
    } catch {
      // QuotaExceededError: the previous save stays; the next one may fit.
    }
    pending = null;
  };
  target.addEventListener('pagehide', flush);
  target.addEventListener('visibilitychange', () => {
    if (typeof document === 'undefined' || document.visibilityState === 'hidden') flush();
  });
  return {
    persistClient(client) {
      pending = client;
      timer ??= setTimeout(flush, 1000);
    },
    restoreClient() {
      const saved = storage.getItem(key);
      return saved ? (JSON.parse(saved) as PersistedClient) : undefined;
    },
    removeClient() {
      pending = null;
      clearTimeout(timer);
      timer = undefined;
      storage.removeItem(key);
    },
  };
}
