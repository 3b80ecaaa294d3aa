// The network switched off and on in a browser context, as a phone in airplane mode: Playwright's
// setOffline plus every request aborted (the service worker's own fetches do not see setOffline
// everywhere). Chromium 150 forgets the emulated offline state when a page loads a new document
// (navigator.onLine is true again there, so the app shows no offline banner), so it is applied
// again through the page's own DevTools session each time the main frame commits a document.
import type { BrowserContext, CDPSession, Frame, Page } from '@playwright/test';

const OFF = { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };
const ON = { ...OFF, offline: false };

type Watch = { sessions: Map<Page, Promise<CDPSession>>; onPage: (page: Page) => void };
const watching = new WeakMap<BrowserContext, Watch>();

async function emulate(watch: Watch, page: Page, conditions: typeof OFF) {
  if (page.isClosed()) return;
  let session = watch.sessions.get(page);
  if (!session) {
    session = page
      .context()
      .newCDPSession(page)
      .then(async (s) => (await s.send('Network.enable'), s));
    watch.sessions.set(page, session);
  }
  // (a page closing meanwhile has nothing left to emulate)
  await (await session).send('Network.emulateNetworkConditions', conditions).catch(() => undefined);
}

export async function networkOff(context: BrowserContext) {
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  if (watching.has(context)) return;
  const watch: Watch = {
    sessions: new Map(),
    onPage: (page) =>
      page.on('framenavigated', (frame: Frame) => {
        if (frame === page.mainFrame() && watching.get(context) === watch) void emulate(watch, page, OFF);
      }),
  };
  watching.set(context, watch);
  context.pages().forEach(watch.onPage);
  context.on('page', watch.onPage);
}

export async function networkOn(context: BrowserContext) {
  const watch = watching.get(context);
  if (watch) {
    watching.delete(context);
    context.off('page', watch.onPage);
    await Promise.all([...watch.sessions.keys()].map((page) => emulate(watch, page, ON)));
  }
  await context.unroute('**/*');
  await context.setOffline(false);
}
