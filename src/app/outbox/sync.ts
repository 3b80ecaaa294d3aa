// The app's side of the outbox: writes are queued for the signed-in reader and delivered at
// once when the network allows; otherwise at the next start, when the network returns, or by
// the service worker's Background Sync.
import { currentAuth } from '../lib/session';
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

export type { Delivery };
export { currentAuth };
