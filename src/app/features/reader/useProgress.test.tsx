import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { flushProgress, flushReads, recordRead, saveProgress } from './tracking';
import { useProgress } from './useProgress';

vi.mock('./tracking', () => ({
  flushProgress: vi.fn(async () => undefined),
  flushReads: vi.fn(async () => undefined),
  recordRead: vi.fn(async () => undefined),
  saveProgress: vi.fn(async () => undefined),
}));

describe('reading progress', () => {
  it('records each shown page after its frame, saves the spread to resume at, and the last page at the end', async () => {
    vi.mocked(recordRead).mockClear();
    vi.mocked(saveProgress).mockClear();
    const { rerender } = renderHook(
      (p: { current: number[]; atEnd: boolean; open: boolean }) => useProgress(9, { ...p, count: 12 }, p.open),
      {
        initialProps: { current: [1], atEnd: false, open: false },
      },
    );
    expect(recordRead).not.toHaveBeenCalled(); // not before the issue is open

    rerender({ current: [2, 3], atEnd: false, open: true });
    expect(recordRead).not.toHaveBeenCalled(); // the turn's frame first
    await vi.waitFor(() => expect(saveProgress).toHaveBeenLastCalledWith(9, 2));
    expect(vi.mocked(recordRead).mock.calls.map((c) => c[0])).toEqual([
      { kind: 'page_view', issueId: 9, page: 2, source: 'web' },
      { kind: 'page_view', issueId: 9, page: 3, source: 'web' },
    ]);

    rerender({ current: [2, 3], atEnd: true, open: true });
    await vi.waitFor(() => expect(saveProgress).toHaveBeenLastCalledWith(9, 12));
  });

  it('sends what it holds when the tab is hidden and when the network is back', async () => {
    vi.mocked(flushReads).mockClear();
    vi.mocked(flushProgress).mockClear();
    const { unmount } = renderHook(() => useProgress(9, { current: [1], atEnd: false, count: 12 }, true));
    dispatchEvent(new Event('online'));
    expect(flushReads).toHaveBeenCalledTimes(1);
    expect(flushProgress).not.toHaveBeenCalled();
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(flushProgress).toHaveBeenCalledTimes(1));
    expect(flushReads).toHaveBeenCalledTimes(2);
    unmount();
    dispatchEvent(new Event('online'));
    expect(flushReads).toHaveBeenCalledTimes(2);
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });

  it('stores a turn the tab was hidden before it drew, then sends it', async () => {
    vi.mocked(saveProgress).mockClear();
    vi.mocked(flushProgress).mockClear();
    // A hidden tab draws no frame.
    const frame = vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    const { rerender, unmount } = renderHook((p: { current: number[] }) => useProgress(9, { ...p, atEnd: false, count: 12 }, true), {
      initialProps: { current: [4] },
    });
    rerender({ current: [5] });
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(flushProgress).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveProgress).mock.calls).toEqual([
      [9, 4],
      [9, 5],
    ]);
    expect(vi.mocked(saveProgress).mock.invocationCallOrder[1]).toBeLessThan(vi.mocked(flushProgress).mock.invocationCallOrder[0]);
    unmount();
    frame.mockRestore();
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });
});
