import { describe, expect, it } from 'vitest';
import { largerSize, pageCssWidthFor, pageSizeFor } from './reader-paths';

describe('page rendition choice', () => {
  it('picks by the device pixels the page takes', () => {
    expect(pageSizeFor(360, 1)).toBe('small');
    expect(pageSizeFor(160, 3)).toBe('small'); // 480 device px
    expect(pageSizeFor(360, 3)).toBe('large'); // a 360 px phone at DPR 3: 1,080
    expect(pageSizeFor(400, 3)).toBe('large');
    expect(pageSizeFor(401, 3)).toBe('xlarge');
    expect(pageSizeFor(780, 3)).toBe('xlarge'); // held sideways
    expect(pageSizeFor(360 * 2, 3)).toBe('xlarge'); // zoomed twice
  });
  it('estimates the page width from the window', () => {
    expect(pageCssWidthFor(360, 780)).toBe(360); // upright phone: the width
    expect(pageCssWidthFor(780, 360)).toBe(780); // sideways phone: the width, scrolled
    expect(pageCssWidthFor(1280, 800)).toBe(496); // desktop: fits the height
  });
  it('never goes back to a softer rendition', () => {
    expect(largerSize('large', 'small')).toBe('large');
    expect(largerSize('large', 'xlarge')).toBe('xlarge');
    expect(largerSize('xlarge', 'large')).toBe('xlarge');
  });
});
