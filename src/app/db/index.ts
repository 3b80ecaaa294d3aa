// The app's one IndexedDB database: store names in one place and one versioned upgrade path.
// v1 recent searches; v2 downloaded issues, reading progress and the read-event outbox; v3 the
// Smart Reading Zone push settings (read by the service worker too, so both use this module).
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { PageSize } from '../../shared/reader-paths';
import type { ReaderEvent } from '../../shared/schemas/reader';

export const DB_NAME = 'lectern';
export const DB_VERSION = 3;
export const STORES = {
  recentSearches: 'recentSearches',
  downloads: 'downloads',
  progress: 'progress',
  outbox: 'outbox',
  zonePush: 'zonePush',
} as const;

export interface RecentSearch {
  term: string;
  at: number;
}

/** An issue stored for offline reading (its pages live in the downloads cache). */
export interface DownloadRecord {
  issueId: number;
  mid: number;
  titleName: string;
  issueName: string;
  cover: string | null;
  size: PageSize;
  pages: number;
  /** Pages stored so far; a download that stopped resumes from here. */
  done: number;
  bytes: number;
  status: 'downloading' | 'paused' | 'done';
  savedAt: number;
  /** A download stopped because the device is full: not resumed by itself, only by hand. */
  stoppedFor?: 'quota';
}

export interface LocalProgress {
  issueId: number;
  page: number;
  at: number;
}

/** This device's zone notifications: the key the service worker pings the server with, and the
 * subscription and language the server was given. */
export interface ZonePushRecord {
  pingKey: string;
  endpoint: string;
  lang: 'en' | 'hi';
}
const ZONE_PUSH_KEY = 'current';

interface LecternDb extends DBSchema {
  recentSearches: { key: string; value: RecentSearch; indexes: { at: number } };
  downloads: { key: number; value: DownloadRecord };
  progress: { key: number; value: LocalProgress };
  outbox: { key: number; value: ReaderEvent };
  zonePush: { key: string; value: ZonePushRecord };
}

let opened: Promise<IDBPDatabase<LecternDb>> | null = null;
export function lecternDb(): Promise<IDBPDatabase<LecternDb>> {
  opened ??= openDB<LecternDb>(DB_NAME, DB_VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) db.createObjectStore(STORES.recentSearches, { keyPath: 'term' }).createIndex('at', 'at');
      if (oldVersion < 2) {
        db.createObjectStore(STORES.downloads, { keyPath: 'issueId' });
        db.createObjectStore(STORES.progress, { keyPath: 'issueId' });
        db.createObjectStore(STORES.outbox, { autoIncrement: true });
      }
      if (oldVersion < 3) db.createObjectStore(STORES.zonePush);
    },
    // A newer version (a new service worker, another tab) wants to upgrade: let it.
    blocking() {
      const db = opened;
      opened = null;
      void db?.then((d) => d.close());
    },
  });
  return opened;
}

export const readZonePush = async () => (await lecternDb()).get(STORES.zonePush, ZONE_PUSH_KEY);
export const saveZonePush = async (record: ZonePushRecord) => (await lecternDb()).put(STORES.zonePush, record, ZONE_PUSH_KEY);
export const forgetZonePush = async () => (await lecternDb()).delete(STORES.zonePush, ZONE_PUSH_KEY);
