import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation, useNavigate } from 'react-router';
import { fakeFetch, renderScreen } from '../../testing/render';
import SearchPage from './SearchPage';

const empty = { items: [], page: 0, nbPages: 0, nbHits: 0 };
const home = {
  popularLanguages: [{ lang_code: 'hi', nativeName: 'हिन्दी' }],
  popularMagazines: [],
  popularJournals: [],
  popularCategories: [],
};

/** A server with nothing to find: every search answers empty. */
function nothingFound() {
  return fakeFetch((url) => {
    const path = new URL(url, location.href).pathname;
    if (path === '/content/home') return { body: home };
    if (path === '/content/article-search') return { body: { Articles: [], page: 0, nbPages: 0, nbHits: 0 } };
    if (path === '/api/events') return { body: { ok: true } };
    return { body: empty };
  });
}

/** Where the router is, and its back button. */
function Where() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="where">{pathname + search}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        back
      </button>
    </>
  );
}

const where = () => new URL(screen.getByTestId('where').textContent!, 'http://x').searchParams;
/** The filters of each request to one search endpoint, in order. */
const asked = (net: ReturnType<typeof fakeFetch>, path: string) =>
  net.calls
    .map((c) => new URL(c.url, location.href))
    .filter((u) => u.pathname === path)
    .map((u) => ({ type: u.searchParams.get('type'), lang: u.searchParams.get('lang'), since: u.searchParams.get('since') }));

/** The terms of the no-results events sent (a test's own: an earlier test's may still be on its way). */
const events = (net: ReturnType<typeof fakeFetch>) =>
  net.calls
    .filter((c) => c.url.endsWith('/api/events'))
    .map((c) => (JSON.parse(String(c.init.body)) as { detail: string }).detail)
    .filter((d) => d === 'zzyzx');

const renderSearch = (path: string) =>
  renderScreen(
    <>
      <SearchPage />
      <Where />
    </>,
    { path },
  );

describe('the search filters', () => {
  it('put each filter in the address and the search, one history step each; the stories tab drops the type', async () => {
    const net = nothingFound();
    vi.stubGlobal('fetch', net.fetch);
    renderSearch('/search?q=india');
    await screen.findByTestId('no-results');
    expect(asked(net, '/content/mag-search')).toEqual([{ type: null, lang: null, since: null }]);

    fireEvent.change(screen.getByTestId('filter-type'), { target: { value: 'newspaper' } });
    await waitFor(() => expect(where().get('type')).toBe('newspaper'));
    await screen.findByRole('option', { name: 'हिन्दी' });
    fireEvent.change(screen.getByTestId('filter-lang'), { target: { value: 'hi' } });
    fireEvent.change(screen.getByTestId('filter-since'), { target: { value: 'month' } });
    await waitFor(() => expect(asked(net, '/content/mag-search').at(-1)).toEqual({ type: 'newspaper', lang: 'hi', since: 'month' }));
    expect(asked(net, '/content/magazine-search').at(-1)).toEqual({ type: 'newspaper', lang: 'hi', since: 'month' });
    expect(where().get('q')).toBe('india');

    // Back undoes the last filter only.
    fireEvent.click(screen.getByRole('button', { name: 'back' }));
    await waitFor(() => expect(where().get('since')).toBeNull());
    expect(where().get('lang')).toBe('hi');
    expect((screen.getByTestId('filter-since') as HTMLSelectElement).value).toBe('');

    // Stories: the type filter is not offered, and the stories search is asked without it.
    fireEvent.click(screen.getByTestId('tab-1'));
    await waitFor(() => expect(where().get('type')).toBe('story'));
    expect(screen.queryByTestId('filter-type')).toBeNull();
    await waitFor(() => expect(asked(net, '/content/article-search')).toEqual([{ type: null, lang: 'hi', since: null }]));
  });

  it('records a search that found nothing once, and "clear filters" empties the filters but keeps the term', async () => {
    const net = nothingFound();
    vi.stubGlobal('fetch', net.fetch);
    renderSearch('/search?q=zzyzx&lang=hi&since=week&type=journal');
    await screen.findByTestId('no-results');
    await waitFor(() => expect(events(net)).toEqual(['zzyzx']));
    const event = net.calls.find((c) => c.url.endsWith('/api/events') && String(c.init.body).includes('zzyzx'))!;
    expect(event.init.method).toBe('POST');
    expect(JSON.parse(String(event.init.body))).toEqual({ kind: 'search_no_results', detail: 'zzyzx', mode: 0 });

    fireEvent.click(screen.getByTestId('clear-filters'));
    await waitFor(() => expect([...where().keys()]).toEqual(['q']));
    expect(where().get('q')).toBe('zzyzx');
    await waitFor(() => expect(asked(net, '/content/mag-search').at(-1)).toEqual({ type: null, lang: null, since: null }));
    await waitFor(() => expect(screen.queryByTestId('clear-filters')).toBeNull());
    // The unfiltered search is a search of its own: it found nothing too, and says so.
    await waitFor(() => expect(events(net)).toEqual(['zzyzx', 'zzyzx']));
  });
});
