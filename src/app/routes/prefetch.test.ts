// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { matchRoutes } from 'react-router';
import { appRoutes } from './router';
import { routeFor, startLinkPrefetch, targetsOf } from './prefetch';
import { packScreenFiles, unpackScreenFiles } from './screen-files';

// The route table only: its components need a browser.
vi.mock('./Layout', () => ({ Layout: () => null }));
vi.mock('./RouteError', () => ({ RouteError: () => null }));
vi.mock('../components/PendingScreen', () => ({ LoadingSlot: () => null }));
const i18n = vi.hoisted(() => ({ language: 'en' }));
vi.mock('../lib/i18n', () => ({ loadScreenTexts: () => Promise.resolve(), default: i18n }));
vi.mock('../components/RouteLoading', () => ({}));

describe('link prefetch: which screen a link opens', () => {
  const targets = targetsOf(appRoutes);
  const paths = [
    '/',
    '/hi',
    '/hi/',
    '/magazines/BS',
    '/magazines/BS/en',
    '/hi/magazines/52/hi',
    '/magazine/12-The_Week',
    '/magazine/12/340',
    '/stories/category/tech/latest',
    '/stories/some-story-slug',
    '/stories',
    '/login',
    '/login/email',
    '/login/code',
    '/login/sso/success',
    '/dashboard/myFavorites',
    '/library/7/members',
    '/library',
    '/plans/orders',
    '/paymentfailed',
    '/hi/faq',
    '/Magazine/3',
  ];

  it.each(paths)('%s: the route React Router picks', (path) => {
    expect(routeFor(targets, path)).toBe(matchRoutes(appRoutes, path)?.at(-1)?.route);
  });

  it('gives no screen for an address only the not-found route takes', () => {
    expect(matchRoutes(appRoutes, '/no/such/page')?.at(-1)?.route.path).toBe('*');
    expect(routeFor(targets, '/no/such/page')).toBeUndefined();
    expect(routeFor(targets, '/magazine')).toBeUndefined();
  });
});

/** An IntersectionObserver the test reports to (returns the report). */
function stubObserver() {
  let report!: (entries: Partial<IntersectionObserverEntry>[]) => void;
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: typeof report) {
        report = callback;
      }
      observe() {}
      unobserve() {}
    },
  );
  return (entries: Partial<IntersectionObserverEntry>[]) => report(entries);
}

describe('link prefetch: what a link near the viewport asks for', () => {
  it("fetches the screen's files and texts as module preloads, without running the screen", async () => {
    const files = {
      'features/login/LoginPage.tsx': ['assets/LoginPage-1.js', 'assets/schemas-2.js', 'assets/LoginPage-3.css'],
      'features/search/SearchPage.tsx': ['assets/SearchPage-4.js', 'assets/schemas-2.js'],
      screensEn: ['assets/en-5.js'],
      screensHi: ['assets/hi-6.js'],
    };
    document.head.innerHTML = `<script type="application/json" id="screen-files">${JSON.stringify(packScreenFiles(files))}</script>`;
    document.body.innerHTML = '<a href="/login">Sign in</a><a href="/hi/search">Search</a>';
    const report = stubObserver();
    const targets = targetsOf(appRoutes);
    const lazies = ['/login', '/hi/search'].map((path) => vi.spyOn(routeFor(targets, path) as { lazy: () => Promise<unknown> }, 'lazy'));
    const asked = () => [...document.head.querySelectorAll('link')].map((l) => `${l.rel} ${l.getAttribute('href')}`);
    const [login, search] = document.body.querySelectorAll('a');

    startLinkPrefetch(appRoutes);
    report([{ isIntersecting: true, target: login }]);
    // (two files a task)
    await vi.waitFor(() => expect(asked()).toHaveLength(4));
    expect(asked()).toEqual([
      'modulepreload /assets/LoginPage-1.js',
      'modulepreload /assets/schemas-2.js',
      'preload /assets/LoginPage-3.css',
      'modulepreload /assets/en-5.js',
    ]);

    // A Hindi page: the Hindi texts instead; each file asked for once.
    i18n.language = 'hi';
    report([{ isIntersecting: true, target: search }]);
    await new Promise((r) => setTimeout(r, 10));
    expect(asked().slice(4)).toEqual(['modulepreload /assets/SearchPage-4.js', 'modulepreload /assets/hi-6.js']);
    // Evaluating a screen (its schemas, its libraries) waits for the tap.
    for (const lazy of lazies) expect(lazy).not.toHaveBeenCalled();
  });
});

describe('link prefetch in development', () => {
  it("asks for nothing, and does not fail, when the build has not filled in index.html's list", async () => {
    vi.resetModules();
    const fresh = await import('./prefetch');
    document.head.innerHTML = '<script type="application/json" id="screen-files">/*LINK_FILES*/ {}</script>';
    document.body.innerHTML = '<a href="/login">Sign in</a>';
    const report = stubObserver();
    expect(() => fresh.startLinkPrefetch(appRoutes)).not.toThrow();
    report([{ isIntersecting: true, target: document.body.querySelector('a')! }]);
    await new Promise((r) => setTimeout(r, 10));
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });
});

describe("the build's packed list of screen files", () => {
  it('names each file once and gives every screen back its own files, in order', () => {
    const files = {
      'features/home/HomePage.tsx': ['assets/HomePage-1.js', 'assets/core-2.js', 'assets/home-3.css'],
      'features/title/TitlePage.tsx': ['assets/TitlePage-4.js', 'assets/core-2.js', 'assets/home-3.css'],
      screensEn: ['assets/en-5.js'],
    };
    const packed = packScreenFiles(files);
    expect(packed.files).toHaveLength(5);
    expect(packed.screens['features/title/TitlePage.tsx']).toEqual([3, 1, 2]);
    expect(unpackScreenFiles(JSON.parse(JSON.stringify(packed)))).toEqual(files);
  });
});
