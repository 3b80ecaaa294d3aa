// The app's one IndexedDB database: store names in one place and one versioned upgrade path.
// v1 recent searches; v2 downloaded issues, reading progress and read events; v3 the Smart
// Reading Zone push settings (read by the service worker too, so both use this module); v4 the
// one outbox of writes made offline (replacing v2's read-event queue, which becomes the buffer
// of read events not yet sealed into a write), favourites, and who signed in (for the service
// worker's Background Sync). Everything here but the zone settings belongs to the signed-in
// reader: forgetOtherUsers() removes what another reader left.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { takeReaderCheck, type Reader } from './reader';
import { DB_NAME, STORES } from '../../shared/storage-names';
import type { PageSize } from '../../shared/reader-paths';
import type { ReaderEvent } from '../../shared/schemas/reader';
import type { MagazineCard } from '../../shared/schemas/content';

export { DB_NAME, STORES };
export const DB_VERSION = 4;

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
  /** every width of the cover, kept in the downloads cache too (shared/covers.ts) */
  coverSrcSet?: string | null;
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

/** A write made on this device, waiting to reach the server. `key` is its Idempotency-Key: a
 * replay after a lost answer changes nothing twice. */
export interface OutboxWrite {
  id?: number;
  key: string;
  /** The uuid of the reader who made it: it is only ever sent with their token. */
  user: string;
  path: string;
  body: unknown;
  /** Writes that replace each other (one title's favourite, one issue's progress): a newer one
   * takes the place of an older one still waiting. */
  slot?: string;
  at: number;
}

/** A favourite as this device knows it (a change still in the outbox shows as waiting). */
export interface FavouriteRecord {
  user: string;
  mid: number;
  on: boolean;
  card: MagazineCard;
  /** When it last changed on this device (ms), or the server's order for ones it sent. */
  at: number;
}

/** Who is signed in, for the service worker's Background Sync (it has no localStorage or cookies). */
/** The signed-in reader's credentials, kept for the service worker's deliveries. */
export type AuthRecord = Reader;

/** This device's zone notifications: the key the service worker pings the server with, and the
 * subscription and language the server was given. */
export interface ZonePushRecord {
  pingKey: string;
  endpoint: string;
  lang: 'en' | 'hi';
}
const ZONE_PUSH_KEY = 'current';
const AUTH_KEY = 'current';

interface LecternDb extends DBSchema {
  recentSearches: { key: string; value: RecentSearch; indexes: { at: number } };
  downloads: { key: number; value: DownloadRecord };
  progress: { key: number; value: LocalProgress };
  readEvents: { key: number; value: ReaderEvent };
  outbox: { key: number; value: OutboxWrite; indexes: { user: string } };
  favourites: { key: [string, number]; value: FavouriteRecord; indexes: { user: string } };
  auth: { key: string; value: AuthRecord };
  zonePush: { key: string; value: ZonePushRecord };
}
export type Db = IDBPDatabase<LecternDb>;

