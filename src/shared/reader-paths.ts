// The reader's URLs in one place: the app builds them, the server routes them, and the service
// worker keys its downloads cache by them without the token (a downloaded page stays readable
// after the token that fetched it expires).
export type PageSize = 'small' | 'large' | 'xlarge';
export const PAGE_SIZES: readonly PageSize[] = ['small', 'large', 'xlarge'];

/** Where the reader opens (spec §7): the issue, ?edz=1, and #page/{n} when a page is given. */
export const readerUrl = (issueId: number, page?: number, extra: Record<string, string> = {}) => {
  const q = new URLSearchParams({ edz: '1', ...extra });
  return `/reader/${issueId}?${q}${page ? `#page/${page}` : ''}`;
};

/** The rendition for a page drawn `cssWidth` px wide on a screen of `pixelRatio` (times the zoom):
 * small (360–480 px) up to 480 device pixels, large (1,080–1,200 px: a 360 px phone at DPR 3) up
 * to 1,200, xlarge (1,800 px; the large one for issues without it) above. One rule for the
 * reader, its boot script (reader.html) and downloads, so a page is fetched once at the size all
 * three expect. */
export const SMALL_PAGE_MAX_PX = 480;
export const LARGE_PAGE_MAX_PX = 1200;
export const pageSizeFor = (cssWidth: number, pixelRatio: number): PageSize => {
  const px = cssWidth * pixelRatio;
  return px <= SMALL_PAGE_MAX_PX ? 'small' : px <= LARGE_PAGE_MAX_PX ? 'large' : 'xlarge';
};

/** How wide (CSS px) the reader draws a page in a window, before it knows the page's shape (a
 * portrait page, about 1:1.41): a phone held sideways fits the width; otherwise the page fits the
 * height (less the bars) or the width, whichever is narrower. The boot script and downloads use
 * it; the open reader measures the page itself. */
export const pageCssWidthFor = (width: number, height: number): number =>
  width > height && height <= 500 ? width : Math.min(width, Math.round((height - 100) / 1.41));

/** The larger of two renditions (a zoomed page never goes back to a softer one). */
export const largerSize = (a: PageSize, b: PageSize): PageSize => (PAGE_SIZES.indexOf(a) >= PAGE_SIZES.indexOf(b) ? a : b);

const withCode = (path: string, code?: string) => (code ? `${path}?code=${encodeURIComponent(code)}` : path);
export const manifestPath = (issueId: number, code?: string) => withCode(`/content/reader/${issueId}`, code);
export const pageImagePath = (issueId: number, n: number, size: PageSize, code?: string) =>
  withCode(`/content/reader/${issueId}/pages/${n}/${size}.webp`, code);
export const pageTextPath = (issueId: number, n: number, code?: string) => withCode(`/content/reader/${issueId}/pages/${n}/text`, code);

export const READER_CONTENT_PREFIX = '/content/reader/';

/** The cache key of a reader URL: the same path with no token. */
export const tokenless = (url: string) => {
  const u = new URL(url, 'http://x');
  u.searchParams.delete('code');
  return u.pathname + u.search;
};
