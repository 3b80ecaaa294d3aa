// Story tile labels of spec §2: read time from seconds ('<n> min', '<n> mins', '10+ mins'),
// and news age ('N mins ago', 'N hours ago', 'N days ago'; thresholds 60 minutes and 24 hours).
// They return a translation key and a count so each language words them its own way.

export type Label = { key: 'readTime.one' | 'readTime.many' | 'readTime.max' | 'ago.minutes' | 'ago.hours' | 'ago.days'; count: number };

export const READ_TIME_MAX_MINUTES = 10;

export function readTimeLabel(seconds: number): Label {
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes > READ_TIME_MAX_MINUTES) return { key: 'readTime.max', count: READ_TIME_MAX_MINUTES };
  return { key: minutes === 1 ? 'readTime.one' : 'readTime.many', count: minutes };
}

export function newsAgeLabel(publishedAt: string | Date, now: number = Date.now()): Label {
  const minutes = Math.max(1, Math.floor((now - new Date(publishedAt).getTime()) / 60_000));
  if (minutes < 60) return { key: 'ago.minutes', count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { key: 'ago.hours', count: hours };
  return { key: 'ago.days', count: Math.floor(hours / 24) };
}

/** Story covers are shown only for .jpg paths (spec §2). */
export const showsStoryCover = (path: string | null | undefined) => !!path && /\.jpg$/i.test(path);

// One formatter per language: toLocaleDateString makes a new one each call, and a title page's
// thirty issue dates cost 3 ms to draw that way on the server, more on a phone.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const dateFormat = (locale: string) => {
  const tag = locale === 'hi' ? 'hi-IN' : 'en-GB';
  let format = dateFormats.get(tag);
  if (!format)
    dateFormats.set(tag, (format = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })));
  return format;
};

/** A calendar date ('2026-11-08', or a moment) as readers of the locale write it: 8 November 2026. */
export function formatDate(date: string | Date, locale: string): string {
  const d = typeof date === 'string' ? new Date(`${date.slice(0, 10)}T00:00:00Z`) : date;
  return Number.isNaN(d.getTime()) ? String(date) : dateFormat(locale).format(d);
}

/** The last day (YYYY-MM-DD, UTC) with access for access that ends at this moment: an end at
 * midnight UTC (an extension, an access code) belongs to the day before, a subscription's end at
 * 23:59:59 to its own day. Every screen and export names this day. */
export const lastAccessDay = (endMs: number) => new Date(endMs - 1).toISOString().slice(0, 10);

/** Dated issues are named by their date already ("November 13, 2026"): their date is not shown again. */
export const namedByDate = (issue: { issueName: string; pubDate: string }) => issue.issueName.includes(issue.pubDate.slice(0, 4));
