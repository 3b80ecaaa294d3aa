// App entry: translations for the page's locale, the query cache (the answers of the screens a
// reader may want again offline are saved on the device, one cache per reader), the router, the
// service worker, and the outbox of writes made offline.
import './lib/zod-jitless';
import { StrictMode, startTransition, useEffect } from 'react';
import { RouterProvider, type RouteObject } from 'react-router';
import { QueryClient, QueryClientProvider, hydrate, type DehydratedState, type Query } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { initI18n } from './lib/i18n';
import { localeOf } from './lib/locale';
import { currentAuth, session, whenReaderChanges } from './lib/session';
import { readerIs } from './db/reader';
import { deviceQueryPersister, isPersisted } from './lib/persist';
import { createAppRouter } from './routes/router';
import { nextTask } from './lib/next-task';
import { START_STEP, afterStart, firstScreenTakenOver } from './lib/after-start';
import { registerServiceWorker, reloadOnStaleChunk } from './pwa/register';
import { watchDevanagari } from './lib/devanagari-font';
import { PERSISTED_QUERIES_MAX_AGE_MS, PERSISTED_QUERIES_MAX_CHARS } from '../shared/offline';
import { LOCAL } from '../shared/storage-names';
import './pwa/install'; // catches the install offer, which fires once and early
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: {
    // offlineFirst: a request is tried even when the browser says it is offline, so the service
    // worker's cache can answer; retries then wait for the network. gcTime ≥ the saved age.
    queries: { gcTime: PERSISTED_QUERIES_MAX_AGE_MS, retry: 1, refetchOnWindowFocus: false, networkMode: 'offlineFirst' },
  },
});
const persister = deviceQueryPersister(window.localStorage, LOCAL.queryCache, PERSISTED_QUERIES_MAX_CHARS);

// Another reader signed in, or this one signed out: nothing of theirs stays on the device (also
// checked at the database's first use in each page, db/reader.ts).
readerIs(currentAuth);
whenReaderChanges(() => {
  queryClient.clear();
  return import('./features/offline/start').then((m) => m.readerChanged());
});

reloadOnStaleChunk();
// React DOM's code (its module is one function of 190 KB) runs in a task of its own once its file
// is in, asked for now so that no step below waits for it: run with this module's code, it made
// the start's first task a long one at 4x CPU.
const reactDomLoaded = import('react-dom/client');

/** The start's next step, in a task of its own, marked so that bench:start names the step of a long task. */
async function nextStep(name: string) {
  await nextTask();
  performance.mark(START_STEP + name);
}

// The start in steps, each a task of its own with the first render done in slices of a few
// milliseconds (a transition), so a slow phone's main thread is never held long at start
// (Lighthouse's total blocking time): this module's code, the texts, the router made, the router
// started, the first screen's answers, then React.
await nextStep('texts');
await initI18n(localeOf(window.location.pathname));
await nextStep('router-made');
const router = createAppRouter();
await nextStep('router-started');
router.initialize();
await nextStep('route-wait');
// Over a first screen the server drew with the app's components (entry-server.tsx), React takes
// the page over as it is (hydrates it) with the answers it was drawn from, in the page: it waits
// for the route's code first, however long that takes on a slow phone (the drawn page is whole
// meanwhile; taking it over before the code is in would swap it for a loader). A reader
// with a token is not the visitor it was drawn for: the app draws their screen over it. With the
// service worker in control, the screen's code is on the device and arrives in a moment: the
// first render waits for it too, rather than draw the frame around a loader first, whose own
// start (the session refresh, the zone banner, the tab bar: routes/Layout.tsx) then took the
// main thread while the screen's code came. A first visit over the network shows the screen's
// loader at once, as before.
const drawnState = document.getElementById('first-screen-state');
const drawn = !!drawnState && !session.userToken();
// (The wait leaves no listener on the router: one left from before the first render kept a
// Hindi listing on its loader about one time in two.)
const routeReady = (limitMs = Infinity) =>
  new Promise<void>((done) => {
    if (router.state.initialized) return done();
    const stop = router.subscribe((s) => s.initialized && finish());
    const timer = Number.isFinite(limitMs) ? setTimeout(finish, limitMs) : undefined;
    function finish() {
      stop();
      clearTimeout(timer);
      done();
    }
  });
if (drawn) await routeReady();
else if (navigator.serviceWorker?.controller) await routeReady(3000);
await nextStep('answers');
const persistOptions = {
  persister,
  maxAge: PERSISTED_QUERIES_MAX_AGE_MS,
  buster: __BUILD_ID__,
  dehydrateOptions: {
    shouldDehydrateQuery: (q: Query) => isPersisted(q),
  },
};
// The answers saved on this device, restored before the first render (after the first screen's
// own, which are newer and stay): restored after it, as PersistQueryClientProvider does, every
// screen rendered once more, at once and whole, when the restore was done.
await persistQueryClientRestore({ queryClient, ...persistOptions }).catch(() => undefined);
if (drawn) {
  // The drawn screen's answers win over any saved here, even newer ones: the page shows them.
  const state = JSON.parse(drawnState.textContent!) as DehydratedState;
  for (const q of state.queries) queryClient.removeQueries({ queryKey: q.queryKey, exact: true });
  hydrate(queryClient, state);
}
await nextStep('render');
const { createRoot, hydrateRoot } = await reactDomLoaded;
/** Renders nothing; its effect runs once React has committed the first screen (lib/after-start.ts). */
function TakenOver() {
  useEffect(firstScreenTakenOver, []);
  return null;
}
const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
    <TakenOver />
  </StrictMode>
);
const rootElement = document.getElementById('root')!;
if (drawn)
  startTransition(() => {
    hydrateRoot(rootElement, app, {
      // A page that differs from the app's first render is drawn again by React; said, so that
      // tests/e2e/first-load.spec.ts sees none happen.
      onRecoverableError: (err) => console.warn('Lectern: the drawn page was not taken over as it was:', err),
    });
  });
else {
  const root = createRoot(rootElement);
  startTransition(() => root.render(app));
}
persistQueryClientSubscribe({ queryClient, ...persistOptions });
// The persister saves on a change: the first screen's answers came before it listened. Saved once
// the start is over: the save writes every saved answer as JSON (home's is 97 KB), 30-40 ms at 4x
// CPU, which made the task that starts React's take-over a long one.
if (drawn) void afterStart().then(() => persistQueryClientSave({ queryClient, ...persistOptions }));
// Off the first load's path, once the first screen is taken over (lib/after-start.ts), each in an
// idle moment of its own: the service worker (whose install fetches every chunk), the outbox,
// downloads and read events left unsent (features/offline/start.ts), and link prefetch (spec §9:
// links within 200 px of the viewport; routes/prefetch.ts).
void afterStart().then(registerServiceWorker);
// Devanagari that does not say its language gives the page the Devanagari font (lib/devanagari-font.ts).
void afterStart().then(() => watchDevanagari());
void afterStart()
  .then(() => import('./features/offline/start'))
  .then((m) => m.startOffline());
void afterStart()
  .then(() => import('./routes/prefetch'))
  .then((m) => m.startLinkPrefetch(router.routes as RouteObject[]));
