// Spec §1: deletion within 30 days of a request. Asks once more, then records the request,
// signs the reader out everywhere and says when the account goes.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../components/Toast';
import { useLocalePath } from '../../components/useLocalePath';
import { useErrorText } from '../../lib/errors';
import { clearSession } from '../../lib/session';
import { formatDate } from '../../lib/locale';
import { useDeleteAccount } from './mutations';
import { appPaths } from '../../../shared/app-paths';

export function DeleteAccount() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const to = useLocalePath();
  const [confirming, setConfirming] = useState(false);
  const deletion = useDeleteAccount();
  // (still busy once it succeeded: the reader is signed out and on their way to the sign-in)
  const busy = deletion.isPending || deletion.isSuccess;
  const errorText = useErrorText();

  const confirm = () =>
    deletion.mutate(undefined, {
      onSuccess: async ({ deleteAfter }) => {
        const date = formatDate(new Date(deleteAfter * 1000), i18n.language);
        clearSession();
        await navigate(to(appPaths.login), { replace: true });
        showToast(t('deleteAccount.done', { date }));
      },
    });

  return (
    <div className="danger-zone">
      <h2 className="account__subtitle">{t('deleteAccount.title')}</h2>
      <p className="account__note">{t('deleteAccount.body')}</p>
      {deletion.isError && (
        <p className="form-error" role="alert">
          {errorText(deletion.error)}
        </p>
      )}
      {confirming ? (
        <div className="danger-zone__confirm" role="group" aria-label={t('deleteAccount.title')}>
          <p>
            <strong>{t('deleteAccount.sure')}</strong>
          </p>
          <button type="button" className="button button--danger" onClick={confirm} disabled={busy}>
            {t('deleteAccount.confirm')}
          </button>
          <button type="button" className="button button--ghost" onClick={() => setConfirming(false)} disabled={busy}>
            {t('deleteAccount.cancel')}
          </button>
        </div>
      ) : (
        <button type="button" className="button button--ghost button--danger-outline" onClick={() => setConfirming(true)}>
          {t('deleteAccount.start')}
        </button>
      )}
    </div>
  );
}
