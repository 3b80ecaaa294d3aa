// /appdownload's links to the store apps, shown only for the stores the operator configured
// (ANDROID_APP_ID, IOS_APP_STORE_ID); with none, the page offers the install from the browser alone.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AppStores } from '../../../shared/schemas/app-links';
import { apiGet } from '../../lib/api';
import type { PageTexts } from './texts';

/** /appdownload's configuration: the store links and the claims. */
export const appStoresQuery = () =>
  queryOptions({
    queryKey: ['app-stores'],
    queryFn: ({ signal }) => apiGet('/api/app/stores', AppStores, undefined, signal),
    staleTime: 60 * 60_000,
  });

export function StoreLinks({ texts }: { texts: PageTexts['appDownload'] }) {
  const stores = useQuery(appStoresQuery());
  const { android, ios } = stores.data ?? {};
  if (!android && !ios) return null;
  return (
    <section className="info__section" data-testid="store-links">
      <h2>{texts.storesTitle}</h2>
      <div className="info__actions">
        {android && (
          <a className="button" href={android} rel="noopener" data-testid="store-android">
            {texts.googlePlay}
          </a>
        )}
        {ios && (
          <a className="button" href={ios} rel="noopener" data-testid="store-ios">
            {texts.appStore}
          </a>
        )}
      </div>
    </section>
  );
}
