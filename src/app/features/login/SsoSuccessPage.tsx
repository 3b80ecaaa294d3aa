// /login/sso/success: the institution sent the reader back; the server checks its answer and
// signs the reader in, then they go on as after any sign-in. When the reader was linking their
// account from My Account, they stay signed in as they were and go back there.
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../components/AuthCard';
import { ApiError } from '../../lib/api';
import { useLocalePath } from '../../components/useLocalePath';
import { useErrorText } from '../../lib/errors';
import { useCompleteSso } from './mutations';
import { appPaths } from '../../../shared/app-paths';

export default function SsoSuccessPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const complete = useCompleteSso();
  const errorText = useErrorText();
  const error = complete.error ? errorText(complete.error) : null;
  // An account that exists already is signed in to another way first (then linked).
  const exists = complete.error instanceof ApiError && complete.error.code === 'sso_account_exists';

  useEffect(() => {
    // The answer can be used once: never send it twice. Sent after the mount settles: a request
    // started in StrictMode's first, discarded mount would be sent, but its result never seen.
    const timer = setTimeout(() => complete.mutate(window.location.search), 0);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!error)
    return (
      <AuthCard title={t('sso.finishing')}>
        <div className="skeleton sso-skeleton" aria-hidden="true" />
      </AuthCard>
    );
  return (
    <AuthCard title={t('sso.failedTitle')} lede={error}>
      {exists ? (
        <Link className="button button--wide" to={to(appPaths.login)}>
          {t('sso.signInInstead')}
        </Link>
      ) : (
        <Link className="button button--wide" to={to(appPaths.sso)}>
          {t('sso.tryAgain')}
        </Link>
      )}
    </AuthCard>
  );
}
