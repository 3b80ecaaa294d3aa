// The app-access rules of spec §4, run on every page load and navigation. Browsing the
// catalogue, the sign-in steps and the information pages are public; the account area, the
// name step, linking a mobile number and search need a reader with a live library.
export const GUARDED_PREFIXES = ['/dashboard', '/update/', '/search', '/login/linkmobile'];
/** Exempt from every guard (spec §2). */
const EXEMPT_PREFIXES = ['/unsubscribe'];

/** '/update/' covers what is below it; '/dashboard' covers itself and what is below it. */
const under = (path: string, prefix: string) =>
  prefix.endsWith('/') ? path.startsWith(prefix) : path === prefix || path.startsWith(`${prefix}/`);

export function isPublicPath(path: string): boolean {
  if (EXEMPT_PREFIXES.some((p) => under(path, p))) return true;
  return !GUARDED_PREFIXES.some((p) => under(path, p));
}

export interface AccessState { loggedIn: boolean; libraryId: string; expired: boolean }

/** Where a reader on `path` must go instead, and whether their session is to be cleared. */
export function accessRedirect(path: string, s: AccessState): { to: string; clear?: boolean } | null {
  if (isPublicPath(path)) return null;
  if (!s.loggedIn) return { to: '/login' };
  if (s.libraryId === '0') return { to: '/validate-user?type=1' };
  if (s.expired) return { to: '/validate-user?type=2', clear: true };
  return null;
}
