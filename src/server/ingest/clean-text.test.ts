import { describe, expect, it } from 'vitest';
import { stripControlChars } from './clean-text';

describe('stripControlChars', () => {
  it('turns NUL and other control characters into one space and keeps newlines, tabs and letters', () => {
    expect(stripControlChars('Čeština\u0000text\u000f\u0003 here\nnext\tcell\u007f')).toBe('Čeština text here\nnext\tcell ');
  });
  it('leaves ordinary text as it is', () => {
    expect(stripControlChars('भारत दर्पण — 文化')).toBe('भारत दर्पण — 文化');
  });
});
