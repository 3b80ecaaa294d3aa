// Spec §2: the scroll position and the page path are saved in cookies when a link is clicked,
// and restored on coming back to the same path. Any other navigation starts at the top; the
// screen the page was loaded at stays where the reader has it (drawn by the server, it can be
// scrolled before the app takes it over). Lists that grow as they load get a few tries until
// they are long enough.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { COOKIE, getCookie, setCookie } from '../lib/session';

const TRIES = 20;
const TRY_EVERY_MS = 100;

export function useScrollMemory() {
  const { pathname, search } = useLocation();
  const path = pathname + search;
  // The path the page was loaded at, until the first navigation away from it.
  const loadedAt = useRef<string | null>(path);

  useEffect(() => {
    const remember = (e: MouseEvent) => {
      if ((e.target as Element | null)?.closest('a[href]')) {
        setCookie(COOKIE.scrollPath, window.location.pathname + window.location.search);
        setCookie(COOKIE.scrollPosition, String(Math.round(window.scrollY)));
      }
    };
    document.addEventListener('click', remember, true);
    return () => document.removeEventListener('click', remember, true);
  }, []);

  useEffect(() => {
    const firstScreen = loadedAt.current === path;
    if (!firstScreen) loadedAt.current = null;
    const saved = getCookie(COOKIE.scrollPath) === path ? Number(getCookie(COOKIE.scrollPosition) ?? 0) : 0;
    if (!saved) {
      if (!firstScreen) window.scrollTo(0, 0);
      return;
    }
    let tries = 0;
    const timer = setInterval(() => {
      tries++;
      const reachable = document.documentElement.scrollHeight - window.innerHeight >= saved;
      if (reachable || tries >= TRIES) {
        window.scrollTo(0, saved);
        clearInterval(timer);
      }
    }, TRY_EVERY_MS);
    return () => clearInterval(timer);
  }, [path]);
}
