// PDF text extraction returns Devanagari in visual glyph order: the short-i matra (U+093F) is
// drawn before its consonant, so 'राजनीति' comes out as 'राजनीित'. Move it back after the
// consonant cluster it belongs to, so page text is searchable.
const CONSONANT = '[\\u0915-\\u0939\\u0958-\\u095F]';
const CLUSTER = `${CONSONANT}\\u093C?(?:\\u094D${CONSONANT}\\u093C?)*`;
const misplacedI = new RegExp(`\\u093F(${CLUSTER})`, 'g');

export function fixDevanagariOrder(text: string): string {
  return text.replace(misplacedI, '$1\u093F');
}
