// The loader of a screen still on its way (RouteLoading.tsx), as home's first load carries it: a
// slot that loads the loader's own chunk (fetched ahead by routes/prefetch.ts after the start), and
// the hook that tells a navigation waiting for a screen's code.
import { Suspense, lazy, useEffect, useState } from 'react';
import { useNavigation } from 'react-router';

const RouteLoading = lazy(() => import('./RouteLoading'));

/** A screen whose code arrives sooner than this shows no loader at all. */
const PENDING_AFTER_MS = 150;

export function LoadingSlot({ path }: { path?: string }) {
  return (
    <Suspense fallback={null}>
      <RouteLoading path={path} />
    </Suspense>
  );
}

/** The path of the screen a navigation has waited for a moment (its code is on its way), else
 * undefined: a screen already loaded replaces the last one without a flash of the loader. */
export function usePendingScreen() {
  // (a navigation has a location only while it is under way)
  const target = useNavigation().location?.pathname;
  const [late, setLate] = useState<string>();
  useEffect(() => {
    if (!target) return;
    const id = setTimeout(setLate, PENDING_AFTER_MS, target);
    return () => clearTimeout(id);
  }, [target]);
  return late === target ? target : undefined;
}
