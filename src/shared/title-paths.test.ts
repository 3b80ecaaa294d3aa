import { describe, expect, it } from 'vitest';
import { issuePath, midOf, titlePath, titleSlug } from './title-paths';

describe('title paths', () => {
  it('turn spaces into hyphens and keep letters of any script with their marks', () => {
    expect(titleSlug('Business Weekly')).toBe('Business-Weekly');
    expect(titleSlug('  The  Morning   Ledger ')).toBe('The-Morning-Ledger');
    expect(titleSlug('भारत दर्पण')).toBe('भारत-दर्पण');
    expect(titleSlug('Café & Co. / 50% off?#')).toBe('Café-Co-50-off');
    expect(titleSlug('!!!')).toBe('');
  });

  it('put the id first, and fall back to the id alone', () => {
    expect(titlePath(12, 'Business Weekly')).toBe('/magazine/12-Business-Weekly');
    expect(issuePath(12, 'Business Weekly', 345)).toBe('/magazine/12-Business-Weekly/345');
    expect(titlePath(12, '???')).toBe('/magazine/12');
    expect(titlePath(12)).toBe('/magazine/12');
  });

  it('read the id from the new and the old form, and nothing else', () => {
    expect(midOf('12-Business-Weekly')).toBe(12);
    expect(midOf('12')).toBe(12);
    expect(midOf('12-')).toBe(12);
    for (const bad of [undefined, '', 'abc', '0', '012', '-12', '12abc', '1234567890', '1e3']) expect(midOf(bad), bad).toBeNull();
  });
});
