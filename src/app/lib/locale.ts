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

/** A calendar date ('2026-11-08', or a moment) as readers of the locale write it: 8 November 2026. */
export function formatDate(date: string | Date, locale: string): string {
  const d = typeof date === 'string' ? new Date(`${date.slice(0, 10)}T00:00:00Z`) : date;
  return Number.isNaN(d.getTime())
    ? String(date)
    : d.toLocaleDateString(locale === 'hi' ? 'hi-IN' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}
