// The app's side of the outbox: writes are queued for the signed-in reader and delivered at
// once when the network allows; otherwise at the next start, when the network returns, or by
// the service worker's Background Sync. Also where the device changes hands: another reader
// signing in, or signing out, removes the last reader's data (IndexedDB, caches, downloads).
import { currentAuth } from '../../lib/session';
import { lecternDb, switchReader, takeForgottenAtFirstUse } from '../../db/index';
import { CACHE, LOCAL } from '../../../shared/storage-names';
import { deliverOutbox, OUTBOX_CHANNEL, OUTBOX_SYNC_TAG, queueWrite, type Delivery, type NewWrite } from './outbox';

interface SyncRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Lets the service worker deliver when the network is back, even with the app closed. */
async function askForBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const reg = (await navigator.serviceWorker.getRegistration()) as SyncRegistration | undefined;
  await reg?.sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined);
}

/** Delivers what waits now; what cannot go now is left to Background Sync and the next try. */
export async function deliverNow(): Promise<Delivery | null> {
  const auth = currentAuth();
  if (!auth) return null;
  const result = await deliverOutbox(auth);
  if (result === 'offline' || result === 'retry-later') void askForBackgroundSync();
  return result;
}

/** Queues a write of the signed-in reader and tries to deliver it. Resolves once it is stored,
 * with the delivery going on behind (null: nobody is signed in, nothing was stored). */
export async function queue(write: NewWrite): Promise<{ delivery: Promise<Delivery | null> } | null> {
  const auth = currentAuth();
  if (!auth) return null;
  await queueWrite(auth.user, write);
  return { delivery: deliverNow() };
}

/** Calls `listener` whenever writes went out, from this tab, another tab or the service worker. */
export function onDelivered(listener: () => void): () => void {
  const channel = new BroadcastChannel(OUTBOX_CHANNEL);
  channel.onmessage = listener;
  return () => channel.close();
}

/** At start (after making sure the data here is the signed-in reader's) and whenever the network returns. */
export function keepOutboxFlowing(): void {
  void readerChanged().then(deliverNow);
  addEventListener('online', () => void deliverNow());
}

/** The reader on this device changed (signed in as someone else, or signed out): the last
 * reader's data goes, so the next one never sees or sends it. Downloaded pages and the pages
 * and answers the service worker kept go with it. */
export async function readerChanged(): Promise<void> {
  await lecternDb(); // (a first use in this page checks the reader too)
  const forgotten = (await switchReader(currentAuth())) || takeForgottenAtFirstUse();
  // Marked before the slow part: a page left at once (sign out, then straight to another page)
  // would otherwise leave the caches for good, as the next start sees no change of reader.
  if (forgotten) localStorage.setItem(CLEAN_UP_PENDING, '1');
  if (!localStorage.getItem(CLEAN_UP_PENDING)) return;
  await Promise.all([CACHE.downloads, CACHE.recentPages, CACHE.content].map((name) => caches.delete(name).catch(() => false)));
  await forgetExpirationRecords([CACHE.recentPages, CACHE.content]);
  await (await import('../downloads/store')).refreshDownloads();
  localStorage.removeItem(CLEAN_UP_PENDING);
}
const CLEAN_UP_PENDING = LOCAL.readerCleanUpPending;

/** The service worker's expiration records name each URL it cached (a search's URL holds its
 * words): they go with the caches, through workbox's own code (loaded only when a reader changes). */
async function forgetExpirationRecords(names: string[]): Promise<void> {
  const { CacheExpiration } = await import('workbox-expiration');
  await Promise.all(names.map((name) => new CacheExpiration(name, { maxEntries: 1 }).delete().catch(() => undefined)));
}

export type { Delivery };
export { currentAuth };
