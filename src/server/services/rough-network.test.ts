import { describe, expect, it } from 'vitest';
import { roughNetwork } from './rough-network';

describe('roughNetwork', () => {
  it('keeps the network and drops the host: an IPv4 /24, an IPv6 /48', () => {
    expect(roughNetwork({ ip: '203.0.113.77' })).toBe('203.0.113.x');
    expect(roughNetwork({ ip: '::ffff:198.51.100.9' })).toBe('198.51.100.x');
    expect(roughNetwork({ ip: '2001:db8:abcd:12:1:2:3:4' })).toBe('2001:db8:abcd::/48');
    expect(roughNetwork({ ip: '2001:db8::1' })).toBe('2001:db8:0::/48');
    expect(roughNetwork({ ip: '::1' })).toBe('0:0:0::/48');
    expect(roughNetwork({ ip: undefined })).toBeNull();
  });
});
