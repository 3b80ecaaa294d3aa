import { describe, expect, it } from 'vitest';
import { coverSrcSet } from './covers';

describe('coverSrcSet', () => {
  it('turns the 1x/2x/3x set into widths', () => {
    expect(coverSrcSet('/media/a.webp 1x, /media/b.webp 2x, /media/c.webp 3x')).toBe(
      '/media/a.webp 150w, /media/b.webp 300w, /media/c.webp 450w',
    );
  });
  it('keeps what it can read and gives nothing for nothing', () => {
    expect(coverSrcSet('/media/a.webp 1x')).toBe('/media/a.webp 150w');
    expect(coverSrcSet(null)).toBeUndefined();
    expect(coverSrcSet('')).toBeUndefined();
  });
});
