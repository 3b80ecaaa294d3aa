import { useLocation } from 'react-router';
import { localeOf } from '../lib/locale';

/** Turns an English path into the current locale's: '/journals' → '/hi/journals' on Hindi pages.
 * A listing's ':lang' becomes the interface language, so a Hindi reader's "Magazines" and
 * "View All" list Hindi titles: '/magazines/BS/:lang' → '/hi/magazines/BS/hi'. */
export function useLocalePath() {
  const { pathname } = useLocation();
  const locale = localeOf(pathname);
  return (path: string) => {
    const p = path.replace('/:lang', `/${locale}`);
    return locale === 'hi' ? (p === '/' ? '/hi/' : `/hi${p}`) : p;
  };
}
