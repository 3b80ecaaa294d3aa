// A zone poster's QR code opens /reading-zone?z=<zone>&t=<token>. The screen takes the two out of
// the address at once (replaced, so neither the address bar nor the history keeps the token) and
// keeps them for this tab a few minutes: every "I am here" sends them until one opens the pass, or
// the server says the token itself is no good. A visitor who signs in or starts a guest session
// first still has them when the screen comes back.
import { z } from 'zod';
import { SESSION, readJson } from '../../../shared/storage-names';

const KEY = SESSION.zoneScan;
/** How long a scan waits for a sign-in or a guest session. */
const KEEP_MS = 15 * 60_000;

export interface Scan {
  zoneId: number;
  token: string;
}

/** Keeps the scan in `search` (the address's query) for this tab; returns the query without it
 * (for the caller to replace the address with), or null when there was none. */
export function takeScan(search: string): string | null {
  const params = new URLSearchParams(search);
  if (!params.has('t') && !params.has('z')) return null;
  const zoneId = Number(params.get('z'));
  const token = params.get('t');
  if (token && Number.isInteger(zoneId) && zoneId > 0) sessionStorage.setItem(KEY, JSON.stringify({ zoneId, token, at: Date.now() }));
  params.delete('z');
  params.delete('t');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

const SavedScan = z.object({ zoneId: z.number().int().positive(), token: z.string().min(1), at: z.number() });

/** The scan waiting to be sent, if one is. */
export function pendingScan(): Scan | null {
  const saved = readJson(sessionStorage, KEY, SavedScan);
  if (!saved || Date.now() - saved.at > KEEP_MS) return null;
  return { zoneId: saved.zoneId, token: saved.token };
}

export const clearScan = () => sessionStorage.removeItem(KEY);

/** Refusals about the token itself (or its reader's allowance): sending it again cannot help. */
export const SCAN_SPENT = [
  'zone_token_invalid',
  'zone_token_other_zone',
  'zone_token_expired',
  'zone_token_full',
  'zone_token_limit',
  'zone_closed',
  'zone_network_needed',
  'no_zone',
];
