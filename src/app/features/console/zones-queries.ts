// The console's zones (/api/console/institutions/:id/zones): the list with the readers in each
// now, a zone's code for the desk, and one mutation per action, each refreshing the list.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RADIUS_MATCH_BY } from '../../../shared/schemas/network-arrivals';
import type { ConsoleZoneBody } from '../../../shared/schemas/console-inbox';
import * as endpoints from '../../../shared/endpoints/console';
import { callApi } from '../../lib/api';
import { consoleKeys } from './queries';

export const zoneKeys = {
  zones: (institutionId: number) => [...consoleKeys.all, institutionId, 'zones'] as const,
  code: (institutionId: number, zoneId: number) => [...zoneKeys.zones(institutionId), zoneId, 'code'] as const,
  poster: (institutionId: number, zoneId: number, print: boolean) => [...zoneKeys.zones(institutionId), zoneId, 'poster', print] as const,
  network: (institutionId: number, zoneId: number) => [...zoneKeys.zones(institutionId), zoneId, 'network'] as const,
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

// --- A zone's arrivals told by the venue's network: its RADIUS clients and webhook secret. ---

export const zoneNetworkQuery = (institutionId: number, zoneId: number) =>
  queryOptions({
    queryKey: zoneKeys.network(institutionId, zoneId),
    queryFn: ({ signal }) => callApi(endpoints.consoleZonesNetwork, { params: { institutionId, zoneId } }, signal),
    retry: false,
  });

type ZoneParams = { institutionId: number; zoneId: number };

function useNetworkChange<V, R>(institutionId: number, zoneId: number, send: (params: ZoneParams, v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => send({ institutionId, zoneId }, v),
    onSuccess: () => void client.invalidateQueries({ queryKey: zoneKeys.network(institutionId, zoneId) }),
  });
}

/** Adds a RADIUS client; with no secret of the venue's own the server makes one, in the reply. */
export const useAddRadiusClient = (institutionId: number, zoneId: number) =>
  useNetworkChange(
    institutionId,
    zoneId,
    (params, body: { matchBy: (typeof RADIUS_MATCH_BY)[number]; matchValue: string; secret?: string }) =>
      callApi(endpoints.consoleZonesRadius, { params, body }),
  );

export const useRemoveRadiusClient = (institutionId: number, zoneId: number) =>
  useNetworkChange(institutionId, zoneId, (params, clientId: number) =>
    callApi(endpoints.consoleZonesRadiusRemove, { params: { ...params, clientId } }),
  );

/** A new webhook secret for the venue's controller (the old one stops working). */
export const useMakeWebhookSecret = (institutionId: number, zoneId: number) =>
  useNetworkChange(institutionId, zoneId, (params) => callApi(endpoints.consoleZonesWebhookSecret, { params }));

/** Why the device's position could not be had: the text key that says so. */
export type PositionProblem = 'positionUnsupported' | 'positionRefused' | 'positionFailed';

/** The device's position for a zone's circle ("use my position"); fails with a PositionProblem. */
export function useDevicePosition() {
  return useMutation<GeolocationCoordinates, PositionProblem>({
    networkMode: 'always',
    mutationFn: () =>
      new Promise((resolve, reject) => {
        if (!('geolocation' in navigator)) return reject('positionUnsupported');
        navigator.geolocation.getCurrentPosition(
          (p) => resolve(p.coords),
          (err) => reject(err.code === err.PERMISSION_DENIED ? 'positionRefused' : 'positionFailed'),
          { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
        );
      }),
  });
}
