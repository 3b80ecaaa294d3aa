// The reader's favourites (getMyFav), one list per user, also kept in local storage under the
// spec §3 key so other screens can tell a favourite at a glance.
import { queryOptions } from '@tanstack/react-query';
import { apiPost } from '../../lib/api';
import { STORAGE, session, storedUser } from '../../lib/session';
import { FavListReply } from '../../../shared/schemas/favourites';

export const favouriteKeys = {
  all: ['favourites'] as const,
  forUser: (uuid: string) => [...favouriteKeys.all, uuid] as const,
};

export function favouritesQuery() {
  const user = storedUser();
  return queryOptions({
    queryKey: favouriteKeys.forUser(user?.uuid ?? ''),
    enabled: session.isLoggedIn() && !!user,
    queryFn: async () => {
      const reply = await apiPost('/content/getMyFav', FavListReply, { uid: user!.uid, os: 'web' });
      localStorage.setItem(STORAGE.favourites, JSON.stringify(reply.msg[0]?.mid.values ?? []));
      return reply;
    },
    staleTime: 30_000,
  });
}
