/// <reference lib="webworker" />
// Lectern's service worker (vite-plugin-pwa injectManifest). Precaches the app shell and the
// English table only; other chunks, the Hindi table and fonts are cached when first used;
// /content answers are network-first so the last seen newsstand shows offline; covers are
// cache-first. /api, /content, /media and /reader never fall back to the app shell.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { clientsClaim } from 'workbox-core';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
// The first install takes the open page at once (later versions wait for the reader's OK).
clientsClaim();
cleanupOutdatedCaches();

const NO_SHELL = [/^\/api\//, /^\/content\//, /^\/media\//, /^\/reader\//];
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NO_SHELL }));

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
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/') && ['script', 'style', 'font'].includes(request.destination),
  new StaleWhileRevalidate({ cacheName: 'lectern-assets', plugins: [new ExpirationPlugin({ maxEntries: 120 })] }),
);

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
