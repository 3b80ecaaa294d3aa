import { describe, expect, it } from 'vitest';
import type { ContinueItem } from '../../../shared/schemas/shelf';
import { mergeProgress } from './merge';

const item = (issueId: number, page: number | null, at: number | null): ContinueItem => ({
  issueId,
  mid: 1,
  titleName: 'Sport Times',
  issueName: 'November 2026',
  pages: 12,
  page,
  at,
  imageSrc: null,
  imageSrcSet: null,
});

describe('mergeProgress', () => {
  it("takes the device's page when it is newer, the server's when it is", () => {
    const merged = mergeProgress(
      [item(1, 3, 1000), item(2, 5, 3000)],
      [
        { issueId: 1, page: 7, at: 2000 },
        { issueId: 2, page: 4, at: 2500 },
      ],
    );
    expect(merged.map((i) => [i.issueId, i.page])).toEqual([
      [2, 5],
      [1, 7],
    ]);
  });

  it('shows an issue only the device has progress for, and leaves out one with no page', () => {
    const merged = mergeProgress([item(1, null, null), item(2, null, null)], [{ issueId: 1, page: 2, at: 10 }]);
    expect(merged).toEqual([{ ...item(1, 2, 10) }]);
  });

  it('leaves out a finished issue, whichever device finished it, and keeps one read again here', () => {
    const merged = mergeProgress(
      [item(1, 12, 5000), item(2, 12, 1000), item(3, 11, 1000)],
      [
        { issueId: 1, page: 4, at: 4000 },
        { issueId: 2, page: 3, at: 2000 },
      ],
    );
    expect(merged.map((i) => [i.issueId, i.page])).toEqual([
      [2, 3],
      [3, 11],
    ]);
  });

  it('orders newest first', () => {
    expect(mergeProgress([item(1, 1, 1), item(2, 1, 3), item(3, 1, 2)], []).map((i) => i.issueId)).toEqual([2, 3, 1]);
  });
});
