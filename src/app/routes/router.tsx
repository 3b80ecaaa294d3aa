// The router, made from the route table (table.ts). Screens are lazy so the first visit loads only
// what it shows, and every screen but home brings the screens' texts with it (lib/i18n.ts). Each
// route exists once and is mounted at / (English) and /hi (Hindi); the app's router starts with
// its page's locale only.
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createRouter,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_mapRouteProperties as mapRouteProperties,
  type RouteObject,
} from 'react-router';
import type React from 'react';
import { Layout } from './Layout';
import { RouteError } from './RouteError';
import { loadScreenTexts } from '../lib/i18n';
import { LoadingSlot } from '../components/PendingScreen';
import { HINDI_PREFIX, SCREENS, type Screen } from './table';
import { screenModules } from './screen-modules';
import { localeOf } from '../lib/locale';
import type { Locale } from '../../shared/constants';

/** The screen's component, from its module. */
async function componentOf(screen: Screen): Promise<React.ComponentType> {
  const module = (await screenModules[screen.module]()) as Record<string, React.ComponentType>;
  return module[screen.pick ?? 'default'];
}

function routesOf(screen: Screen): RouteObject[] {
  // Home's code is preloaded before the app starts and its texts are in the shell.
  if (screen.screenTexts === false)
    return screen.paths.map((path) => ({
      ...(path ? { path } : { index: true }),
      handle: screen, // (for link prefetch)
      lazy: async () => ({ Component: await componentOf(screen) }),
    }));
  return screen.paths.map((path) => ({
    path,
    handle: screen,
    // Until its code is in, on the first load.
    HydrateFallback: LoadingSlot,
    lazy: async () => {
      const [Component] = await Promise.all([componentOf(screen), loadScreenTexts()]);
      return { Component };
    },
  }));
}

const screens: RouteObject[] = SCREENS.flatMap(routesOf);

/** The layout's route id: the other locale's screens are patched in below it. */
const LAYOUT_ID = 'layout';

/** A locale's screens: English at /, Hindi at /hi. */
const localeRoutes = (locale: Locale): RouteObject => ({
  id: locale,
  path: locale === 'hi' ? HINDI_PREFIX : '/',
  children: screens,
  ErrorBoundary: RouteError,
});

const withLayout = (children: RouteObject[]): RouteObject[] => [{ id: LAYOUT_ID, Component: Layout, children }];

/** The route table: every screen at / and at /hi. */
export const appRoutes: RouteObject[] = withLayout([localeRoutes('hi'), localeRoutes('en')]);

/** The app's router as createBrowserRouter makes it, less its start: made when the app starts
 * (main.tsx), which calls `initialize()` (match the address, start loading the screen) in a task
 * of its own. It starts with the page's locale's screens only, and the other locale's join when a
 * navigation first goes there (a reader switching language in the side menu). Making the router
 * flattens and ranks every route and matches the address against them (two thirds of the task's
 * profile): with both locales' routes the task took 63-73 ms at 4x CPU (median of 18 loads), with
 * one 50-60 ms. */
export function createAppRouter() {
  const locale = localeOf(window.location.pathname);
  const other: Locale = locale === 'hi' ? 'en' : 'hi';
  let otherAdded = false;
  return createRouter({
    history: createBrowserHistory(),
    routes: withLayout([localeRoutes(locale)]),
    mapRouteProperties,
    hydrationRouteProperties,
    // Asked for an address that matched no route or only a route with parameters (English's `*`
    // matches every /hi address).
    patchRoutesOnNavigation: ({ path, patch }) => {
      if (otherAdded || localeOf(path) !== other) return;
      otherAdded = true;
      patch(LAYOUT_ID, [localeRoutes(other)]);
    },
  });
}
