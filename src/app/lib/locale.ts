// English lives at /…, Hindi at /hi/…: the locale is the first path segment.
import type { Locale } from '../../shared/constants';

export function localeOf(pathname: string): Locale {
  return pathname === '/hi' || pathname.startsWith('/hi/') ? 'hi' : 'en';
}

/** The path without its locale prefix: '/hi/journals' → '/journals'. */
export function stripLocale(pathname: string): string {
  return localeOf(pathname) === 'hi' ? pathname.slice(3) || '/' : pathname;
}

/** The same page in another locale. */
export function localisedPath(pathname: string, locale: Locale): string {
  const bare = stripLocale(pathname);
  return locale === 'hi' ? (bare === '/' ? '/hi/' : `/hi${bare}`) : bare;
}

export { formatDate } from '../../shared/labels';

/** A language as pickers and details name it: in its own script (हिन्दी, मराठी, English), with
 * the English name after it on English pages when the two differ, for those who do not read it. */
export function languageLabel(nativeName: string, englishName: string, hindiPage: boolean): string {
  return hindiPage || nativeName === englishName ? nativeName : `${nativeName} (${englishName})`;
}
