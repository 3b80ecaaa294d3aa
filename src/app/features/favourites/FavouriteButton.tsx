// The favourite toggle of a title. Signed out, it leads to sign-in and back.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '../../components/useLocalePath';
import { session } from '../../lib/session';
import { stripLocale } from '../../lib/locale';
import type { MagazineCard } from '../../../shared/schemas/content';
import { favouritesQuery, favouritesSyncQuery } from './queries';
import { useFavouritesFollowOutbox, useToggleFavourite } from './useToggleFavourite';
import { appPaths } from '../../../shared/app-paths';

export function FavouriteButton({ card }: { card: MagazineCard }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const to = useLocalePath();
  const { pathname } = useLocation();
  const list = useQuery(favouritesQuery());
  useQuery(favouritesSyncQuery(useQueryClient()));
  useFavouritesFollowOutbox();
  const toggle = useToggleFavourite();
  const isFavourite = list.data?.cards.some((c) => c.mid === card.mid) ?? false;
  const waiting = list.data?.waiting.has(card.mid) ?? false;

  if (!session.isLoggedIn()) {
    return (
      <button
        type="button"
        className="button button--ghost fav-button"
        onClick={() => navigate(to(appPaths.loginReturningTo(stripLocale(pathname))))}
      >
        <Heart filled={false} /> {t('favourites.add')}
      </button>
    );
  }
  return (
    <span className="fav-toggle">
      <button
        type="button"
        className="button button--ghost fav-button"
        aria-pressed={isFavourite}
        aria-describedby={waiting ? `fav-waiting-${card.mid}` : undefined}
        data-testid="favourite-toggle"
        disabled={list.isPending || toggle.isPending}
        onClick={() => toggle.mutate({ card, isFavourite })}
      >
        <Heart filled={isFavourite} /> {t(isFavourite ? 'favourites.inList' : 'favourites.add')}
      </button>
      {waiting && <WaitingMark id={`fav-waiting-${card.mid}`} />}
    </span>
  );
}

/** A change made on this device that the server does not have yet. */
export function WaitingMark({ id }: { id?: string }) {
  const { t } = useTranslation();
  return (
    <span className="waiting-mark" id={id} data-testid="favourite-waiting">
      <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7v5l3 2" />
      </svg>
      {t('offline.waiting')}
    </span>
  );
}

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    >
      <path d="M12 21s-7.5-4.6-9.5-9.2C1.2 8.6 3.3 5 6.8 5c2 0 3.4 1.1 5.2 3 1.8-1.9 3.2-3 5.2-3 3.5 0 5.6 3.6 4.3 6.8C19.5 16.4 12 21 12 21z" />
    </svg>
  );
}
