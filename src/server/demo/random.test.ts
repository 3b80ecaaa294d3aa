import { describe, expect, it } from 'vitest';
import { slugify } from './random';

describe('slugify', () => {
  it('keeps Devanagari vowel signs, viramas and nuktas', () => {
    expect(slugify('कृषि दर्शन')).toBe('कृषि-दर्शन');
    expect(slugify('स्वच्छ ऊर्जा की दौड़')).toBe('स्वच्छ-ऊर्जा-की-दौड़');
    expect(slugify('पुस्तकालयों का नया दौर')).toBe('पुस्तकालयों-का-नया-दौर');
    expect(slugify('स्वच्छ ऊर्जा की दौड़')).toBe(slugify('स्वच्छ ऊर्जा की दौड़').normalize('NFC'));
  });

  it('still drops Latin accents and punctuation, and names the empty one', () => {
    expect(slugify('Café Société: The Review!')).toBe('cafe-societe-the-review');
    expect(slugify('  Business   Weekly ')).toBe('business-weekly');
    expect(slugify('!!!')).toBe('title');
    expect(slugify('\u0301abc')).toBe('abc'); // a mark with no letter before it
  });
});
