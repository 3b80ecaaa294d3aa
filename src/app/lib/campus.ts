// IP authentication as the app sees it: whether this device is on an institution's campus network
// (an approved range), asked once per page load and again when the network comes back. The
// server decides every read by the request's own address; this only lets the app say "Access
// provided by …" and open an issue for a signed-out visitor through a guest session.
import { useEffect, useSyncExternalStore } from 'react';
import type { IpAccessReply } from '../../shared/schemas/ip-access';
import type { accessIp } from '../../shared/endpoints/network';
import { currentCredentials, replyOf } from './api';
import { send } from './http';

export type Campus = NonNullable<IpAccessReply['institution']>;

let known: Campus | null = null;
let asked: Promise<Campus | null> | null = null;
const listeners = new Set<() => void>();

/** The campus this device reads from now, asked at most once until the network changes. */
export function campusNow(): Promise<Campus | null> {
  asked ??= replyOf<IpAccessReply>(send('GET', '/api/access/ip' satisfies (typeof accessIp)['path'], currentCredentials())).then(
    (reply) => {
      known = reply.institution;
      listeners.forEach((l) => l());
      return known;
    },
    () => {
      asked = null;
      return null;
    },
  );
  return asked;
}

if (typeof window !== 'undefined')
  window.addEventListener('online', () => {
    asked = null;
    void campusNow();
  });

/** The campus as last answered (null until then, and off campus). */
export function useCampus(): Campus | null {
  const campus = useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => known,
    // (the server, and the page it drew as it hydrates: off campus, until asked)
    () => null,
  );
  useEffect(() => void campusNow(), []);
  return campus;
}
