// App entry: translations for the page's locale, the query cache (persisted for the home
// data so a cold start offline still shows the newsstand), the router, the service worker.
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { initI18n } from './lib/i18n';
import { localeOf } from './lib/locale';
import { router } from './routes/router';
import { registerServiceWorker, reloadOnStaleChunk } from './pwa/register';
import './pwa/install'; // catches the install offer, which fires once and early
import { homeKeys } from './features/home/queries';
import './styles.css';

const DAY = 86_400_000;
/** Only these queries are saved to the device (STYLE.md: persist on purpose). */
const PERSISTED_ROOTS: readonly string[] = [homeKeys.all[0]];

const queryClient = new QueryClient({
  defaultOptions: { queries: { gcTime: DAY, retry: 1, refetchOnWindowFocus: false } },
});
const persister = createSyncStoragePersister({ storage: window.localStorage, key: 'lectern-query-cache' });

reloadOnStaleChunk();
await initI18n(localeOf(window.location.pathname));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={{
        persister,
        maxAge: DAY,
        buster: __BUILD_ID__,
        dehydrateOptions: { shouldDehydrateQuery: (q) => q.state.status === 'success' && PERSISTED_ROOTS.includes(String(q.queryKey[0])) },
      }}
    >
      <RouterProvider router={router} />
    </PersistQueryClientProvider>
  </StrictMode>,
);
registerServiceWorker();
// Off the first load's path: downloads (re-check access, finish stopped ones) and read events a
// reader left unsent (closed while offline), at start and whenever the network returns.
setTimeout(() => {
  void import('./features/downloads/store').then((m) => m.keepDownloadsCurrent());
  void import('./features/reader/tracking').then((m) => m.keepReadsFlowing());
}, 2000);
