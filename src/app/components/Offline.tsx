// Offline, said plainly: a banner while the network is gone, and the state a screen shows when it
// has nothing saved to show (never a blank page or an endless skeleton).
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from './useLocalePath';
import './offline.css';

const subscribe = (l: () => void) => {
  addEventListener('online', l);
  addEventListener('offline', l);
  return () => {
    removeEventListener('online', l);
    removeEventListener('offline', l);
  };
};
/** Whether the browser says it has a network. */
export const useOnline = () => useSyncExternalStore(subscribe, () => navigator.onLine);

export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <div className="offline-region" role="status" aria-live="polite">
      {!online && (
        <p className="offline-banner" data-testid="offline-banner">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M2 8.8a15 15 0 0 1 20 0M5 12.5a10 10 0 0 1 14 0M8.5 16a5 5 0 0 1 7 0M12 20h.01M3 3l18 18" />
          </svg>
          {t('offline.banner')}
        </p>
      )}
    </div>
  );
}

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  fetchStatus: string;
  data?: unknown;
  refetch: () => unknown;
}

/** Whether a query has no data and none is coming now (offline, or it failed). */
export const hasNoData = (query: QueryLike) =>
  query.data === undefined && ((query.isPending && query.fetchStatus === 'paused') || query.isError);

/** What a screen shows in place of data it does not have: offline (nothing saved here) or an
 * error with a retry. Null while the data is on its way or there. */
export function NoData({ query }: { query: QueryLike }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const online = useOnline();
  if (!hasNoData(query)) return null;
  const offline = !online || query.fetchStatus === 'paused';
  return (
    <div className="no-data" role="alert" data-testid={offline ? 'offline-state' : 'error-state'}>
      <h2 className="no-data__title">{t(offline ? 'offline.screenTitle' : 'offline.errorTitle')}</h2>
      <p>{t(offline ? 'offline.screenBody' : 'offline.errorBody')}</p>
      <p className="no-data__actions">
        <button type="button" className="button" onClick={() => void query.refetch()}>
          {t('offline.retry')}
        </button>
        {offline && (
          <Link className="button button--ghost" to={to('/dashboard/downloads')}>
            {t('offline.toDownloads')}
          </Link>
        )}
      </p>
    </div>
  );
}

/** Said where an action needs the network (signing in, sending a message) while there is none. */
export function NeedsNetwork({ what }: { what: 'signIn' | 'contact' }) {
  const { t } = useTranslation();
  if (useOnline()) return null;
  return (
    <p className="notice" role="status" data-testid="needs-network">
      {t(what === 'signIn' ? 'offline.signInNeedsNetwork' : 'offline.contactNeedsNetwork')}
    </p>
  );
}
