/// <reference lib="webworker" />
// Lectern's service worker (vite-plugin-pwa injectManifest). Precaches the app shell and the
// English table only; other chunks, the Hindi table and fonts are cached when first used;
// /content answers are network-first so the last seen newsstand shows offline; covers are
// cache-first. /api, /content, /media and /reader never fall back to the app shell: the reader
// has its own precached page, and its issue, pages and texts come from the downloads cache first.
// Smart Reading Zone: arrival pushes become notifications, a click opens the zone screen, and a
// periodic background sync pings the server (which counts the zone's Wi-Fi). Writes made offline
// are delivered by Background Sync from the one outbox the app fills (src/app/outbox/outbox.ts).
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { clientsClaim } from 'workbox-core';
import { PAGE_SIZES, READER_CONTENT_PREFIX, tokenless } from '../src/shared/reader-paths';
import { CACHE } from '../src/shared/storage-names';
import { ZONE_PING_TAG, fallbackNotice, notificationTarget, parseArrival } from '../src/shared/zone-push';
import { readAuth, readZonePush } from '../src/app/db/index';
import { deliverOutbox, OUTBOX_SYNC_TAG } from '../src/app/outbox/outbox';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
// The first install takes the open page at once (later versions wait for the reader's OK).
clientsClaim();
cleanupOutdatedCaches();

const NO_SHELL = [/^\/api\//, /^\/content\//, /^\/media\//, /^\/reader\//];
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NO_SHELL }));
registerRoute(new NavigationRoute(createHandlerBoundToURL('/reader.html'), { allowlist: [/^\/reader\/\d+(\?|$)/] }));

// Reader content (token-gated on the server): a downloaded copy first (any token, or none,
// opens it), then the network; page images seen recently are kept too, so a renewed token or
// going back a few pages costs nothing.
const recentPages = new CacheExpiration(CACHE.recentPages, { maxEntries: 250, maxAgeSeconds: 7 * 24 * 3600 });
/** The same page at the other widths, widest first: a download keeps the width its device used,
 * and the reader may ask for another (held sideways, zoomed, an older download). */
const otherSizes = (key: string) => {
  const m = /^(.*\/)(\w+)\.webp$/.exec(key);
  return m ? [...PAGE_SIZES].reverse().flatMap((s) => (s === m[2] ? [] : [`${m[1]}${s}.webp`])) : [];
};
async function matchAny(cache: Cache, keys: string[]): Promise<Response | undefined> {
  for (const k of keys) {
    const hit = await cache.match(k);
    if (hit) return hit;
  }
  return undefined;
}
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith(READER_CONTENT_PREFIX),
  async ({ request, url }) => {
    const key = tokenless(url.href);
    const image = url.pathname.endsWith('.webp');
    const downloads = await caches.open(CACHE.downloads);
    const downloaded = await matchAny(downloads, [key, ...(image ? otherSizes(key) : [])]);
    if (downloaded) return downloaded;
    const recent = image ? await caches.open(CACHE.recentPages) : null;
    const seen = await recent?.match(key);
    if (seen) return seen;
    const response = await fetch(request);
    if (recent && response.status === 200) {
      await recent.put(key, response.clone());
      await recentPages.updateTimestamp(key);
      void recentPages.expireEntries();
    }
    return response;
  },
);

registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/content/'),
  new NetworkFirst({
    cacheName: CACHE.content,
    networkTimeoutSeconds: 4,
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600 })],
  }),
);

// Covers and logos: content-addressed, so a cached copy is always right. A downloaded issue's
// covers (every width the tiles use) are in the downloads cache, which nothing expires.
const media = new CacheFirst({
  cacheName: CACHE.media,
  plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true })],
});
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/media/'),
  async (options) => (await (await caches.open(CACHE.downloads)).match(options.url.pathname)) ?? media.handle(options),
);

// Lazy chunks, the Hindi table and fonts not in the precache: kept once used.
registerRoute(
  // (any request: the app asks again for what it loaded before the worker took control, pwa/register.ts)
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new StaleWhileRevalidate({ cacheName: CACHE.assets, plugins: [new ExpirationPlugin({ maxEntries: 120 })] }),
);

// Background Sync and Periodic Background Sync are Chromium's; TypeScript's lib knows neither.
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
declare global {
  interface ServiceWorkerGlobalScopeEventMap {
    sync: SyncEvent;
    periodicsync: SyncEvent;
  }
}

// --- The outbox: writes made offline, delivered by Background Sync even with the app closed. ---

async function deliverInBackground(): Promise<void> {
  const auth = await readAuth();
  if (!auth) return;
  const result = await deliverOutbox(auth);
  // Rejecting asks the browser to try again later (with its own back-off).
  if (result === 'offline' || result === 'retry-later') throw new Error(`outbox: ${result}`);
}
self.addEventListener('sync', (event) => {
  if (event.tag === OUTBOX_SYNC_TAG) event.waitUntil(deliverInBackground());
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// --- Smart Reading Zone ---

const ICON = '/icons/icon-192.png';
const BADGE = '/icons/badge-96.png';

self.addEventListener('push', (event) => {
  let text: string | null = null;
  try {
    text = event.data?.text() ?? null;
  } catch {
    // unreadable data: the fallback below
  }
  // A browser requires a notification for every push, so one that is not an arrival still shows one.
  const arrival = parseArrival(text);
  const n = arrival
    ? { title: arrival.title, body: arrival.body, url: arrival.url, lang: arrival.lang, tag: `zone-${arrival.zoneId}` }
    : { ...fallbackNotice(self.navigator.language ?? 'en'), tag: 'zone' };
  event.waitUntil(
    self.registration.showNotification(n.title, { body: n.body, icon: ICON, badge: BADGE, tag: n.tag, lang: n.lang, data: { url: n.url } }),
  );
});

/** Focuses a window of the app and takes it to `url`, or opens one there. */
async function openAppAt(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  // A window of the app, not a reader tab (the reader is its own page).
  const open = windows.find((w) => new URL(w.url).origin === self.location.origin && !new URL(w.url).pathname.startsWith('/reader/'));
  // navigate() works on a window this worker controls; otherwise a new window it is.
  const there = open && (open.url === url ? open : await open.navigate(url).catch(() => null));
  if (!there) {
    await self.clients.openWindow(url);
    return;
  }
  await there.focus().catch(() => undefined); // focusing needs the click's user activation
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openAppAt(notificationTarget(event.notification.data?.url, self.location.origin)));
});

/** The ping the server counts by its network: no user token, the key names the reader. */
async function zonePing(): Promise<void> {
  const saved = await readZonePush();
  if (!saved) return;
  await fetch('/api/zones/ping', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ key: saved.pingKey }),
    credentials: 'omit',
  });
}

self.addEventListener('periodicsync', (event) => {
  if (event.tag === ZONE_PING_TAG) event.waitUntil(zonePing().catch(() => undefined));
});
