// Read tracking: every open and page view goes to an outbox in IndexedDB first and is sent in
// batches, so views made offline reach the server when the network is back. Progress is kept
// on the device at once and saved on the server shortly after (the last page wins).
import { apiPost } from '../../lib/api';
import { lecternDb, STORES } from '../../db/index';
import { Progress, READER_EVENTS_MAX, ReaderEventsReply, type ReaderEvent } from '../../../shared/schemas/reader';
import { ApiError } from '../../lib/api';

const FLUSH_DELAY_MS = 5000;
let timer: ReturnType<typeof setTimeout> | undefined;
let flushing: Promise<void> | null = null;

export async function recordRead(event: Omit<ReaderEvent, 'at'>): Promise<void> {
  const db = await lecternDb();
  await db.add(STORES.outbox, { ...event, at: Date.now() });
  clearTimeout(timer);
  timer = setTimeout(() => void flushReads(), FLUSH_DELAY_MS);
}

/** Sends what the outbox holds, oldest first; keeps it when the network fails. */
export function flushReads(): Promise<void> {
  flushing ??= (async () => {
    try {
      const db = await lecternDb();
      for (;;) {
        const keys = await db.getAllKeys(STORES.outbox, null, READER_EVENTS_MAX);
        if (!keys.length) return;
        const events = await db.getAll(STORES.outbox, IDBKeyRange.bound(keys[0], keys.at(-1)!));
        try {
          await apiPost('/api/reader/events', ReaderEventsReply, { events });
        } catch (err) {
          // Offline or signed out: keep them for later. A batch the server refuses as malformed
          // would be refused forever: drop it.
          if (!(err instanceof ApiError) || err.status !== 400) return;
        }
        await db.delete(STORES.outbox, IDBKeyRange.bound(keys[0], keys.at(-1)!));
      }
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

/** The app's side of the outbox: what a reader left unsent goes at start and when the network returns. */
export function keepReadsFlowing(): void {
  void flushReads();
  addEventListener('online', () => void flushReads());
}

let progressTimer: ReturnType<typeof setTimeout> | undefined;

export async function saveProgress(issueId: number, page: number): Promise<void> {
  const db = await lecternDb();
  await db.put(STORES.progress, { issueId, page, at: Date.now() });
  clearTimeout(progressTimer);
  progressTimer = setTimeout(() => void apiPost('/api/reader/progress', Progress, { issueId, page }).catch(() => undefined), 1500);
}

/** The page to resume at: the newer of this device's and the server's (any device's). */
export async function resumePage(issueId: number, server: Progress | null): Promise<number | null> {
  const local = await (await lecternDb()).get(STORES.progress, issueId);
  if (server?.page && server.updatedAt && (!local || server.updatedAt * 1000 > local.at)) return server.page;
  return local?.page ?? server?.page ?? null;
}
