// Offline, said plainly: a banner under the header while the network is gone (in the first load;
// the states screens show are in NoData.tsx, loaded with them).
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
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
/** Whether the browser says it has a network (on the server, and in the page it drew as it
 * hydrates, yes: the server answered). */
export const useOnline = () =>
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );

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
