import { describe, expect, it, vi } from 'vitest';
import { matchRoutes } from 'react-router';
import { appRoutes } from './router';
import { routeFor, targetsOf } from './prefetch';

// The route table only: its components need a browser.
vi.mock('./Layout', () => ({ Layout: () => null }));
vi.mock('./RouteError', () => ({ RouteError: () => null }));
vi.mock('../components/PendingScreen', () => ({ LoadingSlot: () => null }));
vi.mock('../lib/i18n', () => ({ loadScreenTexts: () => Promise.resolve() }));

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
