// One hook per action in the account area; each stores what changed and says so.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiPost } from '../../lib/api';
import { saveUser } from '../../lib/session';
import { showToast } from '../../components/Toast';
import { OkReply, UserInfo, type EmailPreferences } from '../../../shared/schemas/account';
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
      const { queue } = await import('../offline/sync');
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
