import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useState } from 'react';
import type { IssueManifest } from '../../../shared/schemas/reader';
import { usePageTurns } from './usePageTurns';

const issue = (pages: number) => ({ pages: Array.from({ length: pages }, (_, i) => ({ n: i + 1 })) }) as unknown as IssueManifest;

function useTurns(screen: { facing: boolean; phone: boolean }) {
  const [page, setPage] = useState(1);
  return usePageTurns(issue(5), screen, page, setPage);
}

describe('page turns', () => {
  it('turns by spreads on a wide screen, past the last page to the end panel and back, with the address following', async () => {
    location.hash = '';
    const { result } = renderHook(() => useTurns({ facing: true, phone: false }));
    expect(result.current.current).toEqual([1]);
    await vi.waitFor(() => expect(location.hash).toBe('#page/1'));
    act(() => result.current.turn(1));
    expect(result.current.current).toEqual([2, 3]);
    expect(location.hash).toBe('#page/1'); // the turn's frame first
    await vi.waitFor(() => expect(location.hash).toBe('#page/2'));
    act(() => result.current.turn(1));
    act(() => result.current.turn(1));
    expect(result.current.current).toEqual([4, 5]);
    expect(result.current.atEnd).toBe(true);
    act(() => result.current.turn(-1));
    expect(result.current.atEnd).toBe(false);
    expect(result.current.current).toEqual([4, 5]);
    act(() => result.current.goTo(99));
    expect(result.current.current).toEqual([4, 5]);
    act(() => result.current.goTo(-3));
    expect(result.current.current).toEqual([1]);
    expect(result.current.bars).toBe(true);
  });

  it('hides the bars after a turn on a phone; a tap shows them again', () => {
    const { result } = renderHook(() => useTurns({ facing: false, phone: true }));
    act(() => result.current.turn(1));
    expect(result.current.current).toEqual([2]);
    expect(result.current.bars).toBe(false);
    act(() => result.current.toggleBars());
    expect(result.current.bars).toBe(true);
  });
});
