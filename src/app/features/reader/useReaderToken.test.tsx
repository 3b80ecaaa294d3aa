import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { requestReaderToken } from '../../lib/reader-token';
import { expiryOf, useReaderToken, useTokenRenewal } from './useReaderToken';

vi.mock('../../lib/reader-token', () => ({ requestReaderToken: vi.fn() }));
const asked = vi.mocked(requestReaderToken);

/** A token whose payload says it lapses at `exp` (seconds). */
const tokenExpiring = (exp: number) => `h.${btoa(JSON.stringify({ exp })).replace(/=+$/, '')}.s`;

function useRenewed(code: string | null, issue: object | null) {
  const token = useReaderToken(7, 'en', code);
  useTokenRenewal(token, issue);
  return token;
}

describe('the reader token', () => {
  it('reads the expiry inside a token, 0 when it cannot', () => {
    expect(expiryOf(tokenExpiring(1_900_000_000))).toBe(1_900_000_000);
    expect(expiryOf('not a token')).toBe(0);
    expect(expiryOf(null)).toBe(0);
  });

  it('is renewed two minutes before it lapses, once an issue is open, and a renewal redraws', async () => {
    vi.useFakeTimers({ now: 1_000_000_000_000 });
    const now = Date.now() / 1000;
    asked.mockReset().mockResolvedValue({ code: 'renewed', expiresAt: now + 3600 } as never);
    const { result, rerender } = renderHook(({ issue }) => useRenewed(tokenExpiring(now + 600), issue), {
      initialProps: { issue: null as object | null },
    });
    expect(result.current.grant.current.fromOpener).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(asked).not.toHaveBeenCalled(); // no issue open: nothing to renew for

    rerender({ issue: {} });
    const opened = Date.now() / 1000;
    const due = (now + 600 - opened - 120) * 1000;
    expect(due).toBe(420_000);
    await act(() => vi.advanceTimersByTimeAsync(due - 1000));
    expect(asked).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(asked).toHaveBeenCalledWith(7, { lang: 'en' });
    expect(result.current.grant.current).toEqual({ code: 'renewed', expiresAt: now + 3600 });
    expect(result.current.version).toBe(1);
  });

  it('keeps the token it has when a renewal fails', async () => {
    asked.mockReset().mockRejectedValue(new Error('offline'));
    const { result } = renderHook(() => useReaderToken(7, 'hi', 'given'));
    await act(() => result.current.renew());
    expect(asked).toHaveBeenCalledWith(7, { lang: 'hi' });
    expect(result.current.grant.current.code).toBe('given');
    expect(result.current.version).toBe(0);
  });
});
