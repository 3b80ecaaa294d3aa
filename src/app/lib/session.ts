// The cookie and local-storage names of spec §3, in one place, with typed access.
import Cookies from 'js-cookie';
import { COOKIE_LIFETIME_DAYS } from '../../shared/constants';

export const COOKIE = {
  uniqId: 'uniqId',
  isGuest: 'isGuest',
  isLoggedIn: 'isLoggedIn',
  authToken: 'AuthToken',
  libraryId: 'libraryId',
  expiration: 'expiration',
  userDetails: 'userDetails',
  isNewspaper: 'isNewspaper',
  isJournal: 'isJournal',
  isLibContentAvailable: 'isLibContentAvailable',
  ageRate: 'ageRate',
  ageRating: 'ageRating',
  xsrf: 'XSRF-TOKEN',
} as const;

export const STORAGE = {
  loginType: 'loginType',
  userToken: 'userToken',
  expiration: 'expiration',
  userFav: 'userFav',
  userBksData: 'userBksData',
  favourites: 'favourites',
  libraryDetails: 'libraryDetails',
  userDetails: 'userDetails',
} as const;

type CookieName = (typeof COOKIE)[keyof typeof COOKIE];

export const getCookie = (name: CookieName) => Cookies.get(name);
export const setCookie = (name: CookieName, value: string) =>
  Cookies.set(name, value, { expires: COOKIE_LIFETIME_DAYS, sameSite: 'lax', path: '/' });

export const session = {
  isLoggedIn: () => getCookie(COOKIE.isLoggedIn) === '1',
  /** '0' means no institution; absent counts as '0'. */
  libraryId: () => getCookie(COOKIE.libraryId) ?? '0',
  /** Expiration in seconds since the epoch; 0 when unknown. */
  expiration: () => Number(getCookie(COOKIE.expiration) ?? localStorage.getItem(STORAGE.expiration) ?? 0),
  isExpired: () => {
    const exp = session.expiration();
    return exp > 0 && exp * 1000 < Date.now();
  },
  /** Newspaper and journal sections show unless the cookie is exactly '0'. */
  showsNewspapers: () => getCookie(COOKIE.isNewspaper) !== '0',
  showsJournals: () => getCookie(COOKIE.isJournal) !== '0',
  userToken: () => localStorage.getItem(STORAGE.userToken),
  userName: (): string | null => {
    try {
      const raw = localStorage.getItem(STORAGE.userDetails);
      const d = raw ? (JSON.parse(raw) as { firstName?: string; lastName?: string }) : null;
      return d?.firstName ? `${d.firstName} ${d.lastName ?? ''}`.trim() : null;
    } catch {
      return null;
    }
  },
  /** Spec §2: the search overlay opens only for a logged-in member of an unexpired library. */
  canSearch: () => session.libraryId() !== '0' && !session.isExpired() && session.isLoggedIn(),
};
