// Where the install card may appear: on home, or after a first download (installMoment). The
// card itself is a chunk of its own, loaded only when the device can install and has not said
// Not now in the last 30 days, so the home page's first load stays small.
import { Suspense, lazy } from 'react';
import { useLocation } from 'react-router';
import { stripLocale } from '../lib/locale';
import { dismissedRecently, installMoment, useInstallWay } from './install';

const InstallCard = lazy(() => import('./InstallCard'));

export function InstallSlot() {
  const way = useInstallWay();
  const { pathname } = useLocation();
  if (!way || (stripLocale(pathname) !== '/' && !installMoment()) || dismissedRecently()) return null;
  return (
    <Suspense fallback={null}>
      <InstallCard way={way} />
    </Suspense>
  );
}
