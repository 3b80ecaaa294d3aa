import { describe, expect, it } from 'vitest';
import { fixDevanagariOrder } from './devanagari';

describe('fixDevanagariOrder', () => {
  it('moves the short-i matra after its consonant', () => {
    expect(fixDevanagariOrder('राजनीित')).toBe('राजनीति');
    expect(fixDevanagariOrder('ििहंदी')).not.toBe('हिंदी'); // two matras in a row stay as they are
    expect(fixDevanagariOrder('िहंदी')).toBe('हिंदी');
  });
  it('keeps conjuncts together', () => {
    expect(fixDevanagariOrder('ि\u0938\u094D\u0925ति')).toBe('\u0938\u094D\u0925िति');
  });
  it('leaves Latin and correct text alone', () => {
    expect(fixDevanagariOrder('India Today')).toBe('India Today');
    expect(fixDevanagariOrder('समाचार')).toBe('समाचार');
  });
});
