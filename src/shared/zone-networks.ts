// Which networks a librarian may give a zone, shared by the console form and the server. A zone's
// network opens reading to every address in it, so a librarian's is kept to a campus's size and to
// addresses a public server really sees. The operator command may go further (a LAN install, the
// demo's loopback); either way a wide network is flagged in the audit log.

/** The widest prefix a librarian may use: a /16 of IPv4 (65,536 addresses, a large campus) and a
 * /48 of IPv6 (one site's allocation). */
export const LIBRARIAN_PREFIX_MIN = { 4: 16, 6: 48 } as const;

export type NetworkRefusal = 'everything' | 'too_wide' | 'reserved' | 'private';

export interface Net {
  v: 4 | 6;
  base: bigint;
  prefix: number;
}

const BITS = { 4: 32, 6: 128 } as const;

function parseV4(s: string): bigint | null {
  const parts = s.split('.');
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return null;
  return parts.reduce((acc, p) => (acc << 8n) | BigInt(Number(p)), 0n);
}

function parseV6(s: string): bigint | null {
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const groups = (h: string): string[] | null => {
    if (h === '') return [];
    const out: string[] = [];
    const items = h.split(':');
    for (let i = 0; i < items.length; i++) {
      const g = items[i];
      // An IPv4 tail (::ffff:1.2.3.4) is two groups.
      if (i === items.length - 1 && g.includes('.')) {
        const v4 = parseV4(g);
        if (v4 === null) return null;
        out.push((v4 >> 16n).toString(16), (v4 & 0xffffn).toString(16));
      } else if (/^[0-9a-f]{1,4}$/i.test(g)) out.push(g);
      else return null;
    }
    return out;
  };
  const left = groups(halves[0]);
  const right = halves.length === 2 ? groups(halves[1]) : [];
  if (!left || !right) return null;
  const missing = 8 - left.length - right.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...left, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...right];
  return all.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g, 16)), 0n);
}

/** "address[/prefix]" as a network with its host bits cleared (as the database stores it); null
 * when it is not one. */
export function parseNetwork(cidr: string): Net | null {
  const [address, prefixText, extra] = cidr.trim().split('/');
  if (extra !== undefined || (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText))) return null;
  const v: 4 | 6 = address.includes(':') ? 6 : 4;
  const value = v === 4 ? parseV4(address) : parseV6(address);
  const prefix = prefixText === undefined ? BITS[v] : Number(prefixText);
  if (value === null || prefix > BITS[v]) return null;
  const hostBits = BigInt(BITS[v] - prefix);
  return { v, base: (value >> hostBits) << hostBits, prefix };
}

/** Whether network a holds all of network b (an address is a network of one). */
export const networkContains = (a: Net, b: Net) =>
  a.v === b.v && a.prefix <= b.prefix && b.base >> BigInt(BITS[a.v] - a.prefix) === a.base >> BigInt(BITS[a.v] - a.prefix);
const overlaps = (a: Net, b: Net) => networkContains(a, b) || networkContains(b, a);
const nets = (list: string[]) => list.map((c) => parseNetwork(c)!);

/** Addresses only the server's own side has: behind a reverse proxy (TRUST_PROXY unset) every
 * visitor comes from one of them, so such a zone would take in everyone; seen from the internet, no
 * visitor has one (a campus's Wi-Fi reaches Lectern through its public address). */
const PRIVATE = nets(['10.0.0.0/8', '100.64.0.0/10', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7']);
/** Never a reader's address on the internet: this network, loopback, link-local, IETF protocol
 * assignments, documentation, benchmarking, the old 6to4 relay, multicast, the reserved rest. */
const RESERVED = nets([
  '0.0.0.0/8',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
  '2001::/23',
  '2001:db8::/32',
  '2002::/16',
  '3fff::/20',
]);
/** IPv6 readers come from global unicast space; the rest (::, ::1, ::ffff:…, fe80::, ff00::, …) is
 * reserved, apart from the private fc00::/7 named above. */
const GLOBAL_V6 = parseNetwork('2000::/3')!;

/** Why a librarian may not give a zone this network, or null when they may (and for text that is
 * no network: the schema says so). */
export function librarianNetworkRefusal(cidr: string): NetworkRefusal | null {
  const n = parseNetwork(cidr);
  if (!n) return null;
  if (n.prefix === 0) return 'everything';
  if (n.prefix < LIBRARIAN_PREFIX_MIN[n.v]) return 'too_wide';
  if (PRIVATE.some((p) => overlaps(p, n))) return 'private';
  if (RESERVED.some((r) => overlaps(r, n)) || (n.v === 6 && !networkContains(GLOBAL_V6, n))) return 'reserved';
  return null;
}

/** A network the audit log flags as wide: one a librarian may not use (wider than a /16 or /48, or
 * private or reserved), so only the operator command makes it. */
export const isWideNetwork = (cidr: string): boolean => librarianNetworkRefusal(cidr) !== null;

/** The same network however it is written (host bits, zeros, case). */
export function sameNetwork(a: string, b: string): boolean {
  const [x, y] = [parseNetwork(a), parseNetwork(b)];
  return !!x && !!y && x.v === y.v && x.prefix === y.prefix && x.base === y.base;
}

/** The networks of `networks` a librarian may not use, with why; those already on the zone
 * (`kept`, set by the operator) may stay. */
export function librarianNetworkProblems(networks: string[], kept: string[] = []): { network: string; refusal: NetworkRefusal }[] {
  return networks.flatMap((network) => {
    const refusal = librarianNetworkRefusal(network);
    return refusal && !kept.some((k) => sameNetwork(k, network)) ? [{ network, refusal }] : [];
  });
}

/** What the server answers for each refusal (the console shows its own words, by the code). */
export const NETWORK_REFUSALS: Record<NetworkRefusal, { code: string; message: (network: string) => string }> = {
  everything: {
    code: 'zone_network_everything',
    message: (n) => `${n} is the whole internet: a zone's networks must be your own Wi-Fi's.`,
  },
  too_wide: {
    code: 'zone_network_too_wide',
    message: (n) =>
      `${n} is wider than a zone may be (at most /${LIBRARIAN_PREFIX_MIN[4]} for IPv4, /${LIBRARIAN_PREFIX_MIN[6]} for IPv6). Ask Lectern for a wider one.`,
  },
  private: {
    code: 'zone_network_private',
    message: (n) =>
      `${n} is a private network: Lectern sees your Wi-Fi by its public address. Your network team knows it (or ask Lectern).`,
  },
  reserved: {
    code: 'zone_network_reserved',
    message: (n) => `${n} is a reserved range (loopback, link-local, multicast, documentation or similar) that no reader comes from.`,
  },
};
