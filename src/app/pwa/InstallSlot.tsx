// Mounts the install card, a chunk of its own loaded only on a device that can install (so the
// home page's first load stays small); the card decides the moment.
import { Suspense, lazy, useSyncExternalStore } from 'react';
import { INSTALL_CHANGED, installable } from './install';

const InstallCard = lazy(() => import('./InstallCard'));
const subscribe = (l: () => void) => {
  addEventListener(INSTALL_CHANGED, l);
  return () => removeEventListener(INSTALL_CHANGED, l);
};

export function InstallSlot() {
  // (nothing on the server, nor in the page it drew as it hydrates: the card comes a moment later)
  return useSyncExternalStore(subscribe, installable, () => false) ? (
    <Suspense fallback={null}>
      <InstallCard />
    </Suspense>
  ) : null;
}
