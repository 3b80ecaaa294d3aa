// What the app runs off its first load's path (main.tsx loads this one module): the outbox,
// downloads (re-check access, finish stopped ones) and read events a reader left unsent, at
// start and whenever the network returns; and the change of reader on this device: another
// reader signing in, or signing out, removes the last reader's data (IndexedDB, caches,
// downloads). Also fetches the other screens' texts.
import { deliverNow } from '../../outbox/sync';
import { currentAuth } from '../../lib/session';
import { lecternDb, switchReader, takeForgottenAtFirstUse } from '../../db/index';
import { loadScreenTexts } from '../../lib/i18n';
import { nextTask } from '../../lib/next-task';
import { CACHE, LOCAL } from '../../../shared/storage-names';

/** One step a task: loading the downloads' and read events' modules in one go held a slow
 *  phone's main thread for 90 ms (Lighthouse's total blocking time). */
export async function startOffline(): Promise<void> {
  keepOutboxFlowing();
  await nextTask();
  (await import('../../downloads/store')).keepDownloadsCurrent();
  await nextTask();
  (await import('../reader/tracking')).keepReadsFlowing();
  // Ahead of the next screen, and for what runs behind any page (a download's messages).
  void loadScreenTexts().catch(() => undefined);
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
  await (await import('../../downloads/store')).refreshDownloads();
  localStorage.removeItem(CLEAN_UP_PENDING);
}
const CLEAN_UP_PENDING = LOCAL.readerCleanUpPending;

/** The service worker's expiration records name each URL it cached (a search's URL holds its
 * words): they go with the caches, through workbox's own code (loaded only when a reader changes). */
async function forgetExpirationRecords(names: string[]): Promise<void> {
  const { CacheExpiration } = await import('workbox-expiration');
  await Promise.all(names.map((name) => new CacheExpiration(name, { maxEntries: 1 }).delete().catch(() => undefined)));
}
