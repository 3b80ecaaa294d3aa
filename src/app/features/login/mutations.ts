// Sign-in steps as mutation hooks: busy and error come from the hook; a success goes on as any
// sign-in does (flow.ts).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { callApi } from '../../lib/api';
import * as endpoints from '../../../shared/endpoints/account';
import { saveUser } from '../../lib/session';
import type { DeviceCodeBody } from '../../../shared/device-code';
import type { Contact } from '../../../shared/schemas/account';
import { endFlow, nextPath, passwordSignIn, sendCode, useFinishSignIn, type SignInFlow } from './flow';
import { startGuestSession } from '../../lib/guest';
import { showToast } from '../../components/Toast';
import { localeOf, localisedPath, stripLocale } from '../../lib/locale';
import { accountKeys } from '../../lib/account-keys';

/** Signs in with a code made on another device. */
export function useDeviceCodeSignIn() {
  const finish = useFinishSignIn();
  return useMutation({
    mutationFn: (body: z.output<typeof DeviceCodeBody>) => callApi(endpoints.loginGencode, { body }),
    onSuccess: (info) => finish(info, 'device'),
  });
}

/** Sends a sign-in code to the contact (the flow goes on at the code screen). */
export function useSendCode() {
  return useMutation({ mutationFn: (flow: SignInFlow) => sendCode(flow) });
}

/** A guest session for this device. */
export function useGuestSignIn() {
  const finish = useFinishSignIn();
  return useMutation({
    mutationFn: () => startGuestSession(),
    onSuccess: (info) => finish(info, 'guest'),
  });
}

/** Signs in with a password. */
export function usePasswordSignIn() {
  const finish = useFinishSignIn();
  return useMutation({
    mutationFn: ({ contact, password }: { contact: Contact; password: string }) => passwordSignIn(contact, password),
    onSuccess: (info) => finish(info, 'password'),
  });
}

/** The sign-up's last step: the reader's name, and a password when they have none yet. */
export function useCompleteSignUp() {
  return useMutation({
    mutationFn: ({ fullName, password }: { fullName: string; password: { password: string; confirmPassword: string } | null }) =>
      password
        ? callApi(endpoints.userSignup, { body: { fullName, ...password } })
        : callApi(endpoints.userProfile, { body: { fullName } }),
    onSuccess: (info) => saveUser(info),
  });
}

/** The institution's answer (the return address's query) to the server, which checks it and signs
 * the reader in; a reader who was linking their account stays signed in as they were and goes back. */
export function useCompleteSso() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (search: string) => callApi(endpoints.ssoComplete, { body: { search } }),
    onSuccess: async (reply) => {
      const locale = localeOf(reply.returnTo);
      if (reply.linked) {
        saveUser(reply);
        showToast(t('sso.linked'));
        return navigate(localisedPath(stripLocale(reply.returnTo), locale), { replace: true });
      }
      saveUser(reply, 'sso');
      endFlow();
      await navigate(localisedPath(nextPath(reply, stripLocale(reply.returnTo)), locale), { replace: true });
    },
  });
}

/** Links a mobile number proved by its code: the account's details say so at once. */
export function useLinkMobile() {
  const client = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (body: { requestId?: string; code: string }) =>
      callApi(endpoints.accountLink, { body: { requestId: body.requestId ?? '', code: body.code } }),
    onSuccess: (info) => {
      saveUser(info);
      client.setQueryData(accountKeys.details(), info);
      showToast(t('toasts.updated'));
    },
  });
}
