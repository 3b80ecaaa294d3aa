// Service worker registration with workbox-window. A new version waits until the reader
// agrees (UpdatePrompt); then it takes over and the page reloads once.
import { Workbox } from 'workbox-window';
import { SESSION } from '../../shared/storage-names';

type Listener = (apply: () => void) => void;
let onUpdate: Listener | null = null;
let pending: (() => void) | null = null;

export function whenUpdateReady(listener: Listener) {
  onUpdate = listener;
  if (pending) listener(pending);
}

export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    pending = () => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    };
    onUpdate?.(pending);
  });
  // On the first install the worker takes the page only after it loaded its locale table,
  // fonts and covers: ask for them again through the worker so they are kept for offline too.
  wb.addEventListener('controlling', (e) => {
    if (e.isUpdate) return;
    const urls = performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && /^\/(assets|media)\//.test(url.pathname));
    fetchFewAtATime(urls);
  });
  // A browser that refuses workers (a policy, a private window) makes register fail inside
  // workbox-window: the app runs on without offline, and the failure is no page error.
  wb.register().catch(() => undefined);
}

/** A few requests a task, in idle moments (or after 0.5 s at most): the fifty or so of a listing
 * in one task held the main thread 60 ms (about 250 ms on a phone, Lighthouse's total blocking time). */
function fetchFewAtATime(urls: URL[]) {
  for (const url of urls.splice(0, 4)) void fetch(url).catch(() => undefined);
  if (!urls.length) return;
  const next = () => fetchFewAtATime(urls);
  if ('requestIdleCallback' in window) requestIdleCallback(next, { timeout: 500 });
  else setTimeout(next, 50);
}

/** After a deploy, an old page may ask for a chunk that no longer exists: reload once. */
export function reloadOnStaleChunk() {
  window.addEventListener('vite:preloadError', (event) => {
    // Offline, a file missing from the device is not a new deploy: a reload cannot bring it and
    // would throw the page away; the screen shows its offline state instead.
    if (!navigator.onLine) return;
    const key = SESSION.chunkReload;
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, '1');
    event.preventDefault();
    window.location.reload();
  });
}
