// Recent searches, remembered on the device (IndexedDB): the newest 8, offered when the box is
// empty. Storage failures (private mode, quota) only mean nothing is remembered.
import { STORES, lecternDb, type RecentSearch } from '../../db';

const KEEP = 8;

export async function listRecent(): Promise<string[]> {
  try {
    const all = await (await lecternDb()).getAllFromIndex(STORES.recentSearches, 'at');
    return all
      .reverse()
      .slice(0, KEEP)
      .map((r: RecentSearch) => r.term);
  } catch {
    return [];
  }
}

export async function rememberSearch(term: string): Promise<void> {
  try {
    const db = await lecternDb();
    await db.put(STORES.recentSearches, { term, at: Date.now() });
    const all = await db.getAllFromIndex(STORES.recentSearches, 'at');
    for (const old of all.slice(0, Math.max(0, all.length - KEEP))) await db.delete(STORES.recentSearches, old.term);
  } catch {
    // Nothing remembered; searching still works.
  }
}

export async function clearRecent(): Promise<void> {
  try {
    await (await lecternDb()).clear(STORES.recentSearches);
  } catch {
    // Already as good as empty.
  }
}
