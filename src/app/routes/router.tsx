// The router, made from the route table (table.ts). Screens are lazy so the first visit loads only
// what it shows, and every screen but home brings the screens' texts with it (lib/i18n.ts). Each
// route exists once and is mounted at / (English) and /hi (Hindi).
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

/** The route table: every screen at / and at /hi. */
export const appRoutes: RouteObject[] = [
  {
    Component: Layout,
    children: [
      { path: HINDI_PREFIX, children: screens, ErrorBoundary: RouteError },
      { path: '/', children: screens, ErrorBoundary: RouteError },
    ],
  },
];

/** The app's router as createBrowserRouter makes it, less its start: made when the app starts
 * (main.tsx), which calls `initialize()` (match the address, start loading the screen) in a task
 * of its own. Together the two were one task of 75-96 ms at 4x CPU; apart, 19-45 ms and 21-32 ms
 * (the route table is every screen twice, at / and at /hi, and making the router compiles each
 * path's pattern). */
export const createAppRouter = () =>
  createRouter({
    history: createBrowserHistory(),
    routes: appRoutes,
    mapRouteProperties,
    hydrationRouteProperties,
  });
