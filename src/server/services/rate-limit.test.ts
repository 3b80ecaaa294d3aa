import { describe, expect, it } from 'vitest';
import { clientIp, clientNetwork } from './rate-limit';

describe('clientIp', () => {
  it('counts a request whose client hung up (no address left on the socket) under one key', () => {
    expect(clientIp({ ip: '203.0.113.7' })).toBe('203.0.113.7');
    expect(clientIp({ ip: undefined })).toBe('gone');
  });

  it('counts an IPv6 client by its /64 network, and an IPv4-mapped address as IPv4', () => {
    expect(clientIp({ ip: '2001:db8:1:2:aaaa::1' })).toBe('2001:db8:1:2::/64');
    expect(clientIp({ ip: '2001:db8:1:2:ffff:ffff:ffff:ffff' })).toBe('2001:db8:1:2::/64');
    expect(clientIp({ ip: '2001:DB8:0001:0002::' })).toBe('2001:db8:1:2::/64');
    expect(clientIp({ ip: '2001:db8::5' })).toBe('2001:db8:0:0::/64');
    expect(clientIp({ ip: '::1' })).toBe('0:0:0:0::/64');
    expect(clientIp({ ip: 'fe80::1%eth0' })).toBe('fe80:0:0:0::/64');
    expect(clientIp({ ip: '::ffff:192.0.2.1' })).toBe('192.0.2.1');
  });
});

describe('clientNetwork', () => {
  it('groups IPv4 clients by /24 and IPv6 clients by /48', () => {
    expect(clientNetwork({ ip: '203.0.113.7' })).toBe('203.0.113.0/24');
    expect(clientNetwork({ ip: '::ffff:192.0.2.1' })).toBe('192.0.2.0/24');
    expect(clientNetwork({ ip: '2001:db8:1:2:aaaa::1' })).toBe('2001:db8:1::/48');
    expect(clientNetwork({ ip: '2001:db8::5' })).toBe('2001:db8:0::/48');
    expect(clientNetwork({ ip: undefined })).toBe('gone');
  });
});
