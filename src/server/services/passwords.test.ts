import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hashPassword, isCommonPassword, verifyPassword } from './passwords';
import { DEMO_PASSWORD } from '../demo/institutions';
import { NewPassword } from '../../shared/schemas/account';
import { PASSWORD_MAX, PASSWORD_MIN, passwordLength } from '../../shared/validation';

describe('the password rule and the common-password list', () => {
  it('lists only passwords the length rule would let through, compared without case', () => {
    const list = fs
      .readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'));
    expect(list).toHaveLength(10_000);
    expect(list.every((p) => passwordLength(p) >= PASSWORD_MIN && passwordLength(p) <= PASSWORD_MAX)).toBe(true);
    expect(isCommonPassword('PassWord')).toBe(true);
    expect(isCommonPassword('iloveyou')).toBe(true);
  });

  it("keeps the demo readers' password valid", () => {
    expect(NewPassword.safeParse({ password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD }).success).toBe(true);
    expect(isCommonPassword(DEMO_PASSWORD)).toBe(false);
  });
});

describe('password hashes', () => {
  it('are made at the full cost (scrypt N 2^15, r 8, p 1) unless a test lowered it', async () => {
    const stored = await hashPassword('pinecone7');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(await verifyPassword('pinecone7', stored)).toBe(true);
  }, 60_000); // two hashes at the full cost: seconds on a busy machine
});
