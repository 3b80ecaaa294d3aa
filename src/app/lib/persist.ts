// What of the query cache is saved on the device (STYLE.md: persist on purpose): the answers of
// the screens a reader may want again offline, newest first, within a size budget.
import type { PersistedClient } from '@tanstack/react-query-persist-client';

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
