// The header's links (spec §2) with the page name each one announces when active.
import { session } from '../lib/session';
import { appPaths } from '../../shared/app-paths';

export const NAV_LINKS = [
  { key: 'home', to: appPaths.home, page: 'home', match: (p: string) => p === '/' },
  {
    key: 'magazines',
    to: appPaths.magazinesInLanguage,
    page: 'magazines',
    match: (p: string) => p.startsWith('/magazines') && !p.startsWith(appPaths.newspapers),
  },
  { key: 'journals', to: appPaths.journals, page: 'journals', match: (p: string) => p.startsWith(appPaths.journals) },
  {
    key: 'newspapers',
    to: appPaths.newspapers,
    page: 'newspapers',
    match: (p: string) => p.startsWith(appPaths.newspapers),
  },
  { key: 'stories', to: appPaths.coverStories, page: 'stories', match: (p: string) => p.startsWith(appPaths.stories) },
] as const;

/** The links this reader sees: newspapers and journals only where the institution has them. */
export function visibleNavLinks() {
  return NAV_LINKS.filter(
    (l) => (l.key !== 'journals' || session.showsJournals()) && (l.key !== 'newspapers' || session.showsNewspapers()),
  );
}
