// Mounts the install card, a chunk of its own loaded only on a device that can install, once the
// first screen is taken over (so the home page's first load stays small and its start short); the
// card decides the moment.
import { Suspense, lazy, useSyncExternalStore } from 'react';
import { INSTALL_CHANGED, installable } from './install';
import { useAfterStart } from '../lib/after-start';

const InstallCard = lazy(() => import('./InstallCard'));
const subscribe = (l: () => void) => {
  addEventListener(INSTALL_CHANGED, l);
  return () => removeEventListener(INSTALL_CHANGED, l);
};

export function InstallSlot() {
  const started = useAfterStart();
  // (nothing on the server, nor in the page it drew as it hydrates: the card comes a moment later)
  const offered = useSyncExternalStore(subscribe, installable, () => false);
  return started && offered ? (
    <Suspense fallback={null}>
      <InstallCard />
    </Suspense>
  ) : null;
}
