// What shows in the page frame when a screen cannot be shown: its code could not be loaded (no
// network, and not saved on this device) or it failed. Never the router's bare error page.
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../components/OfflineBanner';

export function RouteError() {
  const { t } = useTranslation();
  const online = useOnline();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <div className="no-data" role="alert" data-testid={online ? 'error-state' : 'offline-state'}>
      <h1 className="no-data__title">{t(online ? 'offline.errorTitle' : 'offline.screenTitle')}</h1>
      <p>{t(online ? 'offline.errorBody' : 'offline.screenBody')}</p>
      <p className="no-data__actions">
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t('offline.retry')}
        </button>
      </p>
    </div>
  );
}