let opened: Promise<Db> | null = null;
function open(): Promise<Db> {
  opened ??= openDB<LecternDb>(DB_NAME, DB_VERSION, {
    async upgrade(db, oldVersion, _newVersion, tx) {
      if (oldVersion < 1) db.createObjectStore(STORES.recentSearches, { keyPath: 'term' }).createIndex('at', 'at');
      if (oldVersion < 2) {
        db.createObjectStore(STORES.downloads, { keyPath: 'issueId' });
        db.createObjectStore(STORES.progress, { keyPath: 'issueId' });
      }
      if (oldVersion < 3) db.createObjectStore(STORES.zonePush);
      if (oldVersion < 4) {
        // v2's 'outbox' held bare read events: they move to the read-event buffer.
        const events = db.objectStoreNames.contains('outbox')
          ? ((await tx.objectStore('outbox' as typeof STORES.readEvents).getAll()) as ReaderEvent[])
          : [];
        if (db.objectStoreNames.contains('outbox')) db.deleteObjectStore('outbox' as typeof STORES.outbox);
        const buffer = db.createObjectStore(STORES.readEvents, { autoIncrement: true });
        for (const e of events) await buffer.add(e);
        db.createObjectStore(STORES.outbox, { keyPath: 'id', autoIncrement: true }).createIndex('user', 'user');
        db.createObjectStore(STORES.favourites, { keyPath: ['user', 'mid'] }).createIndex('user', 'user');
        db.createObjectStore(STORES.auth);
      }
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

// After another reader signs in, nothing of the last one may be read or sent: every use of the
// database waits until their data is gone.
// The first use in a page checks the reader first: a sign-in or sign-out whose clean-up was cut
// short (the page closed at once) is finished before anything is read.
let forgetting: Promise<void> = Promise.resolve();
let forgottenAtFirstUse = false;
export function lecternDb(): Promise<Db> {
  const reader = takeReaderCheck();
  if (reader) void switchReader(reader()).then((changed) => (forgottenAtFirstUse ||= changed));
  return forgetting.then(open);
}

/** Whether the first use in this page removed another reader's data (once: the caller then
 * removes their cached files too). */
export function takeForgottenAtFirstUse(): boolean {
  const was = forgottenAtFirstUse;
  forgottenAtFirstUse = false;
  return was;
}

/** Makes `next` the reader this device's data belongs to (null: nobody is signed in). What another
 * reader left goes: their outbox, favourites, read events, progress, recent searches and the list
 * of downloads (the caller removes the downloaded files). Only a real change clears: from one
 * reader to another or to nobody. A device that has no record (a visitor's, or data from before
 * v4) keeps what it has for whoever signs in. The zone settings have their own way
 * out (sign-out unsubscribes). Resolves to whether another reader's data was removed. */
export function switchReader(next: AuthRecord | null): Promise<boolean> {
  const done = forgetting.then(async () => {
    const db = await open();
    const user = next?.user ?? null;
    const mine = (r: { user: string }) => user !== null && r.user === user;
    const tx = db.transaction([STORES.outbox, STORES.favourites, STORES.auth], 'readwrite');
    for (const store of [tx.objectStore(STORES.outbox), tx.objectStore(STORES.favourites)] as const) {
      for (let c = await store.openCursor(); c; c = await c.continue()) if (!mine(c.value)) await c.delete();
    }
    const before = await tx.objectStore(STORES.auth).get(AUTH_KEY);
    if (next) await tx.objectStore(STORES.auth).put(next, AUTH_KEY);
    else await tx.objectStore(STORES.auth).delete(AUTH_KEY);
    await tx.done;
    // Nobody signed in before and nobody now (a visitor's every start) is no change: the
    // visitor's searches, progress and cached answers stay.
    const changed = before !== undefined && before.user !== user;
    // These carry no reader: they are the last reader's whenever the reader changes.
    if (changed)
      for (const store of [STORES.readEvents, STORES.progress, STORES.recentSearches, STORES.downloads] as const) await db.clear(store);
    return changed;
  });
  forgetting = done.then(
    () => undefined,
    () => undefined,
  );
  return done;
}

export const readAuth = async () => (await lecternDb()).get(STORES.auth, AUTH_KEY);

/** Where this device's reader last was in an issue (the reader saves it at each turn). */
export const deviceProgress = async (issueId: number) => (await lecternDb()).get(STORES.progress, issueId);

export const readZonePush = async () => (await lecternDb()).get(STORES.zonePush, ZONE_PUSH_KEY);
export const saveZonePush = async (record: ZonePushRecord) => (await lecternDb()).put(STORES.zonePush, record, ZONE_PUSH_KEY);
export const forgetZonePush = async () => (await lecternDb()).delete(STORES.zonePush, ZONE_PUSH_KEY);
