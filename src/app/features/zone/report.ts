// When the open app tells the server where it is: on a real move or every few minutes, never a
// stream of positions (spec: location is minimised), and never a fix too rough to place anyone.
import { POSITION_ACCURACY_MAX_M, ZONE_REPORT_EVERY_MS, ZONE_REPORT_MOVE_M, distanceM } from '../../../shared/zones';

/** A fix older than this is asked for again before it is reported: the server takes only fresh ones. */
export const FIX_FRESH_MS = 60_000;

export interface Fix {
  lat: number;
  lng: number;
  accuracy: number;
  /** When the fix was taken (ms, the device's clock: the position's own timestamp). */
  at: number;
}

/** A fix as the server takes it: with its age, measured on this device (so its clock does not matter). */
export const reported = (fix: Fix, now = Date.now()) => ({
  lat: fix.lat,
  lng: fix.lng,
  accuracy: fix.accuracy,
  ageMs: Math.min(86_400_000, Math.max(0, Math.round(now - fix.at))),
});

export const usableFix = (fix: Pick<Fix, 'accuracy'>) => fix.accuracy <= POSITION_ACCURACY_MAX_M;

/** Whether `fix` is worth reporting, given the last position reported and when. */
export function shouldReport(last: { lat: number; lng: number; at: number } | null, fix: Fix, now: number): boolean {
  if (!usableFix(fix)) return false;
  if (!last) return true;
  return distanceM(last, fix) >= ZONE_REPORT_MOVE_M || now - last.at >= ZONE_REPORT_EVERY_MS;
}
