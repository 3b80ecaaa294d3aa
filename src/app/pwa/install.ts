// Installing Lectern. The browser's install offer (`beforeinstallprompt`) fires once, early,
// often before the screen that wants it mounts, so the app entry imports this module to catch
// it and keep it for the install card and /appdownload. Kept tiny: it loads with the home page.
import { useSyncExternalStore } from 'react';

export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}
/** What the device offers: the browser's prompt, the iOS steps, or nothing (installed, or no way). */
export type InstallWay = 'prompt' | 'ios' | null;

/** Not now is remembered on the device for 30 days (the time it was said). */
const DISMISSED_KEY = 'lectern.installDismissed';
const ASK_AGAIN_MS = 30 * 86_400_000;

const standalone = () => matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
// iPadOS Safari says it is a Mac; its touch points give it away.
const ios = /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1);

let offer: InstallPromptEvent | null = null;
let way: InstallWay = standalone() ? null : ios ? 'ios' : null;
/** A moment worth asking at besides home (a first download finished). */
let moment = false;
const listeners = new Set<() => void>();
const set = (next: InstallWay) => {
  way = next;
  listeners.forEach((l) => l());
};

addEventListener('beforeinstallprompt', (e) => {
  e.preventDefault(); // keep the browser's own mini-infobar away; we ask at a better moment
  offer = e as InstallPromptEvent;
  if (!standalone()) set('prompt');
});
addEventListener('appinstalled', () => {
  offer = null;
  set(null);
  // An installed app's downloads should survive low space: ask now that it is worth it.
  void navigator.storage?.persist?.();
});

export const useInstallWay = () =>
  useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => way,
  );
export const installMoment = () => moment;

/** Called when a download finishes: a good time to suggest installing. */
export function offerInstallNow() {
  moment = true;
  set(way);
}

/** Shows the browser's install dialog; true when the reader accepted. */
export async function promptInstall(): Promise<boolean> {
  const e = offer;
  if (!e) return false;
  offer = null; // an event prompts once
  await e.prompt();
  const accepted = (await e.userChoice).outcome === 'accepted';
  set(null);
  return accepted;
}

export function dismissedRecently(): boolean {
  const at = Number(localStorage.getItem(DISMISSED_KEY));
  return at > 0 && Date.now() - at < ASK_AGAIN_MS;
}
export function dismissInstall() {
  localStorage.setItem(DISMISSED_KEY, String(Date.now()));
  set(way);
}
