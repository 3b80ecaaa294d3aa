// Catches the browser's install offer (`beforeinstallprompt`): it fires once, early, often
// before the screen that wants it mounts. Only this catching loads with the home page; the
// card, the iOS sheet and /appdownload reach the offer through `window.lecternInstall`
// (state.ts), since a module shared with lazy screens would be a chunk of its own on first load.
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}
declare global {
  interface Window {
    lecternInstall: { offer: InstallPromptEvent | null };
  }
}
/** Fired on window when the offer comes or goes. */
export const INSTALL_CHANGED = 'lectern:install';

const state: Window['lecternInstall'] = { offer: null };
// (not on the server, which draws first screens with the app's components: entry-server.tsx)
if (typeof window !== 'undefined') {
  window.lecternInstall = state;
  addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault(); // no browser mini-infobar: we ask at a better moment
    state.offer = e as InstallPromptEvent;
    dispatchEvent(new Event(INSTALL_CHANGED));
  });
}

/** Worth loading the card for: the browser offers to install, or an iPhone or iPad (iPadOS
 * says Mac, its touch points give it away). */
export const installable = () => !!state.offer || (/iP(hone|ad|od)|Mac/.test(navigator.userAgent) && navigator.maxTouchPoints > 0);
