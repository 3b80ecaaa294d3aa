// Spec §4 logout: the server ends the session (and logs the event), isLoggedIn and isGuest go
// to '0', stored user data is cleared (and the reader's data on the device with it); from a dashboard page the reader goes to /login
// (/login?from=guest for a guest), elsewhere they stay where they are.
import { useLocation, useNavigate } from 'react-router';
import { clearSession, isGuest, readerSettled } from '../lib/session';
import { stripLocale } from '../lib/locale';
import { useLocalePath } from './useLocalePath';
import { appPaths } from '../../shared/app-paths';

export function useLogout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const to = useLocalePath();
  return async (opts: { then?: string } = {}) => {
    const guest = isGuest();
    // Loaded with the first logout, not with every page (bundle budget).
    await (await import('./signOut')).signOutOnServer();
    const onDashboard = stripLocale(pathname).startsWith(appPaths.dashboard);
    const target = opts.then ?? (onDashboard ? (guest ? `${appPaths.login}?from=guest` : appPaths.login) : null);
    clearSession();
    await readerSettled(); // the reader's data is gone before anything else shows
    if (target) await navigate(to(target), { replace: true });
  };
}
