// /login and /login/email: the first sign-in step. A code goes to the e-mail address or mobile
// number (new readers get an account on the way); a password, an access code and a guest
// session are the other doors.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '../../components/useLocalePath';
import { useErrorText } from '../../lib/errors';
import { stripLocale } from '../../lib/locale';
import { ContactInput, useContactInput } from './ContactInput';
import { readFlow, rememberReturnTo, sendCode, useFinishSignIn, writeFlow } from './flow';
import { startGuestSession } from '../../lib/guest';
import { AuthCard } from '../../components/AuthCard';
import { appPaths } from '../../../shared/app-paths';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const to = useLocalePath();
  const [params] = useSearchParams();
  const emailOnly = stripLocale(useLocation().pathname) === appPaths.loginEmail;
  const contact = useContactInput(readFlow()?.contact, emailOnly ? ['email'] : ['email', 'mobile']);
  const [busy, setBusy] = useState<'code' | 'guest' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const errorText = useErrorText();
  const finish = useFinishSignIn();
  useEffect(() => rememberReturnTo(params.get('returnTo')), [params]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const c = contact.read();
    if (!c) return;
    setBusy('code');
    setFailure(null);
    try {
      await sendCode({ contact: c, purpose: 'login' });
      navigate(to(c.channel === 'email' ? appPaths.loginEmailOtp : appPaths.loginMobileOtp));
    } catch (err) {
      setFailure(errorText(err));
    } finally {
      setBusy(null);
    }
  }

  function withPassword() {
    const c = contact.value ? contact.read() : null;
    if (contact.value && !c) return;
    if (c) writeFlow({ contact: c, purpose: 'login' });
    navigate(to(appPaths.loginPassword));
  }

  async function asGuest() {
    setBusy('guest');
    setFailure(null);
    try {
      finish(await startGuestSession(), 'guest');
    } catch (err) {
      setFailure(errorText(err));
      setBusy(null);
    }
  }

  return (
    <AuthCard title={t('login.title')} lede={t('login.prompt')}>
      {params.get('from') === 'guest' && (
        <p className="notice" data-testid="guest-signed-out">
          {t('login.guestSignedOut')}
        </p>
      )}
      <form onSubmit={onSubmit} noValidate className="auth-form">
        <ContactInput state={contact} />
        {failure && (
          <p className="form-error" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" className="button button--wide" disabled={busy !== null}>
          {busy === 'code' ? t('login.sending') : t('login.sendCode')}
        </button>
      </form>
      <button type="button" className="link-button" onClick={withPassword}>
        {t('login.usePassword')}
      </button>
      <div className="auth-divider">
        <span>{t('login.or')}</span>
      </div>
      <div className="auth-alternatives">
        <Link className="button button--ghost button--wide" to={to(appPaths.sso)} data-testid="sso-link">
          {t('login.sso')}
        </Link>
        <Link className="button button--ghost button--wide" to={to(appPaths.accessCode)}>
          {t('login.haveCode')}
        </Link>
        <Link className="button button--ghost button--wide" to={to(appPaths.loginCode)} data-testid="device-code-link">
          {t('deviceCode.haveOne')}
        </Link>
        <button
          type="button"
          className="button button--ghost button--wide"
          onClick={asGuest}
          disabled={busy !== null}
          data-testid="continue-as-guest"
        >
          {busy === 'guest' ? t('login.starting') : t('login.guest')}
        </button>
      </div>
      <p className="auth-fineprint">{t('login.fineprint')}</p>
    </AuthCard>
  );
}
