// The console's zones (/api/console/institutions/:id/zones): the list with the readers in each
// now, a zone's code for the desk, and one mutation per action, each refreshing the list.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsoleZoneBody } from '../../../shared/schemas/console-inbox';
import * as endpoints from '../../../shared/endpoints/console';
import { callApi } from '../../lib/api';
import { consoleKeys } from './queries';

export const zoneKeys = {
  zones: (institutionId: number) => [...consoleKeys.all, institutionId, 'zones'] as const,
  code: (institutionId: number, zoneId: number) => [...zoneKeys.zones(institutionId), zoneId, 'code'] as const,
  poster: (institutionId: number, zoneId: number, print: boolean) => [...zoneKeys.zones(institutionId), zoneId, 'poster', print] as const,
};

export const zonesQuery = (institutionId: number) =>
  queryOptions({
    queryKey: zoneKeys.zones(institutionId),
    queryFn: ({ signal }) => callApi(endpoints.consoleZones, { params: { institutionId } }, signal),
    // The readers in each zone change as they come and go.
    refetchInterval: 60_000,
    retry: false,
  });

/** The code to show at a zone's desk: asked again when it changes. */
export const zoneCodeQuery = (institutionId: number, zoneId: number) =>
  queryOptions({
    queryKey: zoneKeys.code(institutionId, zoneId),
    queryFn: ({ signal }) => callApi(endpoints.consoleZonesCode, { params: { institutionId, zoneId } }, signal),
    refetchInterval: (q) => (q.state.data ? Math.max(1000, Date.parse(q.state.data.changesAt) - Date.now() + 500) : false),
    staleTime: 0,
    retry: false,
  });

/** A zone's poster: a desk screen's is asked again when its QR code is due to change (and the
 * desk's code with it); a paper one once. */
export const posterQuery = (institutionId: number, zoneId: number, print: boolean) =>
  queryOptions({
    queryKey: zoneKeys.poster(institutionId, zoneId, print),
    queryFn: ({ signal }) =>
      callApi(endpoints.consoleZonesPoster, { params: { institutionId, zoneId }, query: print ? { print: '1' } : undefined }, signal),
    refetchInterval: (q) =>
      print || !q.state.data
        ? false
        : Math.max(1000, Math.min(Date.parse(q.state.data.refreshAt), Date.parse(q.state.data.code.changesAt)) - Date.now() + 500),
    staleTime: print ? Infinity : 0,
    retry: false,
  });

/** Creates a zone (no id) or replaces one. */
export function useSaveZone(institutionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ConsoleZoneBody }) =>
      id
        ? callApi(endpoints.consoleZoneSave, { params: { institutionId, zoneId: id }, body })
        : callApi(endpoints.consoleZonesAdd, { params: { institutionId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: zoneKeys.zones(institutionId) }),
  });
}

export function useRemoveZone(institutionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(endpoints.consoleZonesRemove, { params: { institutionId, zoneId: id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: zoneKeys.zones(institutionId) }),
  });
}
