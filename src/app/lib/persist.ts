// What of the query cache is saved on the device (STYLE.md: persist on purpose): the answers of
// the screens a reader may want again offline, newest first, within a size budget.
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';

/** The query-key roots that are saved: each feature's `keys.all` (home, listings, title and issue
 * pages, stories and articles, search answers, the account details). Favourites live in
 * IndexedDB; zone passes are only good while fresh. */
export const PERSISTED_ROOTS: readonly string[] = ['home', 'listing', 'title', 'stories', 'search', 'account'];

/** Whether a query is saved: one of the roots, holding an answer. A refresh that failed (a screen
 * opened offline) keeps its last answer, and that answer stays saved: testing for success alone
 * lost My Account's details the first time an account screen was opened offline. */
export function isPersisted(q: { queryKey: readonly unknown[]; state: { data: unknown } }): boolean {
  return q.state.data !== undefined && PERSISTED_ROOTS.includes(String(q.queryKey[0]));
}

/** A saved query is its last answer, without the failed refresh's error (restored, it is an answer
 * to show, not an error to report). */
export function lastAnswers(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((q) =>
    q.state.status === 'error'
      ? { ...q, state: { ...q.state, status: 'success' as const, error: null, fetchFailureCount: 0, fetchFailureReason: null } }
      : q,
  );
  return { ...client, clientState: { ...client.clientState, queries } };
}

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

/** Saves the query cache in `storage` under `key` through TanStack's storage persister: at most
 * once a second while answers arrive, and at once when the page is hidden or left (the throttled
 * save would wait out its second, and a reader who opens a title and closes the app within it
 * would not find it offline). A failed write (storage full) keeps the last save. */
export function deviceQueryPersister(storage: Storage, key: string, maxChars: number, target: EventTarget = window): Persister {
  const serialize = (client: PersistedClient) => JSON.stringify(trimToBudget(lastAnswers(client), maxChars));
  const throttled = createAsyncStoragePersister({ storage, key, serialize, throttleTime: 1000 });
  const atOnce = createAsyncStoragePersister({ storage, key, serialize, throttleTime: 0 });
  let latest: PersistedClient | undefined;
  const saveNow = () => {
    if (latest) void atOnce.persistClient(latest);
  };
  target.addEventListener('pagehide', saveNow);
  target.addEventListener('visibilitychange', () => {
    if (typeof document === 'undefined' || document.visibilityState === 'hidden') saveNow();
  });
  return {
    persistClient(client) {
      latest = client;
      return throttled.persistClient(client);
    },
    restoreClient: throttled.restoreClient,
    removeClient() {
      latest = undefined;
      return throttled.removeClient();
    },
  };
}
