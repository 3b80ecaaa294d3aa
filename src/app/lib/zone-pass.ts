// The reader's running Smart Reading Zone pass, as the last passes answer said it: a running pass
// is access (lib/access.ts), so the app stops saying "no access" while one runs. What a pass
// opens is the server's decision; this only says a pass runs, where, until when, and whether it
// opens more than the reader's own access. Kept for the tab's session, so a reload knows it before
// the next answer, and per reader.
import { useSyncExternalStore } from 'react';
import * as is from '../../shared/stored-shape';
import { storedUser } from './session';
import { SESSION, readJson } from '../../shared/storage-names';

const RunningPass = is.object({ zoneName: is.string, endsAt: is.string, opensMore: is.boolean });
export type RunningPass = is.Infer<typeof RunningPass>;
const Kept = is.object({ user: is.string, passes: is.array(RunningPass) });

const KEY = SESSION.zonePasses;
let checked = false;
let version = 0;
const listeners = new Set<() => void>();

const reader = () => storedUser()?.uid ?? '';

function read(): RunningPass[] {
  // (none on the server, which draws a visitor's first screen: entry-server.tsx)
  const kept = typeof sessionStorage === 'undefined' ? undefined : readJson(sessionStorage, KEY, Kept);
  return kept?.user === reader() ? kept.passes : [];
}

/** Keeps the passes of a passes answer (the banner's query, a report from the watcher or a button). */
export function notePasses(passes: RunningPass[]) {
  const kept = passes.map((p) => ({ zoneName: p.zoneName, endsAt: p.endsAt, opensMore: p.opensMore }));
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ user: reader(), passes: kept }));
  } catch {
    // storage full or off: the next answer says it again
  }
  passesAsked();
}

/** The passes were asked for in this page load (answered or not): the access rules stop waiting. */
export function passesAsked() {
  checked = true;
  version++;
  listeners.forEach((l) => l());
}
export const passesChecked = () => checked;

/** The pass that runs longest now, or null. */
export function runningPass(now = Date.now()): RunningPass | null {
  const live = read().filter((p) => Date.parse(p.endsAt) > now);
  return live.sort((a, b) => Date.parse(b.endsAt) - Date.parse(a.endsAt))[0] ?? null;
}

/** Re-renders the caller when a passes answer arrives. */
export function usePassesVersion(): number {
  return useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => version,
    () => version,
  );
}
