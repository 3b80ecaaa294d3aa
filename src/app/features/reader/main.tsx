// The reader's own entry (reader.html): a small bundle that opens in its own tab, precached by
// the service worker so a downloaded issue opens with no network. The opener passes the reader
// token in ?code=, which is taken out of the address bar at once (history, screenshots).
import '../../lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n, loadScreenTexts } from '../../lib/i18n';
import { registerServiceWorker, reloadOnStaleChunk } from '../../pwa/register';
import { ReaderApp } from './ReaderApp';
import '../../styles.css';

const params = new URLSearchParams(location.search);
const issueId = Number(/^\/reader\/(\d+)/.exec(location.pathname)?.[1] ?? 0);
const code = params.get('code');
const lang = params.get('lang') === 'hi' ? 'hi' : 'en';
if (code) {
  params.delete('code');
  history.replaceState(null, '', `${location.pathname}?${params}${location.hash}`);
}

declare global {
  interface Window {
    /** reader.html's: adds the reader's stylesheets if the opening page's image has not yet, and
     * resolves once they are in. */
    readerStyles?: () => Promise<unknown>;
  }
}

reloadOnStaleChunk();
// The reader's texts are screen texts (locales/screens), not the first load's.
await Promise.all([initI18n(lang).then(() => loadScreenTexts()), window.readerStyles?.()]);
createRoot(document.getElementById('reader')!).render(
  <StrictMode>
    <ReaderApp issueId={issueId} initialCode={code} lang={lang} />
  </StrictMode>,
);
registerServiceWorker();
