// The session of spec §3 (its cookies and local-storage keys, named in shared/storage-names.ts),
// with typed access.
import Cookies from 'js-cookie';
import { useSyncExternalStore } from 'react';
import * as is from '../../shared/stored-shape';
import { COOKIE_LIFETIME_DAYS } from '../../shared/constants';
import type { LoginReply, UserInfo } from '../../shared/schemas/account';
import type { LibraryDetails } from '../../shared/schemas/library-details';
import { COOKIE, LOCAL, STORAGE, readJson } from '../../shared/storage-names';

export { COOKIE, STORAGE };

type CookieName = (typeof COOKIE)[keyof typeof COOKIE];

// The cookies parsed once per change of document.cookie: every tile and button asks, and parsing
// all of them for each ask was a visible part of a title page's first render on a slow phone.
let cookieText: string | null = null;
let cookies: Record<string, string> = {};
/** On the server (the drawing of a visitor's first screen, entry-server.tsx) a visitor's: no
 * cookies, nothing stored. */
const inBrowser = typeof document !== 'undefined';
export const getCookie = (name: CookieName): string | undefined => {
  if (!inBrowser) return undefined;
  if (document.cookie !== cookieText) {
    cookieText = document.cookie;
    cookies = Cookies.get();
  }
  return cookies[name];
};
export const setCookie = (name: CookieName, value: string) =>
  Cookies.set(name, value, { expires: COOKIE_LIFETIME_DAYS, sameSite: 'lax', path: '/', secure: location.protocol === 'https:' });

/** A value this device keeps (none on the server). */
export const stored = (key: string): string | null => (inBrowser ? localStorage.getItem(key) : null);
const deviceStorage = { getItem: stored };

export const session = {
  isLoggedIn: () => getCookie(COOKIE.isLoggedIn) === '1',
  /** '0' means no institution; absent counts as '0'. */
  institutionId: () => getCookie(COOKIE.libraryId) ?? '0',
  /** Expiration in seconds since the epoch; 0 when unknown. */
  expiration: () => Number(getCookie(COOKIE.expiration) ?? stored(STORAGE.expiration) ?? 0),
  isExpired: () => {
    const exp = session.expiration();
    return exp > 0 && exp * 1000 < Date.now();
  },
  /** Newspaper and journal sections show unless the cookie is exactly '0'. */
  showsNewspapers: () => getCookie(COOKIE.isNewspaper) !== '0',
  showsJournals: () => getCookie(COOKIE.isJournal) !== '0',
  userToken: () => stored(STORAGE.userToken),
  userName: (): string | null => {
    const d = storedUser();
    return d?.firstName ? `${d.firstName} ${d.lastName ?? ''}`.trim() : null;
  },
  /** A paid personal plan runs now: it reads like a live library. */
  planRunning: () => (storedUser()?.planEnds ?? 0) * 1000 > Date.now(),
  /** Spec §2: the search overlay opens only for a logged-in member of an unexpired library (or a
   * reader whose personal plan runs). */
  canSearch: () => session.isLoggedIn() && ((session.institutionId() !== '0' && !session.isExpired()) || session.planRunning()),
};

// --- Signing in and out: what spec §3 stores, in one place. ---

export type LoginType = 'email' | 'mobile' | 'password' | 'guest' | 'sso' | 'device';

let version = 0;
const listeners = new Set<() => void>();
function changed() {
  version++;
  for (const l of listeners) l();
}
/** Re-renders the caller when someone signs in or out. */
export function useSessionVersion(): number {
  return useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => version,
    () => version,
  );
}

const StoredUserDetails = is.object({
  firstName: is.string,
  lastName: is.string,
  libid: is.number,
  expiry: is.number,
  uploadedID: is.number,
  libName: is.string,
  uid: is.string,
  uuid: is.string,
  email: is.nullable(is.string),
  mobile: is.nullable(is.string),
  userType: is.oneOf('user', 'guest'),
  /** End of a running personal plan (seconds since the epoch); absent in details stored before. */
  planEnds: is.optional(is.number),
});
export type StoredUserDetails = is.Infer<typeof StoredUserDetails>;
/** The institution's details as sign-in stored them (the API's schema: shared/schemas/library-details.ts). */
const StoredLibraryDetails = is.object({
  name: is.string,
  logo1: is.string,
  logo2: is.string,
  logo3: is.string,
  contact: is.optional(is.string),
});

/** Told when the reader on this device changes: a sign-in (a new token) or a sign-out. The app
 * then drops the last reader's data (main.tsx); kept out of this module so it stays small. */
