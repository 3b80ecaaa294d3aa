// A page's text as search and the reader's text view use it: pdf.js's text items in reading
// order, a span's /ActualText in place of the glyphs it covers (Chromium prints Devanagari that
// way: pdfjs-worker.ts), then the Devanagari repair.
import { fixDevanagariOrder } from './devanagari';
import './pdfjs-worker'; // text extraction that keeps conjuncts whole and gives ActualText

interface Item {
  str?: string;
  hasEOL?: boolean;
  type?: string;
  actualText?: string | null;
}

/** Items as text: each item's string, a line break where pdf.js saw the line end, else a space
 * between items (pdf.js splits a line where glyphs are apart). Not next to an ActualText span:
 * Chromium writes each cluster of a word in its own span, and a real space as a glyph of its own,
 * which pdf.js keeps in the item's string. */
export function itemsText(items: Item[]): string {
  let out = '';
  let glue = ''; // what goes before the next piece
  const add = (piece: string, eol: boolean, span: boolean) => {
    out += (span ? '' : glue) + piece;
    glue = eol ? '\n' : span ? '' : ' ';
  };
  // the spans open around the current item, innermost last: their ActualText, or null
  const spans: (string | null)[] = [];
  let spanText: string | null = null; // the outermost ActualText in force
  let spanEol = false;
  let spanSpace = ''; // pdf.js puts a space that came before the span into its first glyph's item
  let spanFirst = false;
  for (const item of items) {
    if (item.type === 'beginMarkedContentProps' || item.type === 'beginMarkedContent') {
      const actual = item.actualText ?? null;
      if (actual !== null && spanText === null) {
        spanText = actual;
        spanEol = false;
        spanSpace = '';
        spanFirst = true;
      }
      spans.push(actual);
    } else if (item.type === 'endMarkedContent') {
      spans.pop();
      if (spanText !== null && !spans.some((s) => s !== null)) {
        add(spanSpace + spanText, spanEol, true);
        spanText = null;
      }
    } else if (spanText !== null) {
      if (spanFirst && /^\s/.test(item.str ?? '')) spanSpace = ' ';
      spanFirst = false;
      spanEol ||= Boolean(item.hasEOL);
    } else {
      add(item.str ?? '', Boolean(item.hasEOL), false);
    }
  }
  if (spanText !== null) add(spanSpace + spanText, spanEol, true); // a span the page never closed
  return out;
}

/** The text of a page's items, as getTextContent({ includeMarkedContent: true }) gives them. */
export function pageTextOf(items: unknown[]): string {
  const text = itemsText(items as Item[])
    .replace(/[ \t]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .trim();
  return fixDevanagariOrder(text);
}
