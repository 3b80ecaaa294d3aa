// What the catalogue's answers depend on besides the request: the reader's institution and its
// age rating. Read once where a screen starts (a hook) and passed into the query factories, so a
// factory is a plain function of its arguments and its key always says what the answer is for.
import { COOKIE, getCookie, session, useSessionVersion } from './session';

export interface ReaderScope {
  /** '0' when the reader has no institution. */
  institutionId: string;
  /** The institution's age rating; 0 when it has none (the spec's defaults then apply). */
  ageRating: number;
}

/** The scope as this device knows it now (for code outside React: the start, prefetching). */
export const readerScope = (): ReaderScope => ({
  institutionId: session.institutionId(),
  ageRating: Number(getCookie(COOKIE.ageRating) ?? 0) || 0,
});

/** The scope, read again when someone signs in or out. */
export function useReaderScope(): ReaderScope {
  useSessionVersion();
  return readerScope();
}
