// Spec §2: the scroll position and the page path are saved in cookies when a link is clicked,
// and restored on coming back to the same path. Any other navigation starts at the top.
// Lists that grow as they load get a few tries until they are long enough.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { COOKIE, getCookie, setCookie } from '../lib/session';

const TRIES = 20;
const TRY_EVERY_MS = 100;

export function useScrollMemory() {
  const { pathname, search } = useLocation();
  const path = pathname + search;

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
    const saved = getCookie(COOKIE.scrollPath) === path ? Number(getCookie(COOKIE.scrollPosition) ?? 0) : 0;
    if (!saved) {
      window.scrollTo(0, 0);
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
