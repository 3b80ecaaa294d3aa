// The one outbox: every write a reader makes (favourites, reading progress, read events, e-mail
// preferences, removed downloads) is stored in IndexedDB first and delivered from there, in
// order, each with its own Idempotency-Key, so a replay after a lost answer changes nothing twice
// on the server. Delivered at start, when the network returns and by the service worker's
// Background Sync (tag 'lectern-outbox') where the browser has it; one delivery at a time across
// tabs and the worker (Web Locks). A write is only ever sent with its own reader's token.
// No React and no cookies here: the service worker runs this too.
import { lecternDb, STORES, type AuthRecord, type OutboxWrite } from '../db/index';
import { ApiError, replyOf, send } from '../lib/http';
import type { BodyIn, Endpoint } from '../../shared/endpoints/endpoint';
import type { favouritesAdd, favouritesRemove } from '../../shared/endpoints/favourites';
import type { readerDownloadsRemove, readerEvents, readerProgress } from '../../shared/endpoints/reader';
import type { userEmailpreferenceSave } from '../../shared/endpoints/account';

export const OUTBOX_SYNC_TAG = 'lectern-outbox';
/** Tabs and the worker tell each other that writes went out (favourites then refresh). */
export const OUTBOX_CHANNEL = 'lectern-outbox';

/** The entries whose writes are queued. A write stores its entry's path (the same strings as
 * writes already waiting on devices) and body, not the entry: the reader and the service worker
 * queue and deliver without loading the schemas. */
type Queued =
  | typeof favouritesAdd
  | typeof favouritesRemove
  | typeof readerProgress
  | typeof readerEvents
  | typeof readerDownloadsRemove
  | typeof userEmailpreferenceSave;
type WriteOf<E> = E extends Endpoint ? { path: E['path']; body: BodyIn<E>; slot?: string } : never;
export type NewWrite = WriteOf<Queued>;

/** Stores a write for `user`, replacing a waiting one of the same slot. */
export async function queueWrite(user: string, write: NewWrite): Promise<void> {
  const db = await lecternDb();
  const tx = db.transaction(STORES.outbox, 'readwrite');
  if (write.slot) {
    for (let c = await tx.store.index('user').openCursor(user); c; c = await c.continue())
      if (c.value.slot === write.slot) await c.delete();
  }
  await tx.store.add(outboxRecord(user, write));
  await tx.done;
}

/** A new write of `user`, with its own Idempotency-Key. */
export const outboxRecord = (user: string, write: NewWrite): OutboxWrite => ({ ...write, user, key: crypto.randomUUID(), at: Date.now() });

/** The slots of `user`'s writes still waiting (e.g. 'fav:12'): what shows as "waiting to sync". */
export async function waitingSlots(user: string): Promise<Set<string>> {
  const writes = await (await lecternDb()).getAllFromIndex(STORES.outbox, 'user', user);
  return new Set(writes.flatMap((w) => (w.slot ? [w.slot] : [])));
}

export const waitingCount = async (user: string) => (await lecternDb()).countFromIndex(STORES.outbox, 'user', user);

export type Delivery = 'done' | 'offline' | 'signed-out' | 'retry-later';

/** What to do with a write after the server's answer: gone (delivered, or refused for good), or
 * kept for a later try (and stop for now). */
function outcome(err: unknown): 'drop' | Delivery {
  if (!(err instanceof ApiError)) return 'retry-later';
  if (err.status === 0) return 'offline';
  if (err.status === 401) return 'signed-out';
  // XSRF cookie not matching (a new browser profile), the same write still in flight, limits, server trouble.
  if ((err.status === 403 && err.code === 'xsrf') || err.status === 408 || err.status === 409 || err.status === 429 || err.status >= 500)
    return 'retry-later';
  // Any other refusal would be refused again: the write goes (favourites then re-read the server).
  return 'drop';
}

async function deliverAll(auth: AuthRecord): Promise<Delivery> {
  const db = await lecternDb();
  let sent = 0;
  try {
    for (;;) {
      // The index orders one reader's writes by their id: the first is the oldest.
      const next = await db.getFromIndex(STORES.outbox, 'user', auth.user);
      if (!next) return 'done';
      try {
        await replyOf(send('POST', next.path, { body: next.body, token: auth.token, xsrf: auth.xsrf, idempotencyKey: next.key }));
      } catch (err) {
        const result = outcome(err);
        if (result !== 'drop') return result;
      }
      await db.delete(STORES.outbox, next.id!);
      sent++;
    }
  } finally {
    if (sent && typeof BroadcastChannel !== 'undefined') {
      const channel = new BroadcastChannel(OUTBOX_CHANNEL);
      channel.postMessage({ sent });
      channel.close();
    }
  }
}

/** Sends `auth.user`'s waiting writes, oldest first, one delivery at a time on this device. */
export function deliverOutbox(auth: AuthRecord): Promise<Delivery> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return deliverAll(auth);
  return locks.request(OUTBOX_SYNC_TAG, () => deliverAll(auth));
}
