import { describe, expect, it } from 'vitest';
import { isWideNetwork, librarianNetworkProblems, librarianNetworkRefusal, parseNetwork, sameNetwork } from './zone-networks';

describe('librarian networks', () => {
  it('refuses the whole internet, prefixes wider than /16 or /48, private and reserved ranges', () => {
    const cases: [string, ReturnType<typeof librarianNetworkRefusal>][] = [
      ['0.0.0.0/0', 'everything'],
      ['::/0', 'everything'],
      ['45.20.0.0/15', 'too_wide'],
      ['2400:cb00::/47', 'too_wide'],
      ['10.20.0.0/16', 'private'],
      ['172.20.1.0/24', 'private'],
      ['192.168.4.0/24', 'private'],
      ['100.64.3.0/24', 'private'],
      ['fd12:3456:789a::/48', 'private'],
      ['127.0.0.1', 'reserved'],
      ['169.254.1.0/24', 'reserved'],
      ['224.1.0.0/16', 'reserved'],
      ['203.0.113.0/24', 'reserved'],
      ['198.51.100.7', 'reserved'],
      ['192.0.0.0/16', 'reserved'], // holds 192.0.2.0/24
      ['255.255.255.255', 'reserved'],
      ['::1', 'reserved'],
      ['::', 'reserved'],
      ['fe80::/64', 'reserved'],
      ['ff02::1', 'reserved'],
      ['::ffff:45.20.1.1', 'reserved'],
      ['2001:db8:20::/48', 'reserved'],
      ['3fff:1::/48', 'reserved'],
    ];
    for (const [cidr, refusal] of cases) expect([cidr, librarianNetworkRefusal(cidr)]).toEqual([cidr, refusal]);
  });

  it('allows a public campus range up to /16 and /48, and single addresses', () => {
    for (const cidr of [
      '45.20.0.0/16',
      '45.20.7.0/24',
      '100.20.0.0/16',
      '8.8.8.8',
      '2400:cb00:20::/48',
      '2a01:4f8::1',
      '2a01:4f8:0:1::/64',
    ])
      expect([cidr, librarianNetworkRefusal(cidr)]).toEqual([cidr, null]);
  });

  it('keeps networks the operator set on the zone, however they are written', () => {
    expect(librarianNetworkProblems(['10.0.0.0/8', '45.20.0.0/16', '192.168.1.0/24'], ['10.1.2.3/8'])).toEqual([
      { network: '192.168.1.0/24', refusal: 'private' },
    ]);
    expect(sameNetwork('2001:DB8:0:0::/32', '2001:db8::/32')).toBe(true);
    expect(sameNetwork('10.0.0.0/8', '10.0.0.0/9')).toBe(false);
  });

  it('flags as wide what only the operator may set: wider than /16 or /48, private, reserved', () => {
    expect(isWideNetwork('45.20.0.0/15')).toBe(true);
    expect(isWideNetwork('45.20.0.0/16')).toBe(false);
    expect(isWideNetwork('2400:cb00::/47')).toBe(true);
    expect(isWideNetwork('2400:cb00:20::/48')).toBe(false);
    expect(isWideNetwork('127.0.0.0/8')).toBe(true);
    expect(isWideNetwork('::1/128')).toBe(true);
    expect(isWideNetwork('10.1.1.0/24')).toBe(true);
  });

  it('parses what the database would take, and clears host bits', () => {
    expect(parseNetwork('10.1.2.3/8')).toEqual({ v: 4, base: 10n << 24n, prefix: 8 });
    expect(parseNetwork('1:2:3:4:5:6:7:8')?.prefix).toBe(128);
    for (const bad of ['10.0.0.0/33', '300.1.1.1', '1::2::3', '1:2:3:4:5:6:7:8:9', 'fe80::zz', '10.0.0.0/8/1', ':::', '1:2:3:4:5:6:7::8:9'])
      expect([bad, parseNetwork(bad)]).toEqual([bad, null]);
  });
});
