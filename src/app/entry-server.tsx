// The server's drawing of a visitor's first screen (home, a listing, a title page) with the app's
// own route tree and components: built by Vite in SSR mode (npm run build → dist/ssr), loaded by
// the server (src/server/first-screen), whose page the app then hydrates (main.tsx). The answers
// come from the route table's `data` (routes/table.ts), asked of the server itself through the
// same /content URLs the app asks (the fetch passed in), so they are the very answers the app
// would get and its first render on the device is the same as this one. In English, and Hindi's
// home (see the server's first-screen/index.ts for why only that in Hindi).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider, dehydrate, type DehydratedState } from '@tanstack/react-query';
import { appRoutes } from './routes/router';
import i18n, { initI18n, loadScreenTexts, setLocale } from './lib/i18n';
import { sendRequestsWith } from './lib/http';
import { prefetchFirstScreen } from './first-screen';
import { HINDI_PREFIX, firstScreenAt } from './routes/table';
import { HIDDEN_CATEGORY, JOURNAL_SECTION, NEWSPAPER_CATEGORY, QUICK_CATEGORY_CODES, type QuickCategory } from '../shared/constants';
import { midOf, titleSegment } from '../shared/title-paths';
import type { MagazineFilterResponse, MagazineMeta } from '../shared/schemas/content';

export type Drawn = { html: string; state: DehydratedState };

/** Shown only by an institution's flags, or never: the app may not ask for their listing. */
const NOT_DRAWN = new Set([HIDDEN_CATEGORY, NEWSPAPER_CATEGORY, JOURNAL_SECTION].map(String));

/** Whether the server draws this address for a visitor: Hindi's home, or a first screen of the
 * route table in English, a listing of a quick category or a category (not by language), a title
 * (not an issue) at any address (whether it is the title's own is known from its answer). */
export function drawsAt(pathname: string): boolean {
  if (isHindiHome(pathname)) return true;
  if (pathname.startsWith(`${HINDI_PREFIX}/`)) return false;
  const at = firstScreenAt(pathname);
  if (!at?.screen.first) return false;
  const { catId, magLang, mid, issueId } = at.params;
  if (at.screen.first.name === 'listing')
    return (
      !magLang &&
      !!catId &&
      !NOT_DRAWN.has(catId) &&
      (/^[1-9]\d{0,8}$/.test(catId) || QUICK_CATEGORY_CODES.includes(catId as QuickCategory))
    );
  if (at.screen.first.name === 'title') return !issueId && !!mid && !!midOf(mid);
  return true;
}

const isHindiHome = (pathname: string) => pathname === HINDI_PREFIX || pathname === `${HINDI_PREFIX}/`;

/** One handler for every drawing: making it flattens and ranks the whole route tree (2 ms a
 * drawn page when it was made for each). */
const handler = createStaticHandler(appRoutes);

/** Both locales' texts, the screens' too, loaded once (a route's loader adds the screens' texts of the
 * language then current, which another drawing may have set); each drawing picks its language just
 * before its synchronous render. */
let started: Promise<unknown> | null = null;

/** The screen at this address drawn for a visitor, with the answers it was drawn from; null when
 * there is nothing to draw (an answer failed, an empty listing, a title at another address than
 * its own, which the app sends on, or blocked anywhere, which depends on the reader's store). */
export async function render(url: string, fetchFromServer: typeof fetch): Promise<Drawn | null> {
  sendRequestsWith(fetchFromServer);
  started ??= initI18n('hi')
    .then(loadScreenTexts)
    .then(() => setLocale('en'));
  await started;
  const { pathname } = new URL(url, 'http://lectern.invalid');
  if (!drawsAt(pathname)) return null;

  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  await prefetchFirstScreen(client, pathname);
  const queries = client.getQueryCache().getAll();
  if (queries.length === 0 || queries.some((q) => q.state.status !== 'success')) return null;
  const answer = <T,>(part: string) => queries.find((q) => q.queryKey.includes(part))?.state.data as T | undefined;
  const list = answer<{ pages: MagazineFilterResponse[] }>('magazines');
  if (list && !list.pages[0]?.magazineList.length) return null;
  const meta = answer<MagazineMeta>('meta');
  if (meta && (titleSegment(meta.mid, meta.name) !== pathname.split('/')[2] || meta.blockedCountries.length > 0)) return null;

  const context = await handler.query(new Request(new URL(url, 'http://lectern.invalid')));
  if (context instanceof Response || context.errors) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  // (the texts are in, so the language changes at once: nothing else runs before the render ends)
  void i18n.changeLanguage(isHindiHome(pathname) ? 'hi' : 'en');
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </QueryClientProvider>
    </StrictMode>,
  );
  return { html, state: dehydrate(client) };
}
