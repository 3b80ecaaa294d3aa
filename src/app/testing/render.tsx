// A component as the app mounts it: a query client of its own (no retries, so an error shows at
// once) and a router at the given path.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

/** Any other address: says which (data-value), for a test of where a screen sends the reader. */
function Elsewhere() {
  const { pathname, search } = useLocation();
  return (
    <p data-testid="elsewhere" data-value={pathname + search}>
      elsewhere
    </p>
  );
}

export function renderScreen(ui: ReactElement, { path = '/', route = '*' }: { path?: string; route?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={ui} />
          <Route path="*" element={<Elsewhere />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, client };
}

/** A fetch that answers each request with `reply(url, init)`, recording what was asked. */
type Answer = { status?: number; body: unknown };
export function fakeFetch(reply: (url: string, init: RequestInit) => Answer | Promise<Answer>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input instanceof Request ? input.url : input);
    calls.push({ url, init });
    const { status = 200, body } = await reply(url, init);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}
