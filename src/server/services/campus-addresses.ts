// Whether an address is on an institution's campus (an approved IP range), for the request caps:
// everyone behind a campus's address translation, or behind its EZproxy, shares one or a few
// public addresses, so a cap meant for one household would shut a library's readers out after
// its thirtieth guest. The ranges are kept in this process's memory and read again each minute: the
// caps ask on every capped request, where a database round trip each time would cost more than
// the cap saves. A range approved or removed counts within the minute.
import type { Queryable } from '../db/index';
import { approvedNetworks } from '../repositories/ip-access';
import { networkContains, parseNetwork, type Net } from '../../shared/zone-networks';
import { clientInet } from '../repositories/zones';

export const CAMPUS_REFRESH_MS = 60_000;

export interface CampusAddresses {
  holds: (ip: string | undefined) => Promise<boolean>;
  /** Read the ranges again at the next question (after this process changed them). */
  forget: () => void;
}

export function campusAddresses(db: Queryable, refreshMs = CAMPUS_REFRESH_MS): CampusAddresses {
  let nets: Net[] = [];
  let readAt = -Infinity;
  let reading: Promise<void> | null = null;
  const read = async () => {
    try {
      nets = (await approvedNetworks(db)).flatMap((cidr) => parseNetwork(cidr) ?? []);
    } catch {
      // The database is away: keep the ranges known (none at first) and try again next minute;
      // a cap must not fail a request.
    }
    readAt = Date.now();
  };
  const holds = async (ip: string | undefined) => {
    if (Date.now() - readAt > refreshMs) {
      reading ??= read().finally(() => (reading = null));
      await reading;
    }
    const address = clientInet(ip);
    const net = address ? parseNetwork(address) : null;
    return net !== null && nets.some((range) => networkContains(range, net));
  };
  return { holds, forget: () => (readAt = -Infinity) };
}
