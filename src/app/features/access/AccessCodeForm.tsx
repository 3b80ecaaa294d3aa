// The access-code prompt: attaches the reader (or, when nobody is signed in, a new guest
// session) to the code's institution until the code ends, and says through whom and until when.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field';
import { apiPost } from '../../lib/api';
import { useErrorText } from '../../lib/errors';
import { saveUser, session } from '../../lib/session';
import { UserInfo } from '../../../shared/schemas/account';
import { startGuestSession } from '../../lib/guest';
import { useFinishSignIn } from '../login/flow';
import { showToast } from '../../components/Toast';
import { formatDate, lastAccessDay } from '../../../shared/labels';

export function AccessCodeForm() {
  const { t, i18n } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorText = useErrorText();
  const finish = useFinishSignIn();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!code.trim()) return setError(t('accessCode.required'));
    setBusy(true);
    setError(null);
    try {
      if (!session.isLoggedIn() || !session.userToken()) saveUser(await startGuestSession(), 'guest');
      const info = await apiPost('/api/coupon/validate', UserInfo, { code: code.trim() });
      await finish(info);
      const until = formatDate(lastAccessDay(info.enddate * 1000), i18n.language);
      showToast(t('accessCode.accepted', { library: info.libName, date: until }));
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="auth-form" data-testid="access-code-form">
      <Field
        label={t('accessCode.label')}
        name="access-code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder={t('accessCode.placeholder')}
        value={code}
        onChange={(e) => {
          setCode(e.target.value);
          setError(null);
        }}
        error={error}
      />
      <button type="submit" className="button button--wide" disabled={busy}>
        {t('accessCode.submit')}
      </button>
    </form>
  );
}
