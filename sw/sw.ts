/// <reference lib="webworker" />
// Lectern's service worker (vite-plugin-pwa injectManifest). Precaches the app shell and the
// English table only; other chunks, the Hindi table and fonts are cached when first used;
// /content answers are network-first so the last seen newsstand shows offline; covers are
// cache-first. /api, /content, /media and /reader never fall back to the app shell: the reader
// has its own precached page, and its issue, pages and texts come from the downloads cache first.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { clientsClaim } from 'workbox-core';
import { DOWNLOADS_CACHE, READER_CONTENT_PREFIX, RECENT_PAGES_CACHE, tokenless } from '../src/shared/reader-paths';

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
const recentPages = new CacheExpiration(RECENT_PAGES_CACHE, { maxEntries: 250, maxAgeSeconds: 7 * 24 * 3600 });
const otherSize = (key: string) =>
  key.endsWith('/small.webp') ? key.replace(/small\.webp$/, 'large.webp') : key.replace(/large\.webp$/, 'small.webp');
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith(READER_CONTENT_PREFIX),
  async ({ request, url }) => {
    const key = tokenless(url.href);
    const image = url.pathname.endsWith('.webp');
    const downloads = await caches.open(DOWNLOADS_CACHE);
    const downloaded = (await downloads.match(key)) ?? (image ? await downloads.match(otherSize(key)) : undefined);
    if (downloaded) return downloaded;
    const recent = image ? await caches.open(RECENT_PAGES_CACHE) : null;
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
    cacheName: 'lectern-content',
    networkTimeoutSeconds: 4,
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600 })],
  }),
);

// Covers and logos: content-addressed, so a cached copy is always right.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/media/'),
  new CacheFirst({
    cacheName: 'lectern-media',
    plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true })],
  }),
);

// Lazy chunks, the Hindi table and fonts not in the precache: kept once used.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && url.pathname.startsWith('/assets/') && ['script', 'style', 'font'].includes(request.destination),
  new StaleWhileRevalidate({ cacheName: 'lectern-assets', plugins: [new ExpirationPlugin({ maxEntries: 120 })] }),
);

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
