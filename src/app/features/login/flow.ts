// The sign-in journey's state between its screens (kept in sessionStorage so a reload on the
// code screen keeps the request), the calls, and where a reader goes once signed in.
import { useNavigate, type NavigateFunction } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, callApi } from '../../lib/api';
import * as endpoints from '../../../shared/endpoints/account';
import { clearSession, isGuest, saveUser, session, STORAGE, storedUser, type LoginType } from '../../lib/session';
import { SESSION, readJson } from '../../../shared/storage-names';
import { deviceId } from '../../lib/device';
import { runningPass } from '../../lib/zone-pass';
import i18n from '../../lib/i18n';
import type { RefreshBody } from '../../../shared/schemas/session-refresh';
import { useLocalePath } from '../../components/useLocalePath';
import { Contact, OtpPurpose, type LoginReply, type UserInfo } from '../../../shared/schemas/account';
import { appPaths } from '../../../shared/app-paths';

const SignInFlow = z.object({
  contact: Contact,
  purpose: OtpPurpose,
  requestId: z.string().optional(),
  length: z.number().optional(),
  /** When the last code was sent (ms), for the resend countdown. */
  sentAt: z.number().optional(),
  resendIn: z.number().optional(),
});
export type SignInFlow = z.infer<typeof SignInFlow>;

const KEY = SESSION.signIn;
export const readFlow = (): SignInFlow | null => readJson(sessionStorage, KEY, SignInFlow) ?? null;
export const writeFlow = (flow: SignInFlow) => sessionStorage.setItem(KEY, JSON.stringify(flow));
export const endFlow = () => {
  sessionStorage.removeItem(KEY);
  sessionStorage.removeItem(RETURN_KEY);
};

/** Where to go after signing in (a page that sent the reader to /login?returnTo=…), kept for
 * the whole journey: code, password, name step or institution sign-in. */
const RETURN_KEY = SESSION.returnTo;
export const rememberReturnTo = (path: string | null) => {
  if (path && /^\/(?!\/)/.test(path)) sessionStorage.setItem(RETURN_KEY, path);
};
export const returnTo = () => sessionStorage.getItem(RETURN_KEY) ?? undefined;

/** How a contact is shown: the address, or +91 98765 43210. */
export function contactLabel(c: Contact): string {
  return c.channel === 'email' ? c.email : `${c.countryCode} ${c.mobile}`;
}

export async function sendCode(flow: SignInFlow): Promise<SignInFlow> {
  const reply = await callApi(endpoints.loginOtpSend, { body: { ...flow.contact, purpose: flow.purpose } });
  // The code screen names the address as the server validated it (spec §5: returned base64-encoded).
  const contact = reply.email && flow.contact.channel === 'email' ? { ...flow.contact, email: atob(reply.email) } : flow.contact;
  const next = { ...flow, contact, requestId: reply.requestId, length: reply.length, sentAt: Date.now(), resendIn: reply.resendIn };
  writeFlow(next);
  return next;
}

export const verifyCode = (requestId: string, code: string, reset?: { password: string; confirmPassword: string }) =>
  callApi(endpoints.loginOtpVerify, { body: { requestId, code, ...reset } });
export const passwordSignIn = (contact: Contact, password: string) => callApi(endpoints.loginPassword, { body: { ...contact, password } });
/** The refresh's parameters (spec §7): this device, the app's build, the language, the stored user. */
export function refreshParams(): NonNullable<RefreshBody> {
  const loginType = localStorage.getItem(STORAGE.loginType);
  const width = Math.min(window.screen.width, window.screen.height);
  return {
    udid: deviceId(),
    os: 'web',
    appver: __BUILD_ID__.slice(0, 40),
    device: width < 600 ? 'phone' : width < 1024 ? 'tablet' : 'desktop',
    language_code: i18n.language === 'hi' ? 'hi' : 'en',
    uid: storedUser()?.uid,
    ctp: (['email', 'mobile', 'password', 'guest', 'sso'] as const).find((t) => t === loginType),
  };
}
export const refreshUser = () => callApi(endpoints.userDetails, { body: refreshParams() });

