// While a lazily loaded screen arrives (spec §2): a skeleton of the screen for the five the spec
// names (home, login, a title, the listings, journals) and a full-screen loader for the others.
// Either fills the screen below the header, so the footer stays out of view and nothing visible
// moves when the screen takes its place. Shown on the first load until the screen's code is in
// (the routes' HydrateFallback) and on a navigation that waits for it (Layout, after a moment).
// A chunk of its own (PendingScreen.tsx), out of home's first load; its styles are in styles.css.
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { stripLocale } from '../lib/locale';
import { ShelfSkeleton } from './Tiles';

const covers = (n: number) => Array.from({ length: n }, (_, i) => <span key={i} className="skeleton skeleton--cover" />);

/** The skeleton of the screen at `path` (without its locale), or null for a screen with none. */
function skeletonOf(path: string) {
  if (path === '/')
    return (
      <div className="home">
        <ShelfSkeleton />
        <ShelfSkeleton />
        <ShelfSkeleton variant="chips" />
      </div>
    );
  if (/^\/magazine\/\d/.test(path))
    return (
      <div className="route-skeleton">
        <span className="skeleton skeleton--cover" />
        <span className="skeleton skeleton--title" />
      </div>
    );
  if (/^\/(magazines|journals)(\/|$)/.test(path))
    return (
      <div className="route-skeleton">
        <span className="skeleton skeleton--title" />
        <div className="route-skeleton__grid">{covers(10)}</div>
      </div>
    );
  if (/^\/login(\/|$)/.test(path))
    return (
      <div className="route-skeleton route-skeleton--card">
        <span className="skeleton skeleton--title" />
        <span className="skeleton skeleton--field" />
        <span className="skeleton skeleton--field" />
      </div>
    );
  return null;
}

export default function RouteLoading({ path }: { path?: string }) {
  const { t } = useTranslation();
  const here = useLocation().pathname;
  const skeleton = skeletonOf(stripLocale(path ?? here));
  return (
    <div className="route-loading" role="status" data-testid="route-loading">
      <span className="visually-hidden">{t('loading')}</span>
      <div aria-hidden="true">{skeleton ?? <span className="route-loading__spinner" />}</div>
    </div>
  );
}
