// "I am here" (a position, or none: the network decides), used by the runtime's watcher and the
// screen's "Check again": the answer replaces the passes, so the banner sees an arrival.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PassesReply } from '../../../shared/schemas/zones';
import { apiPost } from '../../lib/api';
import type { Fix } from './report';
import { zoneKeys } from './queries';

export const positionOf = (fix: Fix | null | undefined) =>
  fix ? { position: { lat: fix.lat, lng: fix.lng, accuracy: fix.accuracy } } : {};
export const reportHere = (fix: Fix | null) => apiPost('/api/zones/here', PassesReply, positionOf(fix));

export function useCheckIn() {
  const client = useQueryClient();
  return useMutation({ mutationFn: reportHere, onSuccess: (reply) => client.setQueryData(zoneKeys.passes(), reply) });
}
