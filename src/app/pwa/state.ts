// The install state for the card, the iOS sheet and /appdownload (loaded with them, not with
// the home page): what the device offers, asking, and Not now remembered for 30 days.
import { useSyncExternalStore } from 'react';
import { LOCAL, SESSION } from '../../shared/storage-names';

/** The browser's prompt, the iOS steps, or nothing (installed, or no way to install). */
export type InstallWay = 'prompt' | 'ios' | null;

// Fired on window when the install state changes (the same name as in install.ts, which
// this does not import: see there).
const INSTALL_CHANGED = 'lectern:install';
const DISMISSED_KEY = LOCAL.installDismissed;
const ASK_AGAIN_MS = 30 * 86_400_000;

const standalone = () => matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
// iPadOS Safari says it is a Mac; its touch points give it away.
const ios = () => /iP(hone|ad|od)|Mac/.test(navigator.userAgent) && navigator.maxTouchPoints > 0;

// Installing happens only where this module is loaded (InstallSlot loads it wherever possible).
let installed = false;
addEventListener('appinstalled', () => {
  installed = true;
  window.lecternInstall.offer = null;
  dispatchEvent(new Event(INSTALL_CHANGED));
  // An installed app's downloads should survive low space: ask now that it is worth it.
  void navigator.storage?.persist?.();
});
// A finished download (downloads/store.ts) is a moment to suggest installing. This
// module loads at start wherever installing is possible (InstallSlot), so it hears it.
let moment = false;
addEventListener('lectern:downloaded', () => {
  moment = true;
  dispatchEvent(new Event(INSTALL_CHANGED));
});

// A first visit is for reading, not for being asked to install: home asks from the reader's
// second session on (an earlier one on this device: another tab, another day), or after a download.
const VISITED_KEY = LOCAL.visited;
const SESSION_KEY = SESSION.returning;
function earlierVisit(): boolean {
  try {
    const known = sessionStorage.getItem(SESSION_KEY);
    if (known !== null) return known === '1'; // a reload keeps what its session was
    const returning = localStorage.getItem(VISITED_KEY) !== null;
    if (!returning) localStorage.setItem(VISITED_KEY, String(Date.now()));
    sessionStorage.setItem(SESSION_KEY, returning ? '1' : '0');
    return returning;
  } catch {
    return false; // storage off: never ask on home
  }
}
/** This session came after an earlier one on this device: home may ask. */
export const returning = earlierVisit();

function installWay(): InstallWay {
  if (installed || standalone()) return null;
  return window.lecternInstall.offer ? 'prompt' : ios() ? 'ios' : null;
}
const subscribe = (l: () => void) => {
  addEventListener(INSTALL_CHANGED, l);
  return () => removeEventListener(INSTALL_CHANGED, l);
};
export const useInstallWay = () => useSyncExternalStore(subscribe, installWay);
/** A download finished in this visit: a moment to suggest installing away from home. */
export const useInstallMoment = () => useSyncExternalStore(subscribe, () => moment);

/** Shows the browser's install dialog; true when the reader accepted. */
export async function promptInstall(): Promise<boolean> {
  const s = window.lecternInstall;
  const e = s.offer;
  if (!e) return false;
  s.offer = null; // an offer prompts once; the card goes as the browser's dialog opens
  dispatchEvent(new Event(INSTALL_CHANGED));
  await e.prompt();
  return (await e.userChoice).outcome === 'accepted';
}

function dismissedRecently(): boolean {
  const at = Number(localStorage.getItem(DISMISSED_KEY));
  return at > 0 && Date.now() - at < ASK_AGAIN_MS;
}
/** Not now was said on this device in the last 30 days. */
export const useDismissed = () => useSyncExternalStore(subscribe, dismissedRecently);
export function dismissInstall() {
  localStorage.setItem(DISMISSED_KEY, String(Date.now()));
  dispatchEvent(new Event(INSTALL_CHANGED));
}
