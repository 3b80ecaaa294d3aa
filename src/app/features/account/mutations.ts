// One hook per action in the account area; each stores what changed and says so.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { apiPost } from '../../lib/api';
import { saveUser } from '../../lib/session';
import { showToast } from '../../components/Toast';
import { DeletionReply, OkReply, UserInfo, type EmailPreferences } from '../../../shared/schemas/account';
import { DeviceCodeReply } from '../../../shared/device-code';
import { Identities } from '../../../shared/schemas/network-arrivals';
import { ReaderSessions } from '../../../shared/schemas/sessions';
import { accountKeys } from './queries';

const SsoLinkReply = z.object({ url: z.string() });

export function useUpdateProfile() {
  const client = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (fullName: string) => apiPost('/api/user/profile', UserInfo, { fullName }),
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
      const queued = await queue({ path: '/api/user/emailpreference', body: prefs, slot: 'emailPreference' });
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
      apiPost('/api/user/password', OkReply, body),
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
    mutationFn: (id?: string) =>
      id ? apiPost('/api/user/sessions/end', ReaderSessions, { id }) : apiPost('/api/user/sessions/end-others', ReaderSessions, {}),
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
    mutationFn: (body: { institutionId: number; returnTo: string }) => apiPost('/api/sso/link', SsoLinkReply, body),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** Adds (or removes) a Wi-Fi identity; the reply is the list as it is now. */
export function useChangeWifiIdentity() {
  const client = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (v: { identity: string; remove?: boolean }) =>
      apiPost(v.remove ? '/api/user/network-identities/remove' : '/api/user/network-identities', Identities, { identity: v.identity }),
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
      const reply = await apiPost('/api/gencode', DeviceCodeReply, {});
      return { code: reply.code, until: new Date(Date.now() + reply.expiresIn * 1000) };
    },
  });
}

/** Asks for the account's deletion; the reply says when it goes. */
export function useDeleteAccount() {
  return useMutation({ mutationFn: () => apiPost('/api/user/delete', DeletionReply) });
}

/** The mail link's unsubscribe (no sign-in: the token says who). */
export function useUnsubscribe() {
  return useMutation({ mutationFn: (token: string) => apiPost('/api/unsubscribe', OkReply, { t: token }) });
}
