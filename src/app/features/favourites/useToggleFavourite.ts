// Spec §4 favourite toggle: a favourite is removed (result 0), anything else added (result 1);
// the list updates at once and is refreshed from the server after each change; toasts say
// which happened, and a failure puts the list back.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiPost } from '../../lib/api';
import { storedUser } from '../../lib/session';
import { showToast } from '../../components/Toast';
import { useErrorText } from '../../lib/errors';
import { FavChangeReply, type FavListReply } from '../../../shared/schemas/favourites';
import type { MagazineCard } from '../../../shared/schemas/content';
import { favouriteKeys } from './queries';

export function useToggleFavourite() {
  const client = useQueryClient();
  const { t } = useTranslation();
  const errorText = useErrorText();
  const user = storedUser();
  const key = favouriteKeys.forUser(user?.uuid ?? '');
  return useMutation({
    mutationFn: ({ card, isFavourite }: { card: MagazineCard; isFavourite: boolean }) =>
      apiPost(isFavourite ? '/content/deletemy_fav' : '/content/addmy_fav', FavChangeReply, { uid: user!.uid, mid: card.mid, os: 'web' }),
    onMutate: async ({ card, isFavourite }) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<FavListReply>(key);
      if (before) {
        const magazineList = isFavourite ? before.magazineList.filter((m) => m.mid !== card.mid) : [card, ...before.magazineList];
        client.setQueryData<FavListReply>(key, { ...before, magazineList, msg: [{ mid: { values: magazineList.map((m) => m.mid) } }] });
      }
      return { before };
    },
    onSuccess: (reply) => showToast(t(reply.result === 1 ? 'favourites.added' : 'favourites.removed')),
    onError: (err, _vars, context) => {
      if (context?.before) client.setQueryData(key, context.before);
      showToast(errorText(err));
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
