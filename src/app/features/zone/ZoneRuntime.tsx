// What runs beside every screen once a reader is signed in or shares a location (loaded by the
// layout after the first paint): the one position watcher, the reports to the server, the banner.
// The watcher stays while the app is open and visible, not only on the zone screen, because the
// point is to notice a reader walking into a zone with the app open on any page.
import { useEffect, useRef } from 'react';
import { ZONE_REPORT_EVERY_MS } from '../../../shared/zones';
import { session, useSessionVersion } from '../../lib/session';
import { freshFix, useLocationState, useLocationWatcher } from './location';
import { FIX_FRESH_MS, shouldReport } from './report';
import { useCheckIn } from './here';
import { forgetRefusalUnlessOf, readerKey } from './refusal';
import { ZoneBanner } from './ZoneBanner';
import { forgetPushOnThisDevice } from './push';

function useZoneReports() {
  useSessionVersion();
  const user = readerKey();
  const { fix } = useLocationState();
  const { mutate: checkIn } = useCheckIn();
  const last = useRef<{ lat: number; lng: number; at: number; user: string } | null>(null);
  // Another reader (or none): the last one's refusal says nothing about them.
  useEffect(() => forgetRefusalUnlessOf(user), [user]);
  useEffect(() => {
    if (user === null || !fix) return;
    const report = () => {
      const now = Date.now();
      const before = last.current?.user === user ? last.current : null;
      if (document.visibilityState !== 'visible' || !shouldReport(before, fix, now)) return;
      // The server takes only fresh positions: an old fix is asked for again, and the new one
      // (a change of `fix`) reports.
      if (now - fix.at >= FIX_FRESH_MS) return void freshFix();
      last.current = { lat: fix.lat, lng: fix.lng, at: now, user };
      checkIn({ fix });
    };
    report();
    // Standing still in a zone: the pass is renewed every few minutes.
    const timer = setInterval(report, ZONE_REPORT_EVERY_MS);
    return () => clearInterval(timer);
  }, [fix, user, checkIn]);
}

export default function ZoneRuntime() {
  useLocationWatcher();
  useZoneReports();
  // The runtime goes when the reader signs out (the layout drops it): so do the notifications.
  useEffect(
    () => () => {
      if (!session.isLoggedIn()) void forgetPushOnThisDevice();
    },
    [],
  );
  return <ZoneBanner />;
}
