// One hook per action in the account area; each stores what changed and says so.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../lib/api';
import { saveUser } from '../../lib/session';
import { showToast } from '../../components/Toast';
import type { EmailPreferences } from '../../../shared/schemas/account';
import * as endpoints from '../../../shared/endpoints/account';
import * as network from '../../../shared/endpoints/network';
import { accountKeys } from './queries';

export function useUpdateProfile() {
  const client = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (fullName: string) => callApi(endpoints.userProfile, { body: { fullName } }),
    onSuccess: (info) => {
      saveUser(info);
      client.setQueryData(accountKeys.details(), info);
      showToast(t('toasts.updated'));
    },
  });
}

/** Through the outbox: saved on the device at once and sent now, or when the network returns. */
export function useSaveEmailPreferences() {
  const client = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (prefs: EmailPreferences) => {
      const { queue } = await import('../../outbox/sync');
      const queued = await queue({ path: endpoints.userEmailpreferenceSave.path, body: prefs, slot: 'emailPreference' });
      return { prefs, delivered: (await queued?.delivery) === 'done' };
    },
    onSuccess: ({ prefs, delivered }) => {
      client.setQueryData(accountKeys.emailPreferences(), prefs);
      showToast(t(delivered ? 'toasts.updated' : 'offline.savedForLater'));
    },
  });
}

export function useChangePassword() {
  const client = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (body: { currentPassword?: string; password: string; confirmPassword: string }) =>
      callApi(endpoints.userPassword, { body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: accountKeys.details() });
      showToast(t('toasts.passwordUpdated'));
    },
  });
}

/** Ends one of the reader's other sessions (`id`), or all of them (no id): signed out at once there. */
export function useEndSessions() {
  const client = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (id?: string) => (id ? callApi(endpoints.userSessionsEnd, { body: { id } }) : callApi(endpoints.userSessionsEndOthers)),
    onSuccess: (list, id) => {
      client.setQueryData(accountKeys.sessions(), list);
      showToast(t(id ? 'sessions.ended' : 'sessions.endedOthers'));
    },
    // Ended meanwhile (on another device): show the list as it is now.
    onError: () => void client.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}

/** Links an institution sign-in: the reply is the provider's address, where the reader goes next. */
export function useLinkSso() {
  return useMutation({
    mutationFn: (body: { institutionId: number; returnTo: string }) => callApi(endpoints.ssoLink, { body }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** Adds (or removes) a Wi-Fi identity; the reply is the list as it is now. */
export function useChangeWifiIdentity() {
  const client = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (v: { identity: string; remove?: boolean }) =>
      callApi(v.remove ? network.userNetworkIdentitiesRemove : network.userNetworkIdentitiesAdd, { body: { identity: v.identity } }),
    onSuccess: (data, v) => {
      client.setQueryData(accountKeys.wifiIdentities(), data);
      showToast(t(v.remove ? 'wifiLink.unlinked' : 'wifiLink.linked'));
    },
  });
}

/** A code to sign in on another device, and until when it holds. */
export function useMakeDeviceCode() {
  return useMutation({
    mutationFn: async () => {
      const reply = await callApi(endpoints.gencode);
      return { code: reply.code, until: new Date(Date.now() + reply.expiresIn * 1000) };
    },
  });
}

/** Asks for the account's deletion; the reply says when it goes. */
export function useDeleteAccount() {
  return useMutation({ mutationFn: () => callApi(endpoints.userDelete) });
}

/** The mail link's unsubscribe (no sign-in: the token says who). */
export function useUnsubscribe() {
  return useMutation({ mutationFn: (token: string) => callApi(endpoints.unsubscribe, { body: { t: token } }) });
}
