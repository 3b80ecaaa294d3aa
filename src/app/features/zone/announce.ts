// What the zone banner has to say, decided when a passes answer arrives, whoever asked for it (the
// banner, the zone screen, the access rules, a report): the banner's code loads after the start
// (lib/after-start.ts), often after the zone screen's own answer, and a decision taken only once it
// mounted came late, after the reader had seen the pass on the screen (and, in a tab whose session
// was cleared meanwhile, marked the pass as told for a start that never told it).
import { useSyncExternalStore } from 'react';
import type { PassesReply, ZonePass } from '../../../shared/schemas/zones';
import * as is from '../../../shared/stored-shape';
import { SESSION, readJson } from '../../../shared/storage-names';
import { storedUser } from '../../lib/session';
import type { ZoneRefusal } from './refusal';

export type Message = { kind: 'in'; zone: string; endsAt: string } | { kind: 'ended' } | { kind: 'refused'; refusal: ZoneRefusal };

// The message lives outside React: it follows the passes as they arrive.
let message: Message | null = null;
const listeners = new Set<() => void>();
function show(m: Message | null) {
  message = m;
  listeners.forEach((l) => l());
}

/** The banner's message (null: none), re-rendering the caller when it changes. */
export const useBannerMessage = () =>
  useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => message,
    () => null,
  );
export const dismissBanner = () => show(null);

/** Passes announced in this tab's session (a reload does not repeat them; a new start does). */
const ANNOUNCED = SESSION.zoneAnnounced;
const passKey = (p: ZonePass) => `${p.zoneId}:${p.startedAt}`;
/** Refusals explained in this tab's session (each reason once: the watcher reports every few minutes). */
const EXPLAINED = SESSION.zoneRefusalsShown;
const announced = (key: string = ANNOUNCED): string[] => readJson(sessionStorage, key, is.array(is.string)) ?? [];

export function explain(refusal: ZoneRefusal) {
  const shown = announced(EXPLAINED);
  if (shown.includes(refusal)) return;
  sessionStorage.setItem(EXPLAINED, JSON.stringify([...shown, refusal]));
  show({ kind: 'refused', refusal });
}

let known: { user: string; zones: Set<number> } | null = null;
/** Compares the passes that open more than the reader's own access with the ones seen before for
 * this reader, and says what changed (queries.ts calls it with every passes answer). */
export function followPasses(reply: PassesReply) {
  const user = storedUser()?.uid ?? '';
  const worth = reply.passes.filter((p) => p.opensMore);
  const before = known?.user === user ? known.zones : null;
  known = { user, zones: new Set(worth.map((p) => p.zoneId)) };
  const seen = announced();
  const started = worth.find((p) => !seen.includes(passKey(p)));
  if (started) {
    sessionStorage.setItem(ANNOUNCED, JSON.stringify([...seen, passKey(started)].slice(-20)));
    return show({ kind: 'in', zone: started.zoneName, endsAt: started.endsAt });
  }
  if (before && [...before].some((id) => !known!.zones.has(id)) && !worth.length) show({ kind: 'ended' });
}
