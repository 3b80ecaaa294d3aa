// The access guard as a reader meets it: the page frame (Layout) on a guarded or public address,
// and the screen they end up on. The first test must stay first: it is the page load's one wait
// for the passes answer (later tests run after it, as later navigations do).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { fakeFetch } from '../testing/render';
import { Layout } from './Layout';

const DAY = 24 * 60 * 60;

function Screen({ name }: { name: string }) {
  const { pathname, search } = useLocation();
  return <p data-testid="screen">{`${name} ${pathname}${search}`}</p>;
}

function openAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/dashboard/*', element: <Screen name="account" /> },
          { path: '/search', element: <Screen name="search" /> },
          { path: '/login', element: <Screen name="sign-in" /> },
          { path: '/validate-user', element: <Screen name="validate" /> },
          { path: '/magazines', element: <Screen name="magazines" /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** A signed-in reader: of library `library` ('0': none), whose access ends `endsIn` seconds from now. */
function signIn(library: string, endsIn: number) {
  document.cookie = 'isLoggedIn=1; path=/';
  document.cookie = `libraryId=${library}; path=/`;
  document.cookie = `expiration=${Math.floor(Date.now() / 1000) + endsIn}; path=/`;
  localStorage.setItem('userToken', 'token');
}

/** The server: the passes answer given, anything else unavailable (the session refresh keeps what it has). */
function server(passes: unknown[]) {
  const net = fakeFetch((url) =>
    new URL(url, location.href).pathname === '/api/zones/passes'
      ? { body: { passes, arrived: [] } }
      : { status: 503, body: { error: { code: 'unavailable', message: 'unavailable' } } },
  );
  vi.stubGlobal('fetch', net.fetch);
  return net;
}

const runningPass = () => ({
  zoneId: 1,
  zoneName: 'Central Library',
  startedAt: new Date().toISOString(),
  lastSeenAt: new Date().toISOString(),
  endsAt: new Date(Date.now() + 3_600_000).toISOString(),
  opens: { all: true },
  opensMore: true,
});

const shown = async () => (await screen.findByTestId('screen')).textContent;

describe('the access guard, as a reader meets it', () => {
  beforeEach(() => sessionStorage.clear());

  it('a reader with no library in a reading zone: waits for the passes answer, then the account area opens', async () => {
    signIn('0', 30 * DAY);
    const net = server([runningPass()]);
    openAt('/dashboard/myAccount');
    expect(await shown()).toBe('account /dashboard/myAccount');
    expect(net.calls.some((c) => c.url.includes('/api/zones/passes'))).toBe(true);
  });

  it('a reader whose library access ended goes to the renewal choices (type=2), still signed in', async () => {
    signIn('4', -DAY);
    server([]);
    openAt('/search');
    expect(await shown()).toBe('validate /validate-user?type=2');
    expect(document.cookie).toContain('isLoggedIn=1');
  });

  it('a reader with no library and no pass goes to the access choices (type=1)', async () => {
    signIn('0', 30 * DAY);
    server([]);
    openAt('/dashboard/myAccount');
    expect(await shown()).toBe('validate /validate-user?type=1');
  });

  it('a signed-out visitor is sent to sign in from the account area', async () => {
    server([]);
    openAt('/dashboard/myAccount');
    expect(await shown()).toBe('sign-in /login');
  });

  it('a member of a library with live access stays where they are, search included', async () => {
    signIn('4', 30 * DAY);
    server([]);
    openAt('/search');
    expect(await shown()).toBe('search /search');
    // Still there once the page has settled (no late redirect).
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('screen').textContent).toBe('search /search');
  });

  it('a visitor on a public page is never redirected', async () => {
    server([]);
    openAt('/magazines');
    await waitFor(async () => expect(await shown()).toBe('magazines /magazines'));
  });
});
