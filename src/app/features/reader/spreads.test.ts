import { describe, expect, it } from 'vitest';
import { pageFromHash, spreadIndexOf, spreadsOf } from './spreads';

describe('spreads', () => {
  it('single pages on phones', () => {
    expect(spreadsOf(3, false)).toEqual([[1], [2], [3]]);
  });
  it('the cover alone, then facing pages, an even last page alone', () => {
    expect(spreadsOf(5, true)).toEqual([[1], [2, 3], [4, 5]]);
    expect(spreadsOf(6, true)).toEqual([[1], [2, 3], [4, 5], [6]]);
    expect(spreadsOf(1, true)).toEqual([[1]]);
    expect(spreadsOf(0, true)).toEqual([]);
  });
  it('finds the spread of a page and clamps pages outside the issue', () => {
    const s = spreadsOf(6, true);
    expect(spreadIndexOf(s, 3)).toBe(1);
    expect(spreadIndexOf(s, 6)).toBe(3);
    expect(spreadIndexOf(s, 40)).toBe(3);
    expect(spreadIndexOf(s, 0)).toBe(0);
  });
  it('reads #page/{n} and nothing else', () => {
    expect(pageFromHash('#page/12')).toBe(12);
    expect(pageFromHash('#page/')).toBeNull();
    expect(pageFromHash('#page/1x')).toBeNull();
    expect(pageFromHash('')).toBeNull();
  });
});
