// The reader's favourites: `local` reads the device (IndexedDB, works offline); `server` asks
// the server (getMyFav) and merges its answer into the device, then the local list follows.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { session, storedUser } from '../../lib/session';
import { readFavourites, syncFavourites } from './store';

export const favouriteKeys = {
  all: ['favourites'] as const,
  local: (uuid: string) => [...favouriteKeys.all, uuid, 'local'] as const,
  server: (uuid: string) => [...favouriteKeys.all, uuid, 'server'] as const,
};

const reader = () => (session.isLoggedIn() ? (storedUser()?.uuid ?? null) : null);

export function favouritesQuery() {
  const uuid = reader();
  return queryOptions({
    queryKey: favouriteKeys.local(uuid ?? ''),
    enabled: uuid !== null,
    queryFn: () => readFavourites(uuid!),
    // The device answers, network or not.
    networkMode: 'always',
    staleTime: Infinity,
  });
}

export function favouritesSyncQuery(client: QueryClient) {
  const uuid = reader();
  return queryOptions({
    queryKey: favouriteKeys.server(uuid ?? ''),
    enabled: uuid !== null,
    queryFn: async () => {
      await syncFavourites();
      await client.invalidateQueries({ queryKey: favouriteKeys.local(uuid!) });
      return Date.now();
    },
    staleTime: 30_000,
    retry: false,
  });
}
