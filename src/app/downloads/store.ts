// Issues downloaded for offline reading. The pages (at the width this screen needs), the page
// texts and the issue itself go into the downloads cache, which the service worker serves when
// there is no network; IndexedDB keeps the list with sizes and dates. The server counts each
// download against the reader's limits. A download that loses the network pauses and resumes
// from the first missing page when the network is back. One that fills the device stops with
// the pages it has (stoppedFor 'quota') and waits for the reader to free space and retry.
import { useSyncExternalStore } from 'react';
import { ApiError, callApi, contentAt } from '../lib/api';
import { deviceId } from '../lib/device';
import { lecternDb, STORES, type DownloadRecord } from '../db/index';
import { queue } from '../outbox/sync';
import type { DownloadsReply, IssueManifest } from '../../shared/schemas/reader';
import { CACHE } from '../../shared/storage-names';
import { manifestPath, pageCssWidthFor, pageImagePath, pageSizeFor, pageTextPath, tokenless } from '../../shared/reader-paths';

/** The cover files of an issue: every width, so its tiles keep their srcset offline. */
const coverFiles = (r: Pick<DownloadRecord, 'cover' | 'coverSrcSet'>) => [
  ...new Set([r.cover, ...(r.coverSrcSet?.split(',').map((c) => c.trim().split(' ')[0]) ?? [])].filter((c): c is string => Boolean(c))),
];

// --- Live state for the screens: every record, and which downloads are running. Each change
// makes a new snapshot, so a download that only stops running re-renders too. ---
let records: DownloadRecord[] = [];
const running = new Set<number>();
export interface DownloadsState {
  records: DownloadRecord[];
  running: ReadonlySet<number>;
  ready: boolean;
}
let snapshot: DownloadsState = { records, running: new Set(), ready: false };
const listeners = new Set<() => void>();
const emit = () => {
  snapshot = { records, running: new Set(running), ready: true };
  listeners.forEach((l) => l());
};
async function reload() {
  records = await (await lecternDb()).getAll(STORES.downloads);
  records = [...records].sort((a, b) => b.savedAt - a.savedAt);
  emit();
}
let loaded: Promise<void> | null = null;
const subscribe = (l: () => void) => {
  listeners.add(l);
  loaded ??= reload();
  return () => listeners.delete(l);
};
/** On the server, and in the page it drew as the app takes it over: nothing known yet. */
const NOT_READ: DownloadsState = { records: [], running: new Set(), ready: false };
export const useDownloads = () =>
  useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => NOT_READ,
  );

export async function downloadRecord(issueId: number): Promise<DownloadRecord | undefined> {
  return (await lecternDb()).get(STORES.downloads, issueId);
}

async function save(record: DownloadRecord) {
  await (await lecternDb()).put(STORES.downloads, record);
  await reload();
}

/** The browser's "storage full" (cache.put or IndexedDB); Firefox once named it differently. */
export function isQuotaError(err: unknown): boolean {
  const name = (err as { name?: unknown } | null)?.name;
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED';
}
/** A download stopped for a full device (ApiError code 'quota', shown as downloads.quota). */
export const QUOTA = 'quota';
/** Fired on window when a download finishes. */
export const DOWNLOAD_FINISHED = 'lectern:downloaded';

/** Asks the browser to keep our storage (downloads) when space runs low. */
export async function persistStorage(): Promise<boolean> {
  if (!navigator.storage?.persist) return false;
  return (await navigator.storage.persisted()) || navigator.storage.persist();
}

/** Downloads (or resumes) an issue. Throws ApiError for refusals (limits, access), code
 * 'network' when the network went, code 'quota' when the device is full. */
