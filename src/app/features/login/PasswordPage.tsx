// /login/verify/password: sign in with a password (spec §2 texts); forgot password from here.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../components/AuthCard';
import { Field } from '../../components/Field';
import { useLocalePath } from '../../components/useLocalePath';
import { useErrorText, useValidationText } from '../../lib/errors';
import { MESSAGES } from '../../../shared/validation';
import { SUPPORT_EMAIL } from '../../../shared/constants';
import { ContactInput, useContactInput } from './ContactInput';
import { contactLabel, passwordSignIn, readFlow, sendCode, useFinishSignIn } from './flow';
import { appPaths } from '../../../shared/app-paths';

export default function PasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const to = useLocalePath();
  const flow = readFlow();
  const known = flow?.contact ?? null;
  const contact = useContactInput(known);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorText = useErrorText();
  const v = useValidationText();
  const finish = useFinishSignIn();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const c = known ?? contact.read();
    if (!c) return;
    if (!password) return setError(v(MESSAGES.passwordInvalid));
    setBusy(true);
    setError(null);
    try {
      finish(await passwordSignIn(c, password), 'password');
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  }

  async function forgot() {
    const c = known ?? contact.read();
    if (!c) return;
    setBusy(true);
    try {
      await sendCode({ contact: c, purpose: 'reset' });
      navigate(to(appPaths.forgotPassword));
    } catch {
      setError(t('forgot.failed'));
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title={t('password.title')}
      lede={
        known ? (
          <>
            {t('password.enterFor')} <strong>{contactLabel(known)}</strong>
          </>
        ) : (
          t('password.enterContact')
        )
      }
    >
      <form onSubmit={onSubmit} noValidate className="auth-form">
        {!known && <ContactInput state={contact} />}
        <Field
          label={t('password.label')}
          type="password"
          name="password"
          autoComplete="current-password"
          placeholder={t('password.placeholder')}
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setError(null);
          }}
          error={error}
          hint={t('password.help', { email: SUPPORT_EMAIL })}
        />
        <button type="submit" className="button button--wide" disabled={busy}>
          {t('password.signIn')}
        </button>
      </form>
      <div className="auth-links">
        <button type="button" className="link-button" onClick={forgot} disabled={busy}>
          {t('password.forgot')}
        </button>
        <Link to={to(appPaths.login)}>{t('password.useCode')}</Link>
      </div>
    </AuthCard>
  );
}
