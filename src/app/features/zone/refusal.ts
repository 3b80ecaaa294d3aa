// Why the last "I am here" opened no reading (the server's refusal code), shared by the zone
// screen and the banner: whoever reported, both can say what to do. Cleared by a report that went
// through, and when the reader changes.
import { useSyncExternalStore } from 'react';
import { ApiError } from '../../lib/api';
import { session, storedUser } from '../../lib/session';

/** The refusals the zone screen explains (others are shown as any error is). */
export const ZONE_REFUSALS = [
  'zone_sign_in_needed',
  'zone_code_needed',
  'zone_code_wrong',
  'impossible_travel',
  'implausible_accuracy',
  'stale_position',
  'zone_place_limit',
  'too_many_requests',
  'zone_token_invalid',
  'zone_token_other_zone',
  'zone_token_expired',
  'zone_token_full',
  'zone_token_limit',
  'zone_closed',
  'zone_place_needed',
  'zone_network_needed',
] as const;
export type ZoneRefusal = (typeof ZONE_REFUSALS)[number];

let current: ZoneRefusal | null = null;
/** The reader the refusal was for. */
let owner: string | null = null;
const listeners = new Set<() => void>();

/** Who is reading on this device (a uid, '' for one not known yet), or null when nobody is signed in. */
export const readerKey = () => (session.isLoggedIn() && session.userToken() ? (storedUser()?.uid ?? '') : null);

/** Keeps the refusal of a report's error (null for success, or for an error that is no refusal). */
export function noteReport(error: unknown) {
  const code = error instanceof ApiError && (ZONE_REFUSALS as readonly string[]).includes(error.code) ? (error.code as ZoneRefusal) : null;
  owner = readerKey();
  if (code === current) return;
  current = code;
  listeners.forEach((l) => l());
}

/** Another reader (or none): the last one's refusal says nothing about them. The same reader's
 * stays (the runtime may start after a report was answered: a poster's token refused at once). */
export function forgetRefusalUnlessOf(reader: string | null) {
  if (reader === owner || current === null) return;
  owner = reader;
  current = null;
  listeners.forEach((l) => l());
}

export const useZoneRefusal = () =>
  useSyncExternalStore(
    (l) => (listeners.add(l), () => void listeners.delete(l)),
    () => current,
  );

/** A refusal the reader can act on with the code from the desk. */
export const asksForCode = (r: ZoneRefusal | null) => r === 'zone_code_needed' || r === 'zone_code_wrong';
