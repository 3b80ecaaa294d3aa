import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('password hashes', () => {
  it('are made at the full cost (scrypt N 2^15, r 8, p 1) unless a test lowered it', async () => {
    const stored = await hashPassword('pinecone7');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(await verifyPassword('pinecone7', stored)).toBe(true);
  }, 60_000); // two hashes at the full cost: seconds on a busy machine
});
