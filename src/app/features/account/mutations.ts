// One hook per action in the account area; each stores what changed and says so.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiPost } from '../../lib/api';
import { saveUser } from '../../lib/session';
import { showToast } from '../../components/Toast';
import { OkReply, UserInfo, type EmailPreferences } from '../../../shared/schemas/account';
import { ReaderSessions } from '../../../shared/schemas/sessions';
import { accountKeys } from './queries';

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
