// The o- and au-matras with an anusvara (ों, ौं) that PDF text extraction splits.
//
// A shaping font (Noto Sans Devanagari as pdf-lib and fontkit embed it, and DTP fonts built the
// same way) draws ों as the glyph of ा followed by one glyph for the top stroke and the dot. The
// PDF's text for that second glyph is ं alone, so 'छात्रों' is extracted as 'छात्रां' and
// 'होंगे' as 'हांगे'. The text cannot tell that glyph from a real ां (शांति, यहां), so only what
// Hindi never spells with ां is put back: a word ending in a consonant and ां (the oblique
// plural: छात्रों, लोगों, पुस्तकालयों), apart from the words that do end so, and the future
// tense of होना. Search, ingest and stored text all use this one function (search-text.ts).

const LETTER = '[\\u0900-\\u0963\\u0971-\\u097F]';
const C = '[\\u0915-\\u0939\\u0958-\\u095F\\u0978-\\u097F]'; // consonants
// a word ending in a consonant (with its nukta), ा and ं; the whole word, to check the exceptions
const SPLIT_END = new RegExp(`(?<!${LETTER})(${LETTER}*${C}\\u093C?)\\u093E\\u0902(?!${LETTER})`, 'g');
const SPLIT_FUTURE = new RegExp(`(?<!${LETTER})\\u0939\\u093E\\u0902\\u0917([\\u0947\\u0940\\u093E])(?!${LETTER})`, 'g'); // हांगे/ी/ा

// Words that rightly end in a consonant and ां, written with the anusvara as most Hindi papers
// write the candrabindu: places and 'yes', 'mother', poetic forms, and ordinals (पांचवां).
const KEEP = new Set(
  (
    'यहां वहां कहां जहां तहां हां मां जवां रवां कारवां आसमां दास्तां मकां नादां अरमां ज़बां जबां मेहरबां ' +
    'पांचवां छठवां सातवां आठवां नौवां दसवां ग्यारहवां बारहवां तेरहवां चौदहवां पंद्रहवां सोलहवां सत्रहवां ' +
    'अठारहवां उन्नीसवां बीसवां पच्चीसवां तीसवां चालीसवां पचासवां सौवां हज़ारवां'
  ).split(' '),
);

/** Text with the split ों put back (NFC in, NFC out); other text unchanged. A second run changes
 * nothing: the result has no word ending in ां that it would change. */
export function repairSplitMatras(text: string): string {
  if (!text.includes('\u093E\u0902')) return text;
  return text
    .replace(SPLIT_END, (word: string, stem: string) => (KEEP.has(word) || stem.endsWith('\u093F\u092F') ? word : `${stem}\u094B\u0902`))
    .replace(SPLIT_FUTURE, '\u0939\u094B\u0902\u0917$1');
}
