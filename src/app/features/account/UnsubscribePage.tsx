// /unsubscribe?t=…: the link in every mail. Works without signing in and outside the guards.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../components/AuthCard';
import { apiPost } from '../../lib/api';
import { useErrorText } from '../../lib/errors';
import { OkReply } from '../../../shared/schemas/account';

export default function UnsubscribePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [state, setState] = useState<'ask' | 'busy' | 'done'>('ask');
  const [error, setError] = useState<string | null>(null);
  const errorText = useErrorText();
  const token = params.get('t') ?? '';

  async function confirm() {
    setState('busy');
    try {
      await apiPost('/api/unsubscribe', OkReply, { t: token });
      setState('done');
    } catch (err) {
      setError(errorText(err));
      setState('ask');
    }
  }

  if (state === 'done')
    return (
      <AuthCard title={t('unsubscribe.doneTitle')} lede={t('unsubscribe.doneBody')}>
        {null}
      </AuthCard>
    );
  return (
    <AuthCard title={t('unsubscribe.title')} lede={t('unsubscribe.body')}>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="button button--wide" onClick={confirm} disabled={!token || state === 'busy'}>
        {t('unsubscribe.confirm')}
      </button>
    </AuthCard>
  );
}
