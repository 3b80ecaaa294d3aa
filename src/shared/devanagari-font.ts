// Where the Devanagari font goes (src/app/styles.css). Our Noto Sans Devanagari stands first in
// the font stacks of text that says it is in a language written in Devanagari, and nowhere else: a
// web font first in every stack, whose letters no English word uses, made the browser's text layout
// of every page slower (a title page with no Devanagari at all: 50 ms at 4x CPU), and its arrival
// laid out again every text on the page. Text that does not say its language (a library's name, a
// reader's search) may still be Devanagari, and a device with no Devanagari font of its own shows
// it as empty boxes: once such text is on the page, the whole page takes the font
// (html[data-devanagari]): the server marks a drawn page, the app the page it shows
// (src/app/lib/devanagari-font.ts).

/** A Devanagari letter or sign (its own block: the extensions in fonts.css's unicode-range come with its letters). */
export const DEVANAGARI_TEXT = /[\u0900-\u097F]/;

/** Languages written in Devanagari, as `lang` names them (styles.css lists the same). */
export const DEVANAGARI_LANGUAGES = ['hi', 'mr', 'ne', 'sa', 'kok', 'mai', 'bho', 'doi', 'brx'] as const;

/** Whether a `lang` value names a language written in Devanagari (hi, hi-IN, mr…). */
export const isDevanagariLanguage = (lang: string): boolean =>
  (DEVANAGARI_LANGUAGES as readonly string[]).includes(lang.toLowerCase().split('-')[0]);

/** Elements whose text has the Devanagari font whatever their language (styles.css). */
export const DEVANAGARI_ELEMENTS = ['select', 'textarea'] as const;

/** The attribute that gives an element the Devanagari font: on <html>, the whole page. */
export const DEVANAGARI_MARK = 'data-devanagari';

/** Props for an element showing text whose language we do not know (a title's name kept on the
 * shelf, a zone's name, a page's words): the font when the text itself is Devanagari, so the page
 * need not take it whole. Text whose language is known says it with `lang` instead. */
export const devanagariMark = (text: string | null | undefined): { 'data-devanagari'?: '' } =>
  text && DEVANAGARI_TEXT.test(text) ? { [DEVANAGARI_MARK]: '' } : {};

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const TAG = /<(\/?)([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const LANG = /\slang="([^"]*)"/;
const MARKED = new RegExp(`\\s${DEVANAGARI_MARK}(?:=|\\s|$)`);

/** Whether markup as React draws it (well formed) holds Devanagari text outside an element that
 * has the font: the server's drawn page then takes it whole. Only text is looked at: an attribute
 * (an image's alt, a label) is not drawn in the page's fonts. */
export function unmarkedDevanagari(html: string): boolean {
  if (!DEVANAGARI_TEXT.test(html)) return false;
  const covered: boolean[] = [false];
  let at = 0;
  const textHas = (end: number) => !covered[covered.length - 1] && DEVANAGARI_TEXT.test(html.slice(at, end));
  for (const tag of html.matchAll(TAG)) {
    if (textHas(tag.index)) return true;
    at = tag.index + tag[0].length;
    const [, closing, rawName, attributes] = tag;
    const name = rawName.toLowerCase();
    if (closing) {
      if (covered.length > 1) covered.pop();
    } else if (!VOID_ELEMENTS.has(name) && !attributes.endsWith('/')) {
      const lang = LANG.exec(attributes)?.[1];
      const own =
        (DEVANAGARI_ELEMENTS as readonly string[]).includes(name) ||
        (lang !== undefined && isDevanagariLanguage(lang)) ||
        MARKED.test(attributes);
      // (an element in another language, inside one in Hindi, still has the font: it comes with the stack)
      covered.push(own || covered[covered.length - 1]);
    }
  }
  return textHas(html.length);
}
