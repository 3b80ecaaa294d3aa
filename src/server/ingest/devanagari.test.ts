import { describe, expect, it } from 'vitest';
import { fixDevanagariOrder, repairStoredDevanagari, storedLooksVisual } from './devanagari';

// Common Hindi words, in logical order: the repair must leave them as they are.
const WORDS =
  'ऊर्जा स्वच्छ स्वास्थ्य प्रभात किताब विद्यार्थी कृषि राजनीति हिंदी कीर्ति पर्यावरण कार्य धर्म पूर्व स्थिति कविता क़िला ज़िंदगी शिक्षा इतिहास क्रिकेट दिन जगत् में'.split(
    ' ',
  );

describe('fixDevanagariOrder', () => {
  it('leaves correct text unchanged (the old repair made किताब कतिाब)', () => {
    for (const w of WORDS) expect(fixDevanagariOrder(w)).toBe(w);
    expect(fixDevanagariOrder(WORDS.join(' '))).toBe(WORDS.join(' '));
    expect(fixDevanagariOrder('India Today')).toBe('India Today');
  });

  it('puts visual-order text as pdf.js reads it back in logical order', () => {
    expect(fixDevanagariOrder('ऊजार्')).toBe('ऊर्जा'); // reph after its syllable
    expect(fixDevanagariOrder('िकताब')).toBe('किताब'); // i-matra before its consonant
    expect(fixDevanagariOrder('िवद्याथीर्')).toBe('विद्यार्थी');
    expect(fixDevanagariOrder('राजनीित')).toBe('राजनीति');
    expect(fixDevanagariOrder('कीितर् और धमर्')).toBe('कीर्ति और धर्म');
    expect(fixDevanagariOrder('िकसान पयार्वरण पवर्त कायर्')).toBe('किसान पर्यावरण पर्वत कार्य');
    expect(fixDevanagariOrder('छात्रों की नईर् दुिनया')).toBe('छात्रों की नई दुनिया'); // ई drawn as इ + hook
    expect(fixDevanagariOrder('िवज्ञान का इितहास, नइर् सोच')).toBe('विज्ञान का इतिहास, नई सोच');
  });

  it('joins a half form split by a space and drops spaces before a vowel sign', () => {
    expect(fixDevanagariOrder('स् वच्छ')).toBe('स्वच्छ');
    expect(fixDevanagariOrder('स्\nवास्थ्य')).toBe('स्वास्थ्य');
    expect(fixDevanagariOrder('संगीत व्य ापार')).toBe('संगीत व्यापार');
    expect(fixDevanagariOrder('िकसान सरकारस् वास्थ्य')).toBe('किसान सरकारस्वास्थ्य');
    expect(fixDevanagariOrder('जगत् में')).toBe('जगत् में'); // a word may end in a halant
  });

  it('gives NFC (nukta letters as the keyboard types them)', () => {
    expect(fixDevanagariOrder('\u0958\u093F\u0932\u093E')).toBe('\u0915\u093C\u093F\u0932\u093E');
    expect(fixDevanagariOrder('\u093F\u0958\u0932\u093E')).toBe('\u0915\u093C\u093F\u0932\u093E');
  });
});

describe('repairStoredDevanagari (text an earlier ingest stored: npm run ingest -- --reindex)', () => {
  // as the first repair left a visual-order page: i-matras moved, rephs and split conjuncts not
  const OLD = 'दैनिक प्र भात छात्र की नइर् दुनिया स्\nवच्छ ऊजार् की दौड़ पयार्वरण पवर्त विज्ञान संगीतव्य ापार';
  const FIXED = 'दैनिक प्रभात छात्र की नई दुनिया स्वच्छ ऊर्जा की दौड़ पर्यावरण पर्वत विज्ञान संगीतव्यापार';

  it('moves rephs and joins split conjuncts where the issue shows visual order, and a second run changes nothing', () => {
    expect(storedLooksVisual(OLD)).toBe(true);
    expect(repairStoredDevanagari(OLD, true)).toBe(FIXED);
    expect(storedLooksVisual(FIXED)).toBe(false);
    expect(repairStoredDevanagari(FIXED, false)).toBe(FIXED);
    // a page of the same issue with no word ending in a reph is repaired with it
    expect(storedLooksVisual('पयार्वरण पवर्त।')).toBe(false);
    expect(repairStoredDevanagari('पयार्वरण पवर्त।', true)).toBe('पर्यावरण पर्वत।');
  });

  it('leaves text in logical order as it is: no i-matra moves again (किताब stays किताब)', () => {
    const right = WORDS.join(' ');
    expect(storedLooksVisual(right)).toBe(false);
    expect(repairStoredDevanagari(right, false)).toBe(right);
    expect(repairStoredDevanagari('ईर्ष्या', false)).toBe('ईर्ष्या'); // ईर् inside a word is not the hook
    expect(repairStoredDevanagari('India Today', false)).toBe('India Today');
  });

  it('puts back an i-matra the first repair moved past a consonant, where another vowel sign shows it', () => {
    expect(repairStoredDevanagari('कतिाब और कसिान', false)).toBe('किताब और किसान');
    expect(repairStoredDevanagari('कस्सिा', false)).toBe('किस्सा');
    expect(repairStoredDevanagari('दिन', false)).toBe('दिन');
  });

  it('joins a bare conjunct standing alone before a word, also in fresh text', () => {
    expect(fixDevanagariOrder('दैनिक प्र भात')).toBe('दैनिक प्रभात');
    expect(fixDevanagariOrder('पत्र भेजा')).toBe('पत्र भेजा'); // a word that ends in a conjunct stays apart
  });
});
