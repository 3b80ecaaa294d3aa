// Spec §4 favourite toggle: a favourite is removed (result 0), anything else added (result 1).
// The change is stored on the device and shows at once, with 'Added to My Favorites' / 'Removed
// from My Favorites'; the outbox delivers it (now, or when the network returns: until then the
// title shows as waiting). When the outbox has sent something, the list is read again from the
// server.
import { useEffect } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../components/Toast';
import { useErrorText } from '../../lib/errors';
import type { MagazineCard } from '../../../shared/schemas/content';
import { onDelivered } from '../../outbox/sync';
import { favouriteKeys } from './queries';
import { setFavourite } from './store';

export function useToggleFavourite() {
  const client = useQueryClient();
  const { t } = useTranslation();
  const errorText = useErrorText();
  return useMutation({
    mutationFn: ({ card, isFavourite }: { card: MagazineCard; isFavourite: boolean }) => setFavourite(card, !isFavourite),
    // Stored on the device: the network is not needed for this step.
    networkMode: 'always',
    onSuccess: (_done, { isFavourite }) => {
      const text = t(isFavourite ? 'favourites.removed' : 'favourites.added');
      showToast(navigator.onLine ? text : `${text}. ${t('offline.willSync')}`);
    },
    onError: (err) => showToast(errorText(err)),
    onSettled: () => client.invalidateQueries({ queryKey: favouriteKeys.all, predicate: (q) => q.queryKey[2] === 'local' }),
  });
}

/** Re-reads the favourites whenever the outbox delivered something (any tab or the service worker). */
export function useFavouritesFollowOutbox() {
  const client = useQueryClient();
  useEffect(() => onDelivered(() => void client.invalidateQueries({ queryKey: favouriteKeys.all })), [client]);
}