let readerChange: (() => Promise<void>) | null = null;
let readerSettling: Promise<void> = Promise.resolve();
export const whenReaderChanges = (listener: () => Promise<void>) => {
  readerChange = listener;
};
/** Resolves once the last reader's data is gone from the device (after a sign-out, say). */
export const readerSettled = () => readerSettling;
const changeReader = () => {
  if (readerChange) readerSettling = readerChange().catch(() => undefined);
};

/** Stores a login answer (or a details refresh, which carries no new token). */
export function saveUser(info: UserInfo | LoginReply, loginType?: LoginType) {
  const details: StoredUserDetails = {
    firstName: info.fname,
    lastName: info.lname,
    libid: info.libid,
    expiry: info.enddate,
    uploadedID: info.uploadedID,
    libName: info.libName,
    uid: info.uid,
    uuid: info.uuid,
    email: info.email,
    mobile: info.mobile,
    userType: info.usertype,
    planEnds: info.planEnds,
  };
  if ('jwtoken' in info) {
    localStorage.setItem(STORAGE.userToken, info.jwtoken);
    setCookie(COOKIE.authToken, info.jwtoken);
  }
  if (loginType) localStorage.setItem(STORAGE.loginType, loginType);
  setCookie(COOKIE.isLoggedIn, '1');
  setCookie(COOKIE.isGuest, info.usertype === 'guest' ? '1' : '0');
  setCookie(COOKIE.libraryId, String(info.libid));
  setCookie(COOKIE.expiration, String(info.enddate));
  localStorage.setItem(STORAGE.expiration, String(info.enddate));
  setCookie(COOKIE.userDetails, JSON.stringify(details));
  localStorage.setItem(STORAGE.userDetails, JSON.stringify(details));
  setCookie(COOKIE.isNewspaper, String(info.isNewspaper));
  setCookie(COOKIE.isJournal, String(info.isJournal));
  setCookie(COOKIE.isLibContentAvailable, String(info.isLibContentAvailable));
  setCookie(COOKIE.ageRate, info.agerate);
  // The institution's rating picks the lists and search the app asks for (the server applies it
  // anyway); with no institution the spec's defaults apply.
  if (info.ageRating > 0) setCookie(COOKIE.ageRating, String(info.ageRating));
  else Cookies.remove(COOKIE.ageRating, { path: '/' });
  if (info.libraryDetails) localStorage.setItem(STORAGE.libraryDetails, JSON.stringify(info.libraryDetails));
  else localStorage.removeItem(STORAGE.libraryDetails);
  if ('jwtoken' in info) changeReader();
  changed();
}

/** Spec §4 logout: isLoggedIn and isGuest to '0', the stored user data cleared. */
export function clearSession() {
  setCookie(COOKIE.isLoggedIn, '0');
  setCookie(COOKIE.isGuest, '0');
  setCookie(COOKIE.libraryId, '0');
  for (const c of [
    COOKIE.authToken,
    COOKIE.expiration,
    COOKIE.userDetails,
    COOKIE.isNewspaper,
    COOKIE.isJournal,
    COOKIE.isLibContentAvailable,
    COOKIE.ageRate,
    COOKIE.ageRating,
  ]) {
    Cookies.remove(c, { path: '/' });
  }
  for (const k of Object.values(STORAGE)) localStorage.removeItem(k);
  localStorage.removeItem(ZONE_LOCATION);
  changeReader();
  changed();
}

/** The signed-in reader's credentials (for the outbox), or null when nobody is. */
export function currentAuth(): { user: string; token: string; xsrf: string | null } | null {
  const user = storedUser()?.uuid;
  const token = session.userToken();
  if (!session.isLoggedIn() || !user || !token) return null;
  return { user, token, xsrf: getCookie(COOKIE.xsrf) ?? null };
}

export function storedUser(): StoredUserDetails | null {
  return readJson(deviceStorage, STORAGE.userDetails, StoredUserDetails) ?? null;
}

export function libraryDetails(): LibraryDetails | null {
  return readJson(deviceStorage, STORAGE.libraryDetails, StoredLibraryDetails) ?? null;
}

/** "Share my location" for Smart Reading Zones on this device (not a name of the spec). It ends
 * with the session like the rest, so the next person on a shared device is not located unasked. */
const ZONE_LOCATION = LOCAL.zoneLocation;
export const zoneLocation = {
  consented: () => stored(ZONE_LOCATION) === '1',
  set(on: boolean) {
    if (on) localStorage.setItem(ZONE_LOCATION, '1');
    else localStorage.removeItem(ZONE_LOCATION);
    changed();
  },
};

export const isGuest = () => getCookie(COOKIE.isGuest) === '1' || stored(STORAGE.loginType) === 'guest';
