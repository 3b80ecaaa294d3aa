// The state a screen shows when it has nothing saved to show (offline, or its request failed):
// never a blank page or an endless skeleton; and the word where an action needs the network.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from './useLocalePath';
import { useOnline } from './OfflineBanner';
import { appPaths } from '../../shared/app-paths';

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
          <Link className="button button--ghost" to={to(appPaths.downloads)}>
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
