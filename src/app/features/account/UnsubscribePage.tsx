// /unsubscribe?t=…: the link in every mail. Works without signing in and outside the guards.
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../components/AuthCard';
import { useErrorText } from '../../lib/errors';
import { useUnsubscribe } from './mutations';

export default function UnsubscribePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const unsubscribe = useUnsubscribe();
  const errorText = useErrorText();
  const token = params.get('t') ?? '';

  if (unsubscribe.isSuccess)
    return (
      <AuthCard title={t('unsubscribe.doneTitle')} lede={t('unsubscribe.doneBody')}>
        {null}
      </AuthCard>
    );
  return (
    <AuthCard title={t('unsubscribe.title')} lede={t('unsubscribe.body')}>
      {unsubscribe.isError && (
        <p className="form-error" role="alert">
          {errorText(unsubscribe.error)}
        </p>
      )}
      <button
        type="button"
        className="button button--wide"
        onClick={() => unsubscribe.mutate(token)}
        disabled={!token || unsubscribe.isPending}
      >
        {t('unsubscribe.confirm')}
      </button>
    </AuthCard>
  );
}
