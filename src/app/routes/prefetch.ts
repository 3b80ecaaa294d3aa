// Link prefetch (spec §9: a 200 px margin). A link to another screen that comes within 200 px of
// the viewport starts loading that screen's code and texts, so a tap shows the screen at once
// rather than its loader. Code only: asking every linked title's data ahead would multiply the
// requests on campus Wi-Fi. Loaded as a chunk of its own, after the first load (main.tsx).
import type { RouteObject } from 'react-router';
import { LINK_PREFETCH_MARGIN_PX } from '../../shared/constants';
import { pathPattern } from './table';

let running = false;
const watched = new WeakSet<Element>();
const started = new Set<unknown>();

export type Target = { pattern: RegExp; route: RouteObject };

/** Every screen with its whole path, made once, splats last: React Router's matchRoutes ranks
 *  the whole route table again on each call (up to 40 ms on a slow phone), too slow for the dozens
 *  of links a screen brings into view at once. The route table has no two patterns that match the
 *  same address but a splat's. */
export function targetsOf(routes: RouteObject[], parent = ''): Target[] {
  const all = routes.flatMap((route): Target[] => {
    const path = route.index ? parent : `${parent}/${route.path ?? ''}`;
    // (a screen's route, loaded already or not: the router drops `lazy` once it has loaded it)
    const isScreen = (route.index || route.path) && route.path !== '*' && (route.lazy || route.Component);
    const own = isScreen ? [{ pattern: pathPattern(path), route }] : [];
    return [...own, ...targetsOf(route.children ?? [], path)];
  });
  return all.sort((a, b) => Number(a.route.path?.endsWith('*') ?? false) - Number(b.route.path?.endsWith('*') ?? false));
}

export const routeFor = (targets: Target[], pathname: string) => targets.find((t) => t.pattern.test(pathname))?.route;

function prefetch(targets: Target[], pathname: string) {
  const route = routeFor(targets, pathname);
  const load = route?.lazy;
  if (!route || typeof load !== 'function' || started.has(route)) return;
  started.add(route);
  // The router's own call later finds the modules already loaded (or on their way). A task of its
  // own for each screen: a screen brings several links into view at once.
  setTimeout(() => load().catch(() => started.delete(route)), 0);
}

/** `routes`: the router's own (router.routes). */
export function startLinkPrefetch(routes: RouteObject[], root = document.body) {
  if (running) return;
  running = true;
  void import('../components/RouteLoading'); // the loader a slow screen shows, at hand
  const targets = targetsOf(routes);
  const near = new IntersectionObserver(
    (entries) => {
      for (const e of entries)
        if (e.isIntersecting) {
          near.unobserve(e.target);
          prefetch(targets, (e.target as HTMLAnchorElement).pathname);
        }
    },
    { rootMargin: `${LINK_PREFETCH_MARGIN_PX}px` },
  );
  // New links are looked for at most every 200 ms: a growing list adds many at once.
  let queued = false;
  const scan = () => {
    queued = false;
    for (const a of root.querySelectorAll<HTMLAnchorElement>('a[href^="/"]'))
      if (!watched.has(a)) {
        watched.add(a);
        near.observe(a);
      }
  };
  scan();
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    setTimeout(scan, 200);
  }).observe(root, { childList: true, subtree: true });
}
