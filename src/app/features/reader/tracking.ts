// Read tracking: every open and page view goes to a buffer in IndexedDB first; batches of up to
// 200 are sealed into one write of the outbox (one Idempotency-Key each, so a batch replayed
// after a lost answer is counted once) and delivered with the rest of the reader's writes, so
// views made offline reach the server when the network is back. Progress is kept on the device
// at once and queued for the server shortly after, with the time it was made (the newest wins).
import { deviceProgress, lecternDb, STORES } from '../../db/index';
import { noteContinue } from '../shelf/expected';
import type { Progress, ReaderEvent } from '../../../shared/schemas/reader';
import { READER_EVENTS_MAX } from '../../../shared/constants';
import { currentAuth, deliverNow, queue } from '../../outbox/sync';
import { outboxRecord } from '../../outbox/outbox';

const FLUSH_DELAY_MS = 5000;
let timer: ReturnType<typeof setTimeout> | undefined;

export async function recordRead(event: Omit<ReaderEvent, 'at'>): Promise<void> {
  const db = await lecternDb();
  await db.add(STORES.readEvents, { ...event, at: Date.now() });
  clearTimeout(timer);
  timer = setTimeout(() => void flushReads(), FLUSH_DELAY_MS);
}

/** Seals what the buffer holds into outbox writes of up to 200 events, then delivers. */
export async function flushReads(): Promise<void> {
  const auth = currentAuth();
  if (!auth) return;
  const db = await lecternDb();
  for (;;) {
    // One transaction: a batch is sealed once, or not at all.
    const tx = db.transaction([STORES.readEvents, STORES.outbox], 'readwrite');
    const buffer = tx.objectStore(STORES.readEvents);
    const keys = await buffer.getAllKeys(null, READER_EVENTS_MAX);
    if (keys.length) {
      const range = IDBKeyRange.bound(keys[0], keys.at(-1)!);
      const events = await buffer.getAll(range);
      await tx.objectStore(STORES.outbox).add(outboxRecord(auth.user, { path: '/api/reader/events', body: { events } }));
      await buffer.delete(range);
    }
    await tx.done;
    if (!keys.length) break;
  }
  await deliverNow();
}

/** The app's side: what a reader left unsent goes at start and when the network returns. */
export function keepReadsFlowing(): void {
  void flushReads();
  addEventListener('online', () => void flushReads());
}

let progressTimer: ReturnType<typeof setTimeout> | undefined;
let sendProgress: (() => Promise<unknown>) | null = null;

export async function saveProgress(issueId: number, page: number): Promise<void> {
  const db = await lecternDb();
  const at = Date.now();
  await db.put(STORES.progress, { issueId, page, at });
  noteContinue(1); // home keeps a place for Continue reading from now on
  progressChannel().postMessage(issueId);
  clearTimeout(progressTimer);
  sendProgress = () => queue({ path: '/api/reader/progress', body: { issueId, page, at }, slot: `progress:${issueId}` });
  progressTimer = setTimeout(() => void flushProgress(), 1500);
}

/** Queues the last progress now, not after the pause (the reader is being left). */
export async function flushProgress(): Promise<void> {
  clearTimeout(progressTimer);
  const send = sendProgress;
  sendProgress = null;
  await send?.();
}

/** The page to resume at: the newer of this device's and the server's (any device's). */
export async function resumePage(issueId: number, server: Progress | null): Promise<number | null> {
  const local = await deviceProgress(issueId);
  if (server?.page && server.updatedAt && (!local || server.updatedAt * 1000 > local.at)) return server.page;
  return local?.page ?? server?.page ?? null;
}

// The reader's tab tells the app's tabs when it saves progress (their Read Now says where to continue).
let channel: BroadcastChannel | null = null;
const progressChannel = () => (channel ??= new BroadcastChannel('lectern-progress'));

/** Calls back with the issue whenever any tab of this device saves progress in it. */
export function onProgressSaved(callback: (issueId: number) => void): () => void {
  const on = (e: MessageEvent<number>) => callback(e.data);
  const own = new BroadcastChannel('lectern-progress'); // a channel does not hear its own messages
  own.addEventListener('message', on);
  return () => own.close();
}
