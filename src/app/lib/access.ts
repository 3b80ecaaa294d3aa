// The app-access rules of spec §4, run on every page load and navigation. Browsing the
// catalogue, the sign-in steps and the information pages are public. The account area and
// search need a reader with a live library; the steps that finish signing in (the name step,
// linking a mobile number) need only a signed-in reader, so one with no library yet can
// complete them. A running Smart Reading Zone pass counts as access here (hasAccess).
import { session } from './session';
import { runningPass } from './zone-pass';
import { appPaths } from '../../shared/app-paths';

export const MEMBER_PREFIXES = ['/dashboard', '/search'];
export const SIGNED_IN_PREFIXES = ['/update/', '/login/linkmobile', '/shelf'];
/** Exempt from every guard (spec §2). */
const EXEMPT_PREFIXES = ['/unsubscribe'];

/** '/update/' covers what is below it; '/dashboard' covers itself and what is below it. */
const under = (path: string, prefix: string) =>
  prefix.endsWith('/') ? path.startsWith(prefix) : path === prefix || path.startsWith(`${prefix}/`);
const matches = (path: string, prefixes: string[]) => prefixes.some((p) => under(path, p));

export function isPublicPath(path: string): boolean {
  return matches(path, EXEMPT_PREFIXES) || !(matches(path, MEMBER_PREFIXES) || matches(path, SIGNED_IN_PREFIXES));
}

export interface AccessState {
  loggedIn: boolean;
  institutionId: string;
  expired: boolean;
  /** A paid personal plan runs now: the library guard lets the reader in (no library or expired). */
  planRunning?: boolean;
  /** A Smart Reading Zone pass runs now: it opens the same (what it opens, the server decides). */
  pass?: boolean;
}

/** The reader's state for the rules below, as this device knows it now. */
export const accessState = (): AccessState => ({
  loggedIn: session.isLoggedIn(),
  institutionId: session.institutionId(),
  expired: session.isExpired(),
  planRunning: session.planRunning(),
  pass: runningPass() !== null,
});

/** Whether the signed-in reader has access (search, the account area, home without the
 * access-ended notice): a live library, a paid plan, or a running zone pass. The one place the app
 * decides it. */
export const hasAccess = () => session.canSearch() || (session.isLoggedIn() && runningPass() !== null);

/** Where a reader on `path` must go instead. An expired reader keeps their session (and the
 * device its progress and favourites): access can come back (an access code, a renewal) and a
 * sign-out is only ever the reader's own, or the server's when it ended the session. */
export function accessRedirect(path: string, s: AccessState): { to: string } | null {
  if (isPublicPath(path)) return null;
  if (!s.loggedIn) return { to: appPaths.login };
  if (!matches(path, MEMBER_PREFIXES) || s.planRunning || s.pass) return null;
  if (s.institutionId === '0') return { to: `${appPaths.validateUser}?type=1` };
  if (s.expired) return { to: `${appPaths.validateUser}?type=2` };
  return null;
}
