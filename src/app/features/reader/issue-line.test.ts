import { describe, expect, it } from 'vitest';
import { issueLine } from './issue-line';

describe('the reader header names the date once', () => {
  it('shows an issue named by its date alone', () => {
    expect(issueLine('May 2026', '2026-05-01', 'en')).toBe('May 2026');
    expect(issueLine('May 12, 2026', '2026-05-12', 'en')).toBe('May 12, 2026');
    expect(issueLine('Sept 2026', '2026-09-01', 'en')).toBe('Sept 2026');
    expect(issueLine('मई २०२६', '2026-05-01', 'hi')).toBe('मई २०२६');
  });
  it('adds the date to a name that does not say it', () => {
    expect(issueLine('Vol. 26, No. 2', '2026-04-01', 'en')).toBe('Vol. 26, No. 2 · 1 April 2026');
    expect(issueLine('Annual Special 2026', '2026-12-01', 'en')).toBe('Annual Special 2026 · 1 December 2026');
    expect(issueLine('अंक १२०', '2026-05-01', 'hi')).toMatch(/^अंक १२० · 1 मई 2026$/);
    expect(issueLine('May 2025', '2026-05-01', 'en')).toBe('May 2025 · 1 May 2026');
  });
});
