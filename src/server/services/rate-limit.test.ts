import { describe, expect, it } from 'vitest';
import { clientIp } from './rate-limit';

describe('clientIp', () => {
  it('counts a request whose client hung up (no address left on the socket) under one key', () => {
    expect(clientIp({ ip: '203.0.113.7' })).toBe('203.0.113.7');
    expect(clientIp({ ip: undefined })).toBe('gone');
  });
});
