// /login/sso/success: the institution sent the reader back; the server checks its answer and
// signs the reader in, then they go on as after any sign-in. When the reader was linking their
// account from My Account, they stay signed in as they were and go back there.
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../components/AuthCard';
import { ApiError, callApi } from '../../lib/api';
import { showToast } from '../../components/Toast';
import { useLocalePath } from '../../components/useLocalePath';
import { useErrorText } from '../../lib/errors';
import { localeOf, localisedPath, stripLocale } from '../../lib/locale';
import { saveUser } from '../../lib/session';
import { ssoComplete } from '../../../shared/endpoints/account';
import { endFlow, nextPath } from './flow';
import { appPaths } from '../../../shared/app-paths';

export default function SsoSuccessPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const to = useLocalePath();
  const [error, setError] = useState<string | null>(null);
  // An account that exists already is signed in to another way first (then linked).
  const [exists, setExists] = useState(false);
  const errorText = useErrorText();
  const started = useRef(false);

  useEffect(() => {
    // The answer can be used once: never send it twice.
    if (started.current) return;
    started.current = true;
    callApi(ssoComplete, { body: { search: window.location.search } }).then(
      (reply) => {
        const locale = localeOf(reply.returnTo);
        if (reply.linked) {
          saveUser(reply);
          showToast(t('sso.linked'));
          return navigate(localisedPath(stripLocale(reply.returnTo), locale), { replace: true });
        }
        saveUser(reply, 'sso');
        endFlow();
        navigate(localisedPath(nextPath(reply, stripLocale(reply.returnTo)), locale), { replace: true });
      },
      (err) => {
        setExists(err instanceof ApiError && err.code === 'sso_account_exists');
        setError(errorText(err));
      },
    );
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
