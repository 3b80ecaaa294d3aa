// The header's links (spec §2) with the page name each one announces when active.
import { NEWSPAPER_CATEGORY } from '../../shared/constants';
import { session } from '../lib/session';

export const NAV_LINKS = [
  { key: 'home', to: '/', page: 'home', match: (p: string) => p === '/' },
  {
    key: 'magazines',
    to: '/magazines/BS/:lang',
    page: 'magazines',
    match: (p: string) => p.startsWith('/magazines') && !p.startsWith(`/magazines/${NEWSPAPER_CATEGORY}`),
  },
  { key: 'journals', to: '/journals', page: 'journals', match: (p: string) => p.startsWith('/journals') },
  {
    key: 'newspapers',
    to: `/magazines/${NEWSPAPER_CATEGORY}`,
    page: 'newspapers',
    match: (p: string) => p.startsWith(`/magazines/${NEWSPAPER_CATEGORY}`),
  },
  { key: 'stories', to: '/stories/category/Cover-Stories/sec_60', page: 'stories', match: (p: string) => p.startsWith('/stories') },
] as const;

/** The links this reader sees: newspapers and journals only where the institution has them. */
export function visibleNavLinks() {
  return NAV_LINKS.filter(
    (l) => (l.key !== 'journals' || session.showsJournals()) && (l.key !== 'newspapers' || session.showsNewspapers()),
  );
}
