// /dashboard/myFavorites: the reader's favourite titles, newest first.
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MagazineTile } from '../../components/Tiles';
import { useLocalePath } from '../../components/useLocalePath';
import { AccountLayout } from '../account/AccountLayout';
import { favouritesQuery } from './queries';
import '../listing/listing.css';

export default function MyFavoritesPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const list = useQuery(favouritesQuery());
  const cards = list.data?.magazineList ?? [];
  return (
    <AccountLayout title={t('account.links.myFavorites')}>
      {list.isPending && (
        <div className="listing-grid">
          {Array.from({ length: 4 }, (_, i) => (
            <span key={i} className="skeleton skeleton--cover" aria-hidden="true" />
          ))}
        </div>
      )}
      {list.data && cards.length === 0 && (
        <p className="account__note" data-testid="no-favourites">
          {t('favourites.empty')} <Link to={to('/magazines/BS')}>{t('favourites.browse')}</Link>
        </p>
      )}
      <div className="listing-grid" data-testid="favourites-grid">
        {cards.map((m) => (
          <MagazineTile key={m.mid} m={m} />
        ))}
      </div>
    </AccountLayout>
  );
}
