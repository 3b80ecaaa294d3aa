import { useLocation } from 'react-router';
import { localeOf } from '../lib/locale';
import { localePath } from '../../shared/locale-path';

/** Turns an English path into the current locale's (shared/locale-path.ts). */
export function useLocalePath() {
  const { pathname } = useLocation();
  const locale = localeOf(pathname);
  return (path: string) => localePath(path, locale);
}
