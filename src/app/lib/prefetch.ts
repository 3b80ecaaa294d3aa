// Link prefetch (spec §9: a 200 px margin). A link to another screen that comes within 200 px of
// the viewport starts loading that screen's code and texts, so a tap shows the screen at once
// rather than its loader. Code only: asking every linked title's data ahead would multiply the
// requests on campus Wi-Fi. Loaded as a chunk of its own, after the first load (main.tsx).
import { matchRoutes, type RouteObject } from 'react-router';
import { LINK_PREFETCH_MARGIN_PX } from '../../shared/constants';

let running = false;
const watched = new WeakSet<Element>();
const started = new Set<unknown>();

function prefetch(routes: RouteObject[], pathname: string) {
  // (the router drops a route's `lazy` once it has loaded it)
  const route = matchRoutes(routes, pathname)?.at(-1)?.route;
  if (!route || route.path === '*' || typeof route.lazy !== 'function' || started.has(route)) return;
  started.add(route);
  // The router's own call later finds the modules already loaded (or on their way).
  route.lazy().catch(() => started.delete(route));
}

/** `routes`: the router's own (router.routes). */
export function startLinkPrefetch(routes: RouteObject[], root = document.body) {
  if (running) return;
  running = true;
  void import('../components/RouteLoading'); // the loader a slow screen shows, at hand
  const near = new IntersectionObserver(
    (entries) => {
      for (const e of entries)
        if (e.isIntersecting) {
          near.unobserve(e.target);
          prefetch(routes, (e.target as HTMLAnchorElement).pathname);
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
