// Link prefetch (spec §9: a 200 px margin). A link to another screen that comes within 200 px of
// the viewport starts fetching that screen's code and texts, so a tap shows the screen at once
// rather than its loader. Fetched, not run: `modulepreload` parses and compiles a module without
// evaluating it, and a screen's evaluation can be long (the sign-in and search screens build every
// shared schema, a task of over a second on a slow phone), so it waits for a tap. The modules are
// then in the page's module map, so the tap finds them offline too. Code only: asking every linked
// title's data ahead would multiply the requests on campus Wi-Fi. Loaded as a chunk of its own,
// after the first load (main.tsx).
import type { RouteObject } from 'react-router';
import { LINK_PREFETCH_MARGIN_PX } from '../../shared/constants';
import i18n from '../lib/i18n';
import { pathPattern, type Screen } from './table';
import { unpackScreenFiles, type PackedScreenFiles, type ScreenFiles } from './screen-files';

let running = false;
const watched = new WeakSet<Element>();
/** The files asked for. */
const asked = new Set<string>();

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

/** Each screen's files and the screens' texts (index.html, filled in by the build). In development
 * the build has not filled it in: the marker comment is left, and nothing is prefetched. */
function screenFiles(): ScreenFiles {
  const text = document.getElementById('screen-files')?.textContent ?? '';
  return text && !text.includes('/*') ? unpackScreenFiles(JSON.parse(text) as PackedScreenFiles) : {};
}

/** Asks for a file as the router's import would, without running it; again for a later link if
 * that fails. */
function preload(file: string) {
  if (asked.has(file)) return;
  asked.add(file);
  const link = document.createElement('link');
  if (file.endsWith('.css')) {
    link.rel = 'preload';
    link.as = 'style';
  } else link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = `/${file}`;
  link.onerror = () => asked.delete(file);
  document.head.appendChild(link);
}

function prefetch(targets: Target[], files: ScreenFiles, pathname: string) {
  const route = routeFor(targets, pathname);
  const screen = route?.handle as Screen | undefined;
  // (the router drops `lazy` once it has loaded the screen)
  if (!screen || typeof route?.lazy !== 'function') return;
  const texts = screen.screenTexts === false ? [] : (files[i18n.language === 'hi' ? 'screensHi' : 'screensEn'] ?? []);
  // Two files a task: a screen brings several links into view at once, and each preload's
  // insertion costs a few milliseconds on a slow phone (a screen's files in one task took up to
  // 76 ms at 4x CPU).
  const queue = [...(files[screen.module] ?? []), ...texts];
  const some = () => {
    queue.splice(0, 2).forEach(preload);
    if (queue.length) setTimeout(some, 0);
  };
  setTimeout(some, 0);
}

/** `routes`: the router's own (router.routes). */
export function startLinkPrefetch(routes: RouteObject[], root = document.body) {
  if (running) return;
  running = true;
  void import('../components/RouteLoading'); // the loader a slow screen shows, at hand
  const targets = targetsOf(routes);
  const files = screenFiles();
  const near = new IntersectionObserver(
    (entries) => {
      for (const e of entries)
        if (e.isIntersecting) {
          near.unobserve(e.target);
          prefetch(targets, files, (e.target as HTMLAnchorElement).pathname);
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
  // (in a task after the one that made the targets: together up to 64 ms at 4x CPU)
  setTimeout(scan, 0);
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    setTimeout(scan, 200);
  }).observe(root, { childList: true, subtree: true });
}
