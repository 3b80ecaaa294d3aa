// The start's end. Work that no first screen shows (the zone banner's runtime, the install card, the session's refresh, link prefetch, the outbox and the service worker) waits
// until React has taken the first screen over (its first commit, main.tsx) and then for an idle
// moment or the reader's first touch or key, whichever comes first. Started during the take-over,
// such work cut into it: on a phone 4x slower than a laptop, a state change from a timer made
// React finish the whole take-over in one task of a second or more (Lighthouse's total blocking
// time), and a chunk's evaluation held the main thread while the page was being taken over.
import { startTransition, useEffect, useState } from 'react';

/** The performance mark of the take-over (bench/bundle-size.ts reads it). */
export const TAKEN_OVER = 'lectern:taken-over';
/** The prefix of the marks of the start's steps (main.tsx; bench/start-tasks.ts reads them). */
export const START_STEP = 'lectern:start:';
/** The longest wait for an idle moment once the page is taken over: a page whose main thread is
 * never idle still gets its deferred work. */
const IDLE_WAIT_MS = 1000;

let tookOver: () => void = () => undefined;
const takenOver = new Promise<void>((resolve) => (tookOver = resolve));

/** Said by the entry once React committed the first screen (more calls change nothing). */
export function firstScreenTakenOver(): void {
  if (performance.getEntriesByName(TAKEN_OVER).length === 0) performance.mark(TAKEN_OVER);
  tookOver();
}

const INPUTS = ['pointerdown', 'keydown'] as const;

/** Resolves once the first screen is taken over and then the main thread was idle, or the reader
 * touched the page; each call waits for an idle moment of its own, so deferred work is not all
 * run in one task. */
export const afterStart = (): Promise<void> =>
  takenOver.then(
    () =>
      new Promise<void>((resolve) => {
        const done = () => {
          for (const type of INPUTS) removeEventListener(type, done, true);
          resolve();
        };
        for (const type of INPUTS) addEventListener(type, done, { capture: true, passive: true });
        if (typeof requestIdleCallback === 'function') requestIdleCallback(done, { timeout: IDLE_WAIT_MS });
        else setTimeout(done, 50);
      }),
  );

/** False until afterStart, then true (set in a transition: what it shows is drawn in slices). */
export function useAfterStart(): boolean {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    let mounted = true;
    void afterStart().then(() => mounted && startTransition(() => setStarted(true)));
    return () => {
      mounted = false;
    };
  }, []);
  return started;
}
