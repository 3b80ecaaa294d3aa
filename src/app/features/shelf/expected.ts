// Home keeps the place of its Continue reading shelf while the shelf's chunk and answer arrive
// (they come after home's first paint), so the shelves below are not pushed down when it does:
// the height it had last time on this device, or, the first time after a page was read, the
// height such a shelf has (styles: .home__continue--expected). Tiny: home's first load carries it.
import * as is from '../../../shared/stored-shape';
import { session, storedUser } from '../../lib/session';
import { LOCAL, readJson } from '../../../shared/storage-names';

const KEY = LOCAL.continueShelf;
const Kept = is.object({ who: is.string, height: is.nullable(is.number) });

const reader = () => (session.isLoggedIn() ? (storedUser()?.uuid ?? null) : null);

const kept = () => readJson(localStorage, KEY, Kept) ?? null;

function keep(value: is.Infer<typeof Kept> | null) {
  try {
    if (value) localStorage.setItem(KEY, JSON.stringify(value));
    else localStorage.removeItem(KEY);
  } catch {
    // storage full or off: home is pushed down once, as before
  }
}

/** The place to keep on home: its height in px, 'estimate' when none was measured yet, or null. */
export function continueReserve(): number | 'estimate' | null {
  const who = reader();
  const k = kept();
  if (!who || k?.who !== who) return null;
  return k.height ?? 'estimate';
}

/** Remembers whether the reader's last Continue reading answer (or the reader's progress) had anything. */
export function noteContinue(count: number) {
  const who = reader();
  const k = kept();
  keep(who && count > 0 ? { who, height: k?.who === who ? k.height : null } : null);
}

/** The shelf's height as drawn, for the next time. */
export function noteContinueHeight(height: number) {
  const who = reader();
  if (who && height > 0) keep({ who, height });
}
