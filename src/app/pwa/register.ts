// Service worker registration with workbox-window. A new version waits until the reader
// agrees (UpdatePrompt); then it takes over and the page reloads once.
import { Workbox } from 'workbox-window';

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
  void wb.register();
}

/** After a deploy, an old page may ask for a chunk that no longer exists: reload once. */
export function reloadOnStaleChunk() {
  window.addEventListener('vite:preloadError', (event) => {
    const key = 'lectern:chunk-reload';
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, '1');
    event.preventDefault();
    window.location.reload();
  });
}
