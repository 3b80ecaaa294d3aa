// The network switched off and on in a browser context, as a phone in airplane mode: Playwright's
// setOffline plus every request aborted (the service worker's own fetches do not see setOffline
// everywhere). Chromium 150 forgets the emulated offline state when a page loads a new document
// (navigator.onLine is true again there, so the app shows no offline banner), so it is applied
// again through the page's own DevTools session each time the main frame commits a document.
import type { BrowserContext, CDPSession, Frame, Page } from '@playwright/test';

const OFF = { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };
const ON = { ...OFF, offline: false };

/** While the network is off: each page's DevTools session, and its listener for new documents. */
type Watch = { pages: Map<Page, { session: Promise<CDPSession>; onDocument: (frame: Frame) => void }>; onPage: (page: Page) => void };
const watching = new WeakMap<BrowserContext, Watch>();

async function emulate(session: Promise<CDPSession>, conditions: typeof OFF) {
  // (a page closing meanwhile has nothing left to emulate)
  await (await session).send('Network.emulateNetworkConditions', conditions).catch(() => undefined);
}

export async function networkOff(context: BrowserContext) {
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  if (watching.has(context)) return;
  const pages: Watch['pages'] = new Map();
  const onPage = (page: Page) => {
    const session = context.newCDPSession(page).then(async (s) => (await s.send('Network.enable'), s));
    const onDocument = (frame: Frame) => {
      if (frame === page.mainFrame()) void emulate(session, OFF);
    };
    pages.set(page, { session, onDocument });
    page.on('framenavigated', onDocument);
  };
  watching.set(context, { pages, onPage });
  context.pages().forEach(onPage);
  context.on('page', onPage);
}

export async function networkOn(context: BrowserContext) {
  const watch = watching.get(context);
  if (watch) {
    watching.delete(context);
    context.off('page', watch.onPage);
    await Promise.all(
      [...watch.pages].map(async ([page, { session, onDocument }]) => {
        page.off('framenavigated', onDocument);
        if (!page.isClosed()) await emulate(session, ON);
      }),
    );
  }
  await context.unroute('**/*');
  await context.setOffline(false);
}
