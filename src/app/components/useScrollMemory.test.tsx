import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router';
import { useScrollMemory } from './useScrollMemory';

const nav: { go?: (to: string) => void } = {};
function Screen() {
  useScrollMemory();
  const navigate = useNavigate();
  useEffect(() => {
    nav.go = (to) => void navigate(to);
  }, [navigate]);
  return null;
}

describe('useScrollMemory', () => {
  afterEach(() => vi.restoreAllMocks());

  it('leaves the screen the page was loaded at where the reader scrolled it; a new screen starts at the top', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/magazines/BS']}>
        <Screen />
      </MemoryRouter>,
    );
    // Taken over: the drawn page may already be scrolled, and stays so.
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => nav.go!('/magazine/7-a-title'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockClear();
    act(() => nav.go!('/magazines/BS'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
