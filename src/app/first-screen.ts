// The answers a listing or title page the server drew (src/server/first-screen) is made from,
// fetched before the app's first render, so that render is the same screen with its covers rather
// than skeletons over them. A chunk of its own: only such a first load needs it (home's answer is
// fetched by main.tsx itself).
import type { QueryClient } from '@tanstack/react-query';
import { categoriesQuery, languagesQuery, magazinesQuery } from './features/listing/queries';
import { readerScope } from './lib/scope';
import { issuesQuery, metaQuery, relatedQuery, storeCountryQuery } from './features/title/queries';

export function prefetchFirstScreen(queryClient: QueryClient, drawn: DOMStringMap): Promise<unknown> {
  if (drawn.firstScreen === 'listing' && drawn.category) {
    const category = drawn.category;
    const scope = readerScope();
    return Promise.all([
      queryClient.prefetchInfiniteQuery(magazinesQuery(scope, category)),
      queryClient.prefetchQuery(categoriesQuery(scope)),
      queryClient.prefetchQuery(languagesQuery(scope, category)),
    ]);
  }
  const mid = Number(drawn.mid);
  if (drawn.firstScreen === 'title' && mid > 0)
    return Promise.all([
      queryClient.prefetchQuery(metaQuery(mid)),
      queryClient.prefetchQuery(issuesQuery(mid, false)),
      queryClient.prefetchQuery(issuesQuery(mid, true)),
      queryClient.prefetchQuery(storeCountryQuery()),
      // (not drawn by the server, but asked by the boot script: in the first render rather than
      // in a second, blocking one when it arrives)
      queryClient.prefetchQuery(relatedQuery(mid, 0)),
    ]);
  return Promise.resolve();
}
