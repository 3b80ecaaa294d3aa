import { describe, expect, it } from 'vitest';
import { repairSplitMatras } from './hindi-text';
import { searchText } from './search-text';

// What pdf.js extracts from Noto Sans Devanagari as pdf-lib embeds it (the demo library's PDFs):
// each pair is [as extracted, as written].
const SPLIT: [string, string][] = [
  ['पुस्तकालयां', 'पुस्तकालयों'],
  ['छात्रां', 'छात्रों'],
  ['लोगां', 'लोगों'],
  ['बच्चां', 'बच्चों'],
  ['दोनां', 'दोनों'],
  ['पौधां', 'पौधों'],
  ['चुनावां', 'चुनावों'],
  ['गांवां', 'गांवों'],
  ['हांगे', 'होंगे'],
  ['हांगी', 'होंगी'],
];

// Common words that are right as they are, ां inside or at the end of a word included.
const RIGHT =
  'यहां वहां कहां जहां हां मां शांति गांधी गांव सांसद दसवां पांचवां लड़कियां कहानियां कहानियाँ महिलाओं लोग सोच दौड़ कौन मौसम ज्योति संगीत हिंदी में हैं और नई किताब विद्यार्थी पर्यावरण'.split(
    ' ',
  );

describe('repairSplitMatras', () => {
  it('puts back the ों that extraction split into ा and ं', () => {
    for (const [extracted, written] of SPLIT) expect(repairSplitMatras(extracted)).toBe(written);
    expect(repairSplitMatras('छात्रां की नई दुनिया। पुस्तकालयां का नया दौर\nलोगां,')).toBe('छात्रों की नई दुनिया। पुस्तकालयों का नया दौर\nलोगों,');
  });

  it('leaves common words, other scripts and already right text as they are', () => {
    for (const w of RIGHT) expect(repairSplitMatras(w)).toBe(w);
    expect(repairSplitMatras(RIGHT.join(' '))).toBe(RIGHT.join(' '));
    expect(repairSplitMatras('India Today')).toBe('India Today');
    for (const [, written] of SPLIT) expect(repairSplitMatras(written)).toBe(written);
  });

  it('is idempotent', () => {
    const text = SPLIT.map(([e]) => e).join(' ') + ' ' + RIGHT.join(' ');
    const once = repairSplitMatras(text);
    expect(repairSplitMatras(once)).toBe(once);
  });

  it('is part of the form search compares, so a query in either spelling is the same', () => {
    expect(searchText('पुस्तकालयां')).toBe(searchText('पुस्तकालयों'));
    expect(searchText('छात्रां')).toBe('छात्रों');
    // a decomposed nukta letter typed on another keyboard is the same too
    expect(searchText('\u0921\u093C')).toBe(searchText('\u095C'));
  });
});
