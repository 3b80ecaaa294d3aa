import type { Locale } from './constants';

/** An English path in a locale: '/journals' → '/hi/journals' in Hindi. A listing's ':lang' becomes
 * the interface language, so a Hindi reader's "Magazines" and "View All" list Hindi titles:
 * '/magazines/BS/:lang' → '/hi/magazines/BS/hi'. */
export function localePath(path: string, locale: Locale): string {
  const p = path.replace('/:lang', `/${locale}`);
  return locale === 'hi' ? (p === '/' ? '/hi/' : `/hi${p}`) : p;
}
