import { describe, expect, it } from 'vitest';
import { parseDnsServers } from './domain-proof';

describe('DNS_SERVERS', () => {
  it("is the system's resolvers when unset or empty", () => {
    expect(parseDnsServers(undefined)).toEqual([]);
    expect(parseDnsServers(' , ')).toEqual([]);
  });

  it('takes a comma list of addresses with optional ports', () => {
    expect(parseDnsServers('1.1.1.1, 127.0.0.1:5353,[2606:4700::1111]:53')).toEqual(['1.1.1.1', '127.0.0.1:5353', '[2606:4700::1111]:53']);
  });

  it('stops the start on a malformed one, naming the variable', () => {
    for (const bad of ['dns.google', '1.1.1.1:port', '300.1.1.1'])
      expect(() => parseDnsServers(bad), bad).toThrow(/^DNS_SERVERS must be a comma list of IP addresses/);
  });
});
