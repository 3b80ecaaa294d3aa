// The reader's URLs in one place: the app builds them, the server routes them, and the service
// worker keys its downloads cache by them without the token (a downloaded page stays readable
// after the token that fetched it expires).
export type PageSize = 'small' | 'large';

/** Where the reader opens (spec §7): the issue, ?edz=1, and #page/{n} when a page is given. */
export const readerUrl = (issueId: number, page?: number, extra: Record<string, string> = {}) => {
  const q = new URLSearchParams({ edz: '1', ...extra });
  return `/reader/${issueId}?${q}${page ? `#page/${page}` : ''}`;
};

/** Device pixels across the screen up to which the small page image (360–480 px wide) is sharp
 * enough; above it, the large one. One rule for the reader, its boot script (reader.html) and
 * downloads, so a page is fetched once at the size all three expect. */
const SMALL_PAGE_MAX_PX = 480;
export const pageSizeFor = (cssWidth: number, pixelRatio: number): PageSize =>
  cssWidth * pixelRatio <= SMALL_PAGE_MAX_PX ? 'small' : 'large';

const withCode = (path: string, code?: string) => (code ? `${path}?code=${encodeURIComponent(code)}` : path);
export const manifestPath = (issueId: number, code?: string) => withCode(`/content/reader/${issueId}`, code);
export const pageImagePath = (issueId: number, n: number, size: PageSize, code?: string) =>
  withCode(`/content/reader/${issueId}/pages/${n}/${size}.webp`, code);
export const pageTextPath = (issueId: number, n: number, code?: string) => withCode(`/content/reader/${issueId}/pages/${n}/text`, code);

export const READER_CONTENT_PREFIX = '/content/reader/';
/** Cache API names shared by the app (which downloads) and the service worker (which serves). */
export const DOWNLOADS_CACHE = 'lectern-downloads';
export const RECENT_PAGES_CACHE = 'lectern-pages';

/** The cache key of a reader URL: the same path with no token. */
export const tokenless = (url: string) => {
  const u = new URL(url, 'http://x');
  u.searchParams.delete('code');
  return u.pathname + u.search;
};
