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
import { contactLabel, readFlow } from './flow';
import { usePasswordSignIn, useSendCode } from './mutations';
import { appPaths } from '../../../shared/app-paths';

export default function PasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const to = useLocalePath();
  const flow = readFlow();
  const known = flow?.contact ?? null;
  const contact = useContactInput(known);
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const signIn = usePasswordSignIn();
  const reset = useSendCode();
  const errorText = useErrorText();
  const v = useValidationText();
  const error = invalid ?? (signIn.isError ? errorText(signIn.error) : reset.isError ? t('forgot.failed') : null);
  // Still busy once either succeeded: the reader is on their way.
  const busy = signIn.isPending || signIn.isSuccess || reset.isPending || reset.isSuccess;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const c = known ?? (await contact.read());
    if (!c) return;
    if (!password) return setInvalid(v(MESSAGES.passwordInvalid));
    setInvalid(null);
    reset.reset();
    signIn.mutate({ contact: c, password });
  }

  async function forgot() {
    const c = known ?? (await contact.read());
    if (!c) return;
    signIn.reset();
    reset.mutate({ contact: c, purpose: 'reset' }, { onSuccess: () => navigate(to(appPaths.forgotPassword)) });
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
            setInvalid(null);
            signIn.reset();
            reset.reset();
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
