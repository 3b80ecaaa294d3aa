// Smart Reading Zone data: the zones (near a position, rounded to about 100 m, when the reader
// shares one), the reader's passes (one key, shared by the banner and the screen), and the key of
// this device's notification state (push.ts).
import { queryOptions } from '@tanstack/react-query';
import type { PassesReply } from '../../../shared/schemas/zones';
import * as endpoints from '../../../shared/endpoints/zones';
import { SIGHTING_DECIMALS, ZONE_REPORT_EVERY_MS } from '../../../shared/zones';
import { callApi } from '../../lib/api';
import { session, storedUser } from '../../lib/session';
import { notePasses, passesAsked } from '../../lib/zone-pass';
import { followPasses } from './announce';

const round = (n: number) => Number(n.toFixed(SIGHTING_DECIMALS));

export const zoneKeys = {
  all: ['zones'] as const,
  list: (near: { lat: number; lng: number } | null) =>
    [...zoneKeys.all, 'list', near ? `${round(near.lat)},${round(near.lng)}` : ''] as const,
  /** Per user: a sign-out or another account never sees the previous reader's passes. */
  passes: () => [...zoneKeys.all, 'passes', storedUser()?.uid ?? ''] as const,
  push: () => [...zoneKeys.all, 'push'] as const,
};

export const zonesQuery = (near: { lat: number; lng: number } | null) =>
  queryOptions({
    queryKey: zoneKeys.list(near),
    queryFn: ({ signal }) => callApi(endpoints.zones, { query: near ? { lat: round(near.lat), lng: round(near.lng) } : undefined }, signal),
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });

/** Every passes answer is kept for the access rules (a running pass is access), and the banner
 * decides at once what it says of it (announce.ts). */
export const kept = (reply: PassesReply): PassesReply => (notePasses(reply.passes), followPasses(reply), reply);

/** The passes: asked at start, when the network returns, and every few minutes while the app is
 * on screen (a request from a zone's Wi-Fi counts as being there). */
export const passesQuery = () =>
  queryOptions({
    queryKey: zoneKeys.passes(),
    queryFn: ({ signal }) =>
      callApi(endpoints.zonesPasses, {}, signal).then(kept, (err: unknown) => {
        passesAsked();
        throw err;
      }),
    enabled: session.isLoggedIn() && !!session.userToken(),
    refetchInterval: ZONE_REPORT_EVERY_MS,
    staleTime: 30_000,
  });
