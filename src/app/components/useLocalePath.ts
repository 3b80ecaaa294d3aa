import { useLocation } from 'react-router';
import { localeOf } from '../lib/locale';

/** Turns an English path into the current locale's: '/journals' → '/hi/journals' on Hindi pages. */
export function useLocalePath() {
  const { pathname } = useLocation();
  const hi = localeOf(pathname) === 'hi';
  return (path: string) => (hi ? (path === '/' ? '/hi/' : `/hi${path}`) : path);
}
