// Dates as the console shows them: days in UTC, as the server counts them.
import { lastAccessDay } from '../../../shared/labels';

const format = (ms: number, lang: string) =>
  new Date(ms).toLocaleDateString(lang === 'hi' ? 'hi-IN' : 'en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

export const formatDay = (iso: string, lang: string) => format(Date.parse(iso), lang);

/** The last day with access: an end at midnight UTC belongs to the day before. */
export const lastDayOf = (iso: string) => lastAccessDay(Date.parse(iso));
export const formatLastDay = (iso: string, lang: string) => format(Date.parse(iso) - 1, lang);

/** YYYY-MM-DD of the day after. */
export const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** "Access until …", or "Access ended …" once it has. */
export function accessText(
  endsAt: string,
  t: (key: 'accessEnded' | 'accessUntil', values: { date: string }) => string,
  lang: string,
): string {
  return t(Date.parse(endsAt) <= Date.now() ? 'accessEnded' : 'accessUntil', { date: formatLastDay(endsAt, lang) });
}
