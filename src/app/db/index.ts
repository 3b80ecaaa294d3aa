// The app's one IndexedDB database: store names in one place and one versioned upgrade path.
// Later stores (downloads, reading progress, offline outbox) are added here as new versions.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

export const DB_NAME = 'lectern';
export const DB_VERSION = 1;
export const STORES = { recentSearches: 'recentSearches' } as const;

export interface RecentSearch { term: string; at: number }
interface LecternDb extends DBSchema {
  recentSearches: { key: string; value: RecentSearch; indexes: { at: number } };
}

let opened: Promise<IDBPDatabase<LecternDb>> | null = null;
export function lecternDb(): Promise<IDBPDatabase<LecternDb>> {
  opened ??= openDB<LecternDb>(DB_NAME, DB_VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) db.createObjectStore(STORES.recentSearches, { keyPath: 'term' }).createIndex('at', 'at');
    },
  });
  return opened;
}
