// What the screen is: facing pages or one, a phone held sideways, a phone; and full screen.
import { useEffect, useState } from 'react';

// Facing pages need height as well as width: a phone held sideways is wide but short.
const FACING_QUERY = '(orientation: landscape) and (min-width: 900px) and (min-height: 501px)';
/** A phone held sideways: one page across the width, scrolled (fitted to the height it was about 180 px wide). */
const SIDEWAYS_QUERY = '(orientation: landscape) and (max-height: 500px)';
/** Screens where the bars give way to the page after a turn. */
const PHONE_QUERY = '(max-width: 560px), (max-height: 500px)';

function useMedia(query: string): boolean {
  const [matches, setMatches] = useState(() => matchMedia(query).matches);
  useEffect(() => {
    const m = matchMedia(query);
    const on = () => setMatches(m.matches);
    m.addEventListener('change', on);
    return () => m.removeEventListener('change', on);
  }, [query]);
  return matches;
}

export function useScreen() {
  const facing = useMedia(FACING_QUERY);
  const sideways = useMedia(SIDEWAYS_QUERY) && !facing;
  const phone = useMedia(PHONE_QUERY);
  return { facing, sideways, phone };
}

export function useFullScreen() {
  const [active, setActive] = useState(Boolean(document.fullscreenElement));
  useEffect(() => {
    const on = () => setActive(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', on);
    return () => document.removeEventListener('fullscreenchange', on);
  }, []);
  return {
    active,
    supported: Boolean(document.fullscreenEnabled),
    toggle: () =>
      void (document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => undefined),
  };
}
