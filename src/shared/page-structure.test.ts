import { describe, expect, it } from 'vitest';
import { pageStructure } from './page-structure';

// Page text as the ingest of the demo library stores it (one line per printed line).
const EN = `Business Weekly · November 2026 · 3
The food we will eat
Cities space coffee festival cricket spices digital fashion travel forest. Space heritage
reading mission reading technology culture cricket startup campus space. Mountain forest
medal spices campus water travel ocean science chess football ocean.
Community coffee artificial monsoon season chess fashion cricket the research. Energy
climate chess culture technology culture monsoon space cities film fashion climate
climate science.`;

const HI = `2
मानसून की कहानियाँ
बाज़ार पर्यावरण पर्वत गाँव चुनाव भोजन भोजन जीवन। शिक्षा शिक्षा सरकार स्वास्थ्य छात्र संगीत जीवन
राजनीति भोजन सरकार उत्सव। फ़िल्म सरकार विज्ञान उत्सव फ़िल्म भविष्य चुनाव मानसून इतिहास
चुनाव चुनाव संस्कृति मानसून भारत शहर।
संस्कृति बाज़ार यात्रा संस्कृति मानसून पर्वत संगीत व्यापार संस्कृति स्वास्थ्य खेल भारत भारत चुनाव।`;

describe('pageStructure', () => {
  it('separates the running header, the headline and the paragraphs of an English page', () => {
    const s = pageStructure(EN, 3);
    expect(s.header).toBe('Business Weekly · November 2026 · 3');
    expect(s.headline).toBe('The food we will eat');
    expect(s.paragraphs).toHaveLength(2);
    expect(s.paragraphs[0]).toMatch(/^Cities space .* football ocean\.$/);
    expect(s.paragraphs[1]).toMatch(/^Community coffee .* climate science\.$/);
  });

  it('does the same for a Hindi page whose header is the page number', () => {
    const s = pageStructure(HI, 2);
    expect(s.header).toBe('2');
    expect(s.headline).toBe('मानसून की कहानियाँ');
    expect(s.paragraphs).toHaveLength(2);
    expect(s.paragraphs[0].endsWith('भारत शहर।')).toBe(true);
  });

  it('keeps text with no header or headline as paragraphs, and empty text as none', () => {
    expect(pageStructure('One short sentence.', 4)).toEqual({ header: null, headline: null, paragraphs: ['One short sentence.'] });
    expect(pageStructure('', 1)).toEqual({ header: null, headline: null, paragraphs: [] });
    // a first line that is a sentence is not a headline
    expect(
      pageStructure('It rained.\nA long line of body text that wraps at the right edge of the page\nand ends.', 9).headline,
    ).toBeNull();
  });
});
