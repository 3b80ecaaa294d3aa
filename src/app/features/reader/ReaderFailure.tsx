// Why an issue did not open, and what the reader can do: sign in, or try again.
import { useTranslation } from 'react-i18next';
import type { Failure } from './useIssue';
import { appPaths } from '../../../shared/app-paths';

export function ReaderFailure({ failure, onRetry }: { failure: Failure; onRetry: () => void }) {
  const { t, i18n } = useTranslation();
  const text =
    typeof failure === 'object'
      ? i18n.exists(`errors.${failure.code}`)
        ? t(`errors.${failure.code}` as 'errors.generic')
        : failure.message
      : failure === 'retry'
        ? t('errors.generic')
        : t(`reader.${failure}`);
  return (
    <div className="reader reader--failed">
      <div className="reader__failure" role="alert" data-testid="reader-failure">
        <p>{text}</p>
        {typeof failure === 'object' && failure.code === 'subscription_expired' && <p>{t('access.expiredBody')}</p>}
        {failure === 'signIn' && (
          <a className="reader__button" href={appPaths.login}>
            {t('reader.signInButton')}
          </a>
        )}
        {(failure === 'retry' || failure === 'offline') && (
          <button type="button" className="reader__button" onClick={onRetry}>
            {t('reader.retry')}
          </button>
        )}
      </div>
    </div>
  );
}
