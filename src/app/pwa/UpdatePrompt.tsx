// Asks before a new version takes over. The toast is a chunk of its own, loaded only when a
// new version waits, which keeps it off the home page's first load.
import { Suspense, lazy, useEffect, useState } from 'react';
import { whenUpdateReady } from './register';

const UpdateToast = lazy(() => import('./UpdateToast'));

export function UpdatePrompt() {
  const [apply, setApply] = useState<(() => void) | null>(null);
  useEffect(() => whenUpdateReady((fn) => setApply(() => fn)), []);
  return apply ? (
    <Suspense fallback={null}>
      <UpdateToast apply={apply} onLater={() => setApply(null)} />
    </Suspense>
  ) : null;
}
