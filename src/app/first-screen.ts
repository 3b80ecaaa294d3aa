// The answers a first screen is drawn from, fetched into a query client before it renders: the
// server's drawing (entry-server.tsx) renders with them and puts them in the page, where the app
// takes them over (main.tsx). Which answers a screen needs is the route table's to say
// (routes/table.ts); the query factories of a listing or a title page are modules of their own.
import type { QueryClient } from '@tanstack/react-query';
import * as homeQueries from './features/home/queries';
import { readerScope } from './lib/scope';
import { firstScreenAt, type FirstScreen, type FirstScreenName, type ScreenQueries } from './routes/table';

const queryModules: { [K in FirstScreenName]: () => Promise<ScreenQueries[K]> } = {
  home: () => Promise.resolve(homeQueries),
  listing: () => import('./features/listing/queries'),
  title: () => import('./features/title/queries'),
};

async function prefetch<K extends FirstScreenName>(first: FirstScreen<K>, params: Record<string, string | undefined>, client: QueryClient) {
  const q = await queryModules[first.name]();
  return Promise.all(first.data(params, q, client, readerScope()));
}

export function prefetchFirstScreen(client: QueryClient, pathname: string): Promise<unknown> {
  const at = firstScreenAt(pathname);
  return at?.screen.first ? prefetch(at.screen.first, at.params, client) : Promise.resolve();
}
