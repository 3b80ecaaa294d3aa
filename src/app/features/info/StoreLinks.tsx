// /appdownload's links to the store apps, shown only for the stores the operator configured
// (ANDROID_APP_ID, IOS_APP_STORE_ID); with none, the page offers the install from the browser alone.
import { useQuery } from '@tanstack/react-query';
import { appStoresQuery } from './queries';
import type { PageTexts } from './texts';

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
