// The position while the app is open, after the reader agreed (session.zoneLocation). One watcher for the
// whole app, run by the zone runtime in the layout: it watches only while the tab is visible and
// stops when consent is withdrawn. The zone screen reads the same state for its distances.
import { useEffect, useSyncExternalStore } from 'react';
import { useSessionVersion, zoneLocation } from '../../lib/session';
import { FIX_FRESH_MS, usableFix, type Fix } from './report';

export type LocationStatus =
  /** no consent on this device */
  | 'off'
  /** consent given, waiting for the browser (its question, or a first fix) */
  | 'starting'
  | 'on'
  /** the browser refuses (the reader said no, or the site settings block it) */
  | 'blocked'
  /** no position could be found (for now) */
  | 'unavailable'
  | 'unsupported';

export interface LocationState {
  status: LocationStatus;
  /** The last fix accurate enough to place the reader. */
  fix: Fix | null;
  /** The accuracy of the last fix when it was too rough to use (metres). */
  rough: number | null;
}

const supported = () => typeof navigator !== 'undefined' && 'geolocation' in navigator;
const initial = (): LocationState => ({
  status: !supported() ? 'unsupported' : zoneLocation.consented() ? 'starting' : 'off',
  fix: null,
  rough: null,
});

let state: LocationState = initial();
let retries = 0;
const listeners = new Set<() => void>();
function update(next: Partial<LocationState>) {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
}
const subscribe = (l: () => void) => (listeners.add(l), () => void listeners.delete(l));

const OFF: LocationState = { status: 'off', fix: null, rough: null };
/** The state, as off whenever consent is not given (withdrawn, or ended with the session). */
export function useLocationState(): LocationState {
  useSessionVersion();
  const current = useSyncExternalStore(subscribe, () => state);
  return zoneLocation.consented() || current.status === 'unsupported' ? current : OFF;
}

/** A position from the browser: the fix, or how rough it was. */
function took({ coords, timestamp }: GeolocationPosition) {
  const fix = { lat: coords.latitude, lng: coords.longitude, accuracy: coords.accuracy, at: timestamp };
  if (usableFix(fix)) update({ status: 'on', fix, rough: null });
  else update({ status: 'on', rough: Math.round(fix.accuracy) });
}

/** The last fix if it is fresh, else a new one from the browser (a watcher may go quiet while the
 * device stands still, and the server takes only fresh positions); the last one if none comes. */
export function freshFix(): Promise<Fix | null> {
  if (!zoneLocation.consented() || !supported()) return Promise.resolve(null);
  if (state.fix && Date.now() - state.fix.at < FIX_FRESH_MS) return Promise.resolve(state.fix);
  return new Promise((resolve) =>
    navigator.geolocation.getCurrentPosition(
      (p) => {
        took(p);
        resolve(state.fix);
      },
      () => resolve(state.fix),
      { enableHighAccuracy: false, maximumAge: FIX_FRESH_MS / 2, timeout: 20_000 },
    ),
  );
}

/** The reader agreed: the browser asks next (the runtime starts watching). */
export function shareLocation() {
  retries++;
  if (!supported()) return update({ status: 'unsupported' });
  update({ status: 'starting' });
  zoneLocation.set(true);
}

/** Turned off: stop watching and forget the choice and the last position. */
export function stopSharingLocation() {
  zoneLocation.set(false);
  update({ status: supported() ? 'off' : 'unsupported', fix: null, rough: null });
}

const useVisible = () =>
  useSyncExternalStore(
    (l) => (document.addEventListener('visibilitychange', l), () => document.removeEventListener('visibilitychange', l)),
    () => document.visibilityState === 'visible',
  );
const useRetries = () => useSyncExternalStore(subscribe, () => retries);

/** Runs the one watcher: while consent is given and the tab is visible. */
export function useLocationWatcher() {
  useSessionVersion();
  const consent = zoneLocation.consented();
  const visible = useVisible();
  const attempt = useRetries();
  useEffect(() => {
    if (!consent || !visible || !supported()) return;
    if (state.status !== 'on') update({ status: 'starting' });
    const id = navigator.geolocation.watchPosition(
      took,
      (err) => {
        if (err.code === err.PERMISSION_DENIED) {
          navigator.geolocation.clearWatch(id);
          update({ status: 'blocked', fix: null });
        } else if (state.status !== 'on' || !state.fix) update({ status: 'unavailable' });
      },
      // Rough is enough for circles of 50 m and more, and spares the battery; a minute-old fix will do.
      { enableHighAccuracy: false, maximumAge: 60_000, timeout: 60_000 },
    );
    return () => navigator.geolocation.clearWatch(id);
  }, [consent, visible, attempt]);

  // Allowed again in the site settings: start over without a click.
  useEffect(() => {
    if (!consent || !navigator.permissions) return;
    let status: PermissionStatus | null = null;
    const onChange = () => {
      if (status?.state === 'granted' && state.status === 'blocked') shareLocation();
    };
    navigator.permissions
      .query({ name: 'geolocation' })
      .then((s) => {
        status = s;
        s.addEventListener('change', onChange);
      })
      .catch(() => undefined);
    return () => status?.removeEventListener('change', onChange);
  }, [consent]);
}
