// /dashboard/myFavorites: the reader's favourite titles, from the device first (so the list
// shows offline), then refreshed from the server; changes still waiting for the network say so.
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MagazineTile } from '../../components/Tiles';
import { useLocalePath } from '../../components/useLocalePath';
import { useErrorText } from '../../lib/errors';
import { AccountLayout } from '../account/AccountLayout';
import { favouritesQuery, favouritesSyncQuery } from './queries';
import { useFavouritesFollowOutbox } from './useToggleFavourite';
import { WaitingMark } from './FavouriteButton';
import '../listing/listing.css';
import { appPaths } from '../../../shared/app-paths';

export default function MyFavoritesPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const errorText = useErrorText();
  const list = useQuery(favouritesQuery());
  const sync = useQuery(favouritesSyncQuery(useQueryClient()));
  useFavouritesFollowOutbox();
  const cards = list.data?.cards ?? [];
  // Nothing on the device yet: the first answer from the server decides.
  const firstVisit = cards.length === 0 && !sync.isFetched;
  return (
    <AccountLayout title={t('account.links.myFavorites')}>
      {sync.isError && (
        <p className="notice" role="status" data-testid="favourites-sync-error">
          {t(navigator.onLine ? 'offline.favouritesNotRefreshed' : 'offline.favouritesOffline', { reason: errorText(sync.error) })}
        </p>
      )}
      {(list.isPending || (firstVisit && sync.isFetching)) && (
        <div className="listing-grid">
          {Array.from({ length: 4 }, (_, i) => (
            <span key={i} className="skeleton skeleton--cover" aria-hidden="true" />
          ))}
        </div>
      )}
      {list.data && cards.length === 0 && !(firstVisit && sync.isFetching) && (
        <p className="account__note" data-testid="no-favourites">
          {t('favourites.empty')} <Link to={to(appPaths.magazines)}>{t('favourites.browse')}</Link>
        </p>
      )}
      <div className="listing-grid" data-testid="favourites-grid">
        {cards.map((m) => (
          <div key={m.mid} className="fav-tile">
            <MagazineTile m={m} place="grid" />
            {list.data?.waiting.has(m.mid) && <WaitingMark />}
          </div>
        ))}
      </div>
    </AccountLayout>
  );
}
