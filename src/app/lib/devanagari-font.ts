// The page takes the Devanagari font whole once it shows Devanagari text that does not say its
// language (src/shared/devanagari-font.ts says why the font is not everywhere): a library's name, a
// story's title in a list, what a reader types. Watched from the end of the start on: what the
// first screen drew is looked at then, and whatever is added or typed after it.
import { DEVANAGARI_ELEMENTS, DEVANAGARI_TEXT, DEVANAGARI_MARK, isDevanagariLanguage } from '../../shared/devanagari-font';

/** Elements whose text has the font (marked ones too), or is not drawn (the drawn page's answers
 * are JSON in a script). */
const COVERED = [...DEVANAGARI_ELEMENTS, `[${DEVANAGARI_MARK}]`, 'script', 'style', 'template', 'noscript'].join(',');

/** Whether this text node's Devanagari has the font without the whole page taking it. */
function covered(text: Text): boolean {
  const parent = text.parentElement;
  if (!parent || parent.closest(COVERED)) return true;
  // Any language said around it (<html>'s is the page's): the font stack of an element in a
  // Devanagari language comes down to all inside it, whatever their own language.
  for (let marked = parent.closest('[lang]'); marked; marked = marked.parentElement?.closest('[lang]') ?? null) {
    if (isDevanagariLanguage(marked.getAttribute('lang')!)) return true;
  }
  return false;
}

/** Whether anything under this node is Devanagari text without the font. */
export function hasUnmarkedDevanagari(node: Node): boolean {
  if (!DEVANAGARI_TEXT.test(node.textContent ?? '')) return false;
  if (node.nodeType === Node.TEXT_NODE) return !covered(node as Text);
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode() as Text | null; text; text = walker.nextNode() as Text | null) {
    if (DEVANAGARI_TEXT.test(text.data) && !covered(text)) return true;
  }
  return false;
}

const typed = (event: Event) => {
  const field = event.target;
  return field instanceof HTMLInputElement && DEVANAGARI_TEXT.test(field.value);
};

/** Watches the page until it shows Devanagari text without the font, then gives it the font. */
export function watchDevanagari(root: HTMLElement = document.body): void {
  const html = document.documentElement;
  if (html.hasAttribute(DEVANAGARI_MARK)) return;
  const takeFont = () => {
    html.setAttribute(DEVANAGARI_MARK, '');
    observer.disconnect();
    removeEventListener('input', onInput, true);
  };
  const onInput = (event: Event) => typed(event) && takeFont();
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      const changed = record.type === 'characterData' ? [record.target] : record.addedNodes;
      for (const node of changed) if (hasUnmarkedDevanagari(node)) return takeFont();
    }
  });
  if (hasUnmarkedDevanagari(root)) return takeFont();
  observer.observe(root, { childList: true, subtree: true, characterData: true });
  addEventListener('input', onInput, true);
}
