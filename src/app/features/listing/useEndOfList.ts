// Infinite scroll: calls onEnd when the sentinel comes within 100 px of the viewport (spec §9).
import { useEffect, useRef } from 'react';
import { SCROLL_END_THRESHOLD_PX } from '../../../shared/constants';

/** `loaded` (how many pages are shown) re-arms the observer, so a short page that leaves the
 * sentinel in view still asks for the next one. */
export function useEndOfList(onEnd: () => void, enabled: boolean, loaded: number) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onEnd);
  useEffect(() => {
    latest.current = onEnd;
  });
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !enabled) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && latest.current(), {
      rootMargin: `0px 0px ${SCROLL_END_THRESHOLD_PX}px 0px`,
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled, loaded]);
  return sentinel;
}
