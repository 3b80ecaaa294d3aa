// /update/fullName (refresh mode 3): the sign-up form of spec §2 for a reader who has just
// proved their contact: Full Name, password, Confirm password, Submit; then the thank-you
// screen with START READING.
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../components/AuthCard';
import { Field } from '../../components/Field';
import { useLocalePath } from '../../components/useLocalePath';
import { useErrorText, useValidationText } from '../../lib/errors';
import { MESSAGES } from '../../../shared/validation';
import { UserInfo } from '../../../shared/schemas/account';
import { endFlow, nextPath, refreshUser, returnTo } from './flow';
import { NewPasswordFields, useNewPassword } from '../../components/NewPasswordFields';
import { useCompleteSignUp } from './mutations';

export default function FullNamePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const to = useLocalePath();
  const [user, setUser] = useState<UserInfo | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const save = useCompleteSignUp();
  const done = save.data;
  const passwords = useNewPassword();
  const errorText = useErrorText();
  const v = useValidationText();

  useEffect(() => {
    refreshUser().then(setUser, (err) => setLoadError(errorText(err)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const error = save.isError ? errorText(save.error) : loadError;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const fullName = name.trim();
    if (!fullName) setNameError(MESSAGES.fullNameEmpty);
    const pw = user?.hasPassword ? { password: '', confirmPassword: '' } : passwords.read();
    if (!fullName || !pw) return;
    setLoadError(null);
    save.mutate({ fullName, password: user?.hasPassword ? null : pw });
  }

  if (done) {
    const startReading = () => {
      const target = nextPath(done, returnTo());
      endFlow();
      navigate(to(target), { replace: true });
    };
    return (
      <AuthCard title={t('signup.thanksTitle', { name: done.fname })} lede={t('signup.thanksBody')}>
        <button type="button" className="button button--wide" onClick={startReading} autoFocus>
          {t('signup.startReading')}
        </button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('signup.title')} lede={t('login.prompt')}>
      <form onSubmit={onSubmit} noValidate className="auth-form" aria-busy={!user && !error}>
        <Field
          label={t('signup.fullName')}
          name="name"
          autoComplete="name"
          value={name}
          maxLength={120}
          onChange={(e) => {
            setName(e.target.value);
            setNameError(null);
          }}
          error={v(nameError)}
        />
        {user && !user.hasPassword && <NewPasswordFields state={passwords} />}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button--wide" disabled={save.isPending || !user}>
          {t('signup.submit')}
        </button>
      </form>
    </AuthCard>
  );
}