/** Spec §4 after a sign-in: the name step (mode 3), no library, expired, or home. */
export function nextPath(info: UserInfo, returnTo = '/'): string {
  if (info.mode === 3) return appPaths.fullName;
  if (info.planEnds * 1000 > Date.now()) return returnTo;
  if (info.libid === 0) return `${appPaths.validateUser}?type=1`;
  if (info.enddate * 1000 < Date.now()) return `${appPaths.validateUser}?type=2`;
  return returnTo;
}

/** Whether a Smart Reading Zone pass runs for the reader now signed in: asking is what starts one
 * on a zone's Wi-Fi. */
const passRuns = (client: QueryClient) =>
  import('../zone/queries')
    .then((m) => client.fetchQuery(m.passesQuery()))
    .then(
      () => runningPass() !== null,
      () => false,
    );

/** The reader's Continue reading, asked before home opens (at most a moment): home then keeps its
 * place from its first paint instead of being pushed down when the row arrives (the reader's
 * progress from other devices is on no device yet). */
const continueAsked = (client: QueryClient) =>
  Promise.race([
    import('../shelf/queries').then((m) => client.prefetchQuery(m.continueQuery())),
    new Promise((giveUp) => setTimeout(giveUp, 1500)),
  ]).catch(() => undefined);

/** Stores the answer and moves on. A reader in a Smart Reading Zone (a guest, a visitor, a member
 * whose subscription ended) reads at once: home (or where they were going), not the no-access or
 * expired screen. */
export function useFinishSignIn() {
  const navigate = useNavigate();
  const to = useLocalePath();
  const client = useQueryClient();
  return async (info: LoginReply | UserInfo, loginType?: LoginType) => {
    const back = returnTo() ?? '/';
    let target = nextPath(info, back);
    saveUser(info, loginType);
    if (info.mode !== 3) endFlow();
    if (target.startsWith(appPaths.validateUser) && (await passRuns(client))) target = back;
    if (target === '/') await continueAsked(client);
    navigate(to(target), { replace: true });
  };
}

/** Where the refresh may send the reader: an app path (the caller adds the locale). */
export type Go = (path: string) => void;

/** Spec §4 login refresh: reloads the user and updates what is stored, then by mode: 1 goes home,
 * 2 returns true, 3 goes to /update/fullName (and so does any mode while the name is missing). A
 * session the server ended (logout elsewhere, password change) or that belongs to another reader
 * signs the device out; offline, the stored session stays. False when nothing was refreshed. */
export async function refreshSession(mode: 1 | 2 | 3, go: Go): Promise<boolean> {
  const token = session.userToken();
  if (!session.isLoggedIn() || !token) return false;
  try {
    const user = await refreshUser();
    // The session may have ended meanwhile (an access guard clears an expired one): keep it ended.
    if (!session.isLoggedIn() || session.userToken() !== token) return false;
    saveUser(user);
    if (mode === 3 || user.mode === 3) go(appPaths.fullName);
    else if (mode === 1) go('/');
    return true;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 409)) clearSession();
    return false;
  }
}

/** At app start (spec §4): a guest's session is checked (/api/guest/validate; status 0 means
 * nothing happens), a reader's refreshed in mode 2 (or 3 while the name is missing: to the name
 * step, unless already there). */
export async function startSession(navigate: NavigateFunction, to: (path: string) => string): Promise<void> {
  if (!session.isLoggedIn()) return;
  if (!isGuest()) {
    await refreshSession(2, (p) => {
      if (!location.pathname.endsWith(p)) void navigate(to(p), { replace: true });
    });
    return;
  }
  const token = session.userToken();
  const state = await callApi(endpoints.guestValidate).catch(() => null);
  if (state && 'uid' in state && session.userToken() === token) saveUser(state, 'guest');
}
