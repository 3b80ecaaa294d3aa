// Repairs the Devanagari that PDF text extraction gives back, so page text is searchable.
//
// Many PDFs (pdf-lib with a shaping font, older DTP tools) map glyphs to text in visual order:
// the short-i matra (ि) is drawn before its consonant cluster and the reph (र् on top) after its
// syllable, so 'किताब' comes out as 'िकताब' and 'ऊर्जा' as 'ऊजार्'. Such a page shows this by an
// i-matra where no consonant precedes it, or a reph at the end of a word: only
// then are the glyphs put back in logical order. Text already in logical order (Chromium's PDFs,
// most publishers) is left as it is, apart from spaces that can never be right.

const C = '[\\u0915-\\u0939\\u0958-\\u095F\\u0978-\\u097F]'; // consonants
const CLUSTER = `${C}\\u093C?(?:\\u094D${C}\\u093C?)*`; // consonants joined by halants, with nuktas
const SIGNS = '[\\u0900-\\u0903\\u093A\\u093B\\u093E-\\u094C\\u094E\\u094F\\u0955-\\u0957\\u0962\\u0963]'; // vowel signs, bindus
const HALF = `(?:${C}\\u093C?\\u094D)+`; // a half form: consonants ending in a halant
const CONJUNCT = `${C}\\u093C?(?:\\u094D${C}\\u093C?)+`; // a conjunct with no vowel sign (प्र, व्य)
const WORD_END = '(?![\\u0900-\\u0963\\u0971-\\u097F])'; // no letter or sign follows (a danda may)

const misplacedI = new RegExp(`\\u093F(${CLUSTER})`, 'g');
const trailingReph = new RegExp(`(${CLUSTER})(${SIGNS}*)\\u0930\\u094D`, 'g');
// Evidence of visual order: an i-matra after no consonant, or a reph ending a word (no Hindi
// word ends in र्).
const visualOrder = new RegExp(`(?<!${C}|\\u093C)\\u093F|[\\u0900-\\u097F]\\u0930\\u094D${WORD_END}`);
// The same for stored text, whose i-matras the first repair (before 3651e16) already moved: only
// a reph that the repair below would move, ending a word, or ई's hook ending one. None is left
// once repaired, so a second run finds the text in logical order and changes nothing.
const visualReph = new RegExp(`${CLUSTER}${SIGNS}*\\u0930\\u094D${WORD_END}|[\\u0907\\u0908]\\u0930\\u094D${WORD_END}`);
// Noto-style fonts draw ई as इ plus a hook that is the reph glyph, so it extracts as 'ईर्' or
// 'इर्' (the two share a glyph, whose text is one of them); a reph never follows a vowel letter.
const iiWithHook = /[\u0907\u0908]\u0930\u094D/g;
// A space can never come before a vowel sign, halant or nukta: it is a stray one inside a word.
const spaceBeforeSign = /\s+(?=[\u0900-\u0903\u093A-\u094F\u0955-\u0957\u0962\u0963])/g;
// A half form or a bare conjunct followed by a space: the conjunct was split (pdf.js before its
// fix put a space after every conjunct glyph: 'स् वच्छ', 'प्र भात'). Standing alone it cannot be a
// word; glued to a word it can (जगत् में), so that one is joined only in visual-order text.
const aloneHalfSpace = new RegExp(`(^|\\s)(${HALF}|${CONJUNCT})\\s+(?=${C})`, 'g');
const halfSpace = new RegExp(`(${HALF})\\s+(?=${C})`, 'g');
// An i-matra followed by another vowel sign is never right: the first repair moved it past its
// consonant in text that was already in logical order (किताब → कतिाब). Put it back.
const movedI = new RegExp(`(${CLUSTER})\\u093F(?=[\\u093E\\u0940-\\u094C])`, 'g');

function repair(text: string, visual: boolean, moveI: boolean): string {
  let t = text;
  if (visual) {
    t = t.replace(iiWithHook, '\u0908');
    if (moveI) t = t.replace(misplacedI, '$1\u093F');
    t = t.replace(trailingReph, '\u0930\u094D$1$2').replace(halfSpace, '$1');
  }
  // after the reordering: in visual order a word may start with ि
  return t.replace(aloneHalfSpace, '$1$2').replace(spaceBeforeSign, '').normalize('NFC');
}

const hasDevanagari = (text: string) => /[\u0900-\u097F]/.test(text);

/** Page text with its Devanagari in logical order and NFC; other scripts unchanged. */
export function fixDevanagariOrder(text: string): string {
  const t = text.normalize('NFC');
  return hasDevanagari(t) ? repair(t, visualOrder.test(t), true) : t;
}

/** Whether text stored by an earlier ingest still shows visual order (a reph at a word's end).
 * Decided over a whole issue: a PDF comes from one tool, and a page may have no such word. */
export function storedLooksVisual(text: string): boolean {
  return visualReph.test(text.normalize('NFC'));
}

/** Stored page text with the current repair: for text that an earlier ingest stored (its i-matras
 * already moved, rephs and split conjuncts left as they were), safe on text already right. */
export function repairStoredDevanagari(text: string, visual: boolean): string {
  const t = text.normalize('NFC');
  return hasDevanagari(t) ? repair(t.replace(movedI, '\u093F$1'), visual, false) : t;
}
