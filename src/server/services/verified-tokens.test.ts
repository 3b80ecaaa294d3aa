import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignJWT, errors } from 'jose';
import { hs256Key, verifiedTokens } from './verified-tokens';

const key = new Uint8Array(32).fill(7);
const imported = hs256Key(key);
const sign = (exp: number, k = key) =>
  new SignJWT({ sid: 'a' }).setProtectedHeader({ alg: 'HS256' }).setSubject('u').setIssuer('lectern').setExpirationTime(exp).sign(k);
const now = () => Math.floor(Date.now() / 1000);

describe('verifiedTokens', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('checks a signature once per token text, and keeps checking expiry and forgeries', async () => {
    const verify = verifiedTokens(await imported, { algorithms: ['HS256'], issuer: 'lectern' });
    const subtle = vi.spyOn(globalThis.crypto.subtle, 'verify');
    const token = await sign(now() + 60);
    expect((await verify(token)).sub).toBe('u');
    expect((await verify(token)).sub).toBe('u');
    expect(subtle).toHaveBeenCalledTimes(1);

    // A token signed with another key, or altered, never verifies (and is never kept).
    const forged = await sign(now() + 60, new Uint8Array(32).fill(8));
    await expect(verify(forged)).rejects.toBeInstanceOf(errors.JWSSignatureVerificationFailed);
    await expect(verify(forged)).rejects.toBeInstanceOf(errors.JWSSignatureVerificationFailed);
    // (its first character: the last one's lowest bits are padding, so an edit there can decode to
    // the same signature: 'AA' did, in about one run of a thousand)
    const [head, payload, signature] = token.split('.');
    const altered = `${head}.${payload}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    await expect(verify(altered)).rejects.toBeInstanceOf(errors.JWSSignatureVerificationFailed);

    // Once its expiry has passed, a kept token is expired as jose would say.
    vi.useFakeTimers({ now: (now() + 61) * 1000 });
    await expect(verify(token)).rejects.toBeInstanceOf(errors.JWTExpired);
  });

  it('keeps at most max tokens, the oldest out first', async () => {
    const verify = verifiedTokens(await imported, { algorithms: ['HS256'] }, 2);
    const subtle = vi.spyOn(globalThis.crypto.subtle, 'verify');
    const [a, b, c] = await Promise.all([1, 2, 3].map((n) => sign(now() + 60 + n)));
    for (const t of [a, b, c, c, b, a]) await verify(t);
    // a, b, c checked; c and b kept; a checked again.
    expect(subtle).toHaveBeenCalledTimes(4);
  });

  it('checks with the key imported once, tokens signed with its raw bytes too', async () => {
    const verify = verifiedTokens(await imported, { algorithms: ['HS256'] });
    const importKey = vi.spyOn(globalThis.crypto.subtle, 'importKey');
    const fromRaw = await sign(now() + 60); // (jose imports the raw bytes for this one)
    const fromImported = await new SignJWT({ sid: 'b' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(now() + 60)
      .sign(await imported);
    expect(importKey).toHaveBeenCalledTimes(1);
    expect((await verify(fromRaw)).sid).toBe('a');
    expect((await verify(fromImported)).sid).toBe('b');
    expect(importKey).toHaveBeenCalledTimes(1);
  });
});
