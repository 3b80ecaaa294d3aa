// Spec §4 guest session: the device's uniqId cookie (made when absent, one year), then a session
// for it with os=web.
import { callApi } from './api';
import { COOKIE, getCookie, setCookie } from './session';
import { guestLogin } from '../../shared/endpoints/account';

export function deviceId(): string {
  let id = getCookie(COOKIE.uniqId);
  if (!id) {
    id = crypto.randomUUID().replace(/-/g, '');
    setCookie(COOKIE.uniqId, id);
    setCookie(COOKIE.isGuest, '1');
  }
  return id;
}

export const guestSignIn = (uniqId: string) => callApi(guestLogin, { body: { uniqId, os: 'web' } });
export const startGuestSession = () => guestSignIn(deviceId());