export async function downloadIssue(issueId: number): Promise<void> {
  if (running.has(issueId)) return;
  running.add(issueId);
  emit();
  let record = await downloadRecord(issueId);
  try {
    const { readerDownloadsAdd } = await import('../../shared/endpoints/reader'); // (see lib/api.ts)
    const grant = await callApi(readerDownloadsAdd, { body: { issueId, deviceId: deviceId() } });
    let code = grant.code;
    void persistStorage();
    const manifest = await contentAt<IssueManifest>(manifestPath(issueId, code));
    // The rendition this device's reader picks for the screen as it is held now (a download
    // keeps it across resumes; another width asked for offline is served from it, sw.ts).
    const size = record?.size ?? pageSizeFor(pageCssWidthFor(screen.width, screen.height), devicePixelRatio);
    record = {
      issueId,
      mid: manifest.mid,
      titleName: manifest.titleName,
      issueName: manifest.issueName,
      cover: manifest.cover,
      coverSrcSet: manifest.coverSrcSet ?? null,
      size,
      pages: manifest.pages.length,
      done: 0,
      bytes: record?.bytes ?? 0,
      status: 'downloading',
      savedAt: record?.savedAt ?? Date.now(),
    };
    await save(record); // first, so a device too full for even the issue keeps a record that says so
    const cache = await caches.open(CACHE.downloads);
    await cache.put(manifestPath(issueId), Response.json(manifest));
    for (const file of coverFiles(record)) {
      if (await cache.match(file)) continue;
      const res = await fetch(file);
      if (!res.ok) throw new ApiError(res.status, 'http', `Request failed with status code ${res.status}`);
      const body = await res.blob();
      await cache.put(file, new Response(body, { headers: { 'Content-Type': res.headers.get('Content-Type') ?? 'image/webp' } }));
      record.bytes += body.size;
    }
    for (const p of manifest.pages) {
      const image = pageImagePath(issueId, p.n, size);
      const text = pageTextPath(issueId, p.n);
      if (!(await cache.match(image)) || !(await cache.match(text))) {
        const fetchBoth = () => Promise.all([fetch(pageImagePath(issueId, p.n, size, code)), fetch(pageTextPath(issueId, p.n, code))]);
        let [img, txt] = await fetchBoth();
        if (img.status === 403 || txt.status === 403) {
          // The token ran out during a long download: ask again (this also re-checks access).
          code = (await callApi(readerDownloadsAdd, { body: { issueId, deviceId: deviceId() } })).code;
          [img, txt] = await fetchBoth();
        }
        if (!img.ok || !txt.ok)
          throw new ApiError(
            img.ok ? txt.status : img.status,
            'http',
            `Request failed with status code ${img.ok ? txt.status : img.status}`,
          );
        const [imgBody, txtBody] = await Promise.all([img.blob(), txt.text()]);
        await cache.put(image, new Response(imgBody, { headers: { 'Content-Type': 'image/webp' } }));
        await cache.put(text, new Response(txtBody, { headers: { 'Content-Type': 'application/json' } }));
        record.bytes += imgBody.size + txtBody.length;
      }
      record.done = p.n;
      await save(record);
    }
    record.status = 'done';
    await save(record);
    // A moment to suggest installing (pwa/install.ts); an event, so the reader page that shares
    // this module does not load the install code.
    dispatchEvent(new Event(DOWNLOAD_FINISHED));
  } catch (err) {
    const full = isQuotaError(err);
    // Keep the pages stored so far; a full device may refuse even this record (then it is gone,
    // so nothing resumes by itself either).
    if (record) await save({ ...record, status: 'paused', stoppedFor: full ? 'quota' : undefined }).catch(() => undefined);
    if (full) throw new ApiError(0, QUOTA, 'Quota exceeded');
    throw err instanceof ApiError ? err : new ApiError(0, 'network', 'Network Error');
  } finally {
    running.delete(issueId);
    emit();
  }
}

/** Resumes every download the network stopped (called when it comes back and at start); one
 * the full device stopped waits for the reader, or it would fail again at every start. */
export async function resumeDownloads(): Promise<void> {
  const list = await (await lecternDb()).getAll(STORES.downloads);
  for (const r of list) if (r.status !== 'done' && r.stoppedFor !== 'quota') await downloadIssue(r.issueId).catch(() => undefined);
}

async function dropLocal(issueIds: number[]) {
  const cache = await caches.open(CACHE.downloads);
  const db = await lecternDb();
  for (const issueId of issueIds) {
    const record = await db.get(STORES.downloads, issueId);
    for (const file of record ? coverFiles(record) : []) await cache.delete(file);
    const prefix = tokenless(manifestPath(issueId));
    for (const req of await cache.keys()) {
      const path = new URL(req.url).pathname;
      if (path === prefix || path.startsWith(`${prefix}/`)) await cache.delete(req);
    }
    await db.delete(STORES.downloads, issueId);
  }
  await reload();
}

/** Removes downloads from this device (all of them without ids) and frees them on the server
 * (through the outbox: offline, when the network returns). */
export async function removeDownload(issueId?: number): Promise<void> {
  const ids = issueId ? [issueId] : await (await lecternDb()).getAllKeys(STORES.downloads);
  const queued = await queue({
    path: '/api/reader/downloads/remove',
    body: { deviceId: deviceId(), issueIds: issueId ? [issueId] : undefined },
  });
  await queued?.delivery;
  await dropLocal(ids);
}

/** Reads the list again (another reader signed in: the list was emptied). */
export const refreshDownloads = reload;

/** The server's word on this device's downloads: limits, and whether access still stands.
 * When it does not (e.g. the subscription expired), the downloads leave the device. */
export async function checkDownloads(): Promise<DownloadsReply | null> {
  try {
    const { readerDownloads } = await import('../../shared/endpoints/reader'); // (see lib/api.ts)
    const reply = await callApi(readerDownloads, { query: { deviceId: deviceId() } });
    if (!reply.allowed) await removeDownload();
    return reply;
  } catch {
    return null; // offline or signed out: keep what is here until the next check
  }
}

/** At app start and whenever the network returns: re-check access for what is downloaded,
 * then finish downloads that stopped. */
export function keepDownloadsCurrent(): void {
  const run = async () => {
    if (!navigator.onLine || !(await (await lecternDb()).count(STORES.downloads))) return;
    const reply = await checkDownloads();
    if (reply?.allowed) await resumeDownloads();
  };
  void run();
  addEventListener('online', () => void run());
}
