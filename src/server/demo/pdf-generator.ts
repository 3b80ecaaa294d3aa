// Makes the demo library's issue PDFs: page 1 a cover (masthead, colour, date, cover lines),
// then article pages. Deterministic for a given seed, so every machine gets the same library.
import 'regenerator-runtime/runtime.js'; // fontkit's Indic shaper expects it
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import { rng, type Rng } from './random';
import { woffToSfnt } from './woff';
import { EN_WORDS, HEADLINES_EN, HEADLINES_HI, HI_WORDS } from './catalogue-data';

export interface IssueSpec {
  titleName: string;
  issueName: string;
  pubDate: string;
  hindi: boolean;
  hue: number; // 0-360: the title's colour
  pages: number;
  seed: number;
  kind: 'magazine' | 'newspaper' | 'journal';
}

const W = 420;
const H = 595;
const require = createRequire(import.meta.url);
let devanagariBytes: Buffer | undefined;
function devanagariFont(): Buffer {
  devanagariBytes ??= woffToSfnt(
    fs.readFileSync(require.resolve('@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-600-normal.woff')),
  );
  return devanagariBytes;
}

function hsl(h: number, s: number, l: number): RGB {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return rgb(f(0), f(8), f(4));
}

// Measuring with a shaping font is slow (fontkit lays out every call), so measure each word once.
const widthCache = new WeakMap<PDFFont, Map<string, number>>();
function wordWidth(font: PDFFont, word: string, size: number): number {
  let cache = widthCache.get(font);
  if (!cache) widthCache.set(font, (cache = new Map()));
  let w = cache.get(word);
  if (w === undefined) cache.set(word, (w = font.widthOfTextAtSize(word, 1)));
  return w * size;
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const space = wordWidth(font, ' ', size);
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  for (const word of text.split(' ')) {
    const w = wordWidth(font, word, size);
    if (line && lineWidth + space + w > width) {
      lines.push(line);
      line = word;
      lineWidth = w;
    } else {
      line = line ? `${line} ${word}` : word;
      lineWidth = line === word ? w : lineWidth + space + w;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function sentence(r: Rng, hindi: boolean): string {
  const words = hindi ? HI_WORDS : EN_WORDS;
  const n = r.int(8, 16);
  const s = Array.from({ length: n }, () => r.pick(words)).join(' ');
  return hindi ? `${s}।` : `${s[0].toUpperCase()}${s.slice(1)}.`;
}

function fitSize(text: string, font: PDFFont, max: number, width: number): number {
  let size = max;
  while (size > 14 && font.widthOfTextAtSize(text, size) > width) size -= 2;
  return size;
}

function drawCover(page: PDFPage, spec: IssueSpec, r: Rng, fonts: Fonts) {
  const bg = hsl(spec.hue, 0.55, 0.42);
  const accent = hsl((spec.hue + 180) % 360, 0.7, 0.6);
  page.drawRectangle({ x: 0, y: 0, width: W, height: H, color: bg });
  // A simple composition of shapes stands in for the cover photograph.
  for (let i = 0; i < 5; i++) {
    page.drawCircle({
      x: r.int(40, W - 40),
      y: r.int(120, 380),
      size: r.int(40, 140),
      color: hsl((spec.hue + r.int(-40, 40) + 360) % 360, 0.5, r.int(25, 70) / 100),
      opacity: 0.55,
    });
  }
  page.drawRectangle({ x: 0, y: H - 120, width: W, height: 120, color: rgb(1, 1, 1), opacity: 0.12 });
  const mastFont = spec.hindi ? fonts.hindi : fonts.display;
  const size = fitSize(spec.titleName, mastFont, 54, W - 40);
  page.drawText(spec.titleName, { x: 20, y: H - 70, size, font: mastFont, color: rgb(1, 1, 1) });
  const issueFont = spec.hindi ? fonts.hindi : fonts.sans;
  page.drawText(spec.issueName, { x: 22, y: H - 100, size: 12, font: issueFont, color: rgb(1, 1, 1) });
  const dateX = 22 + issueFont.widthOfTextAtSize(spec.issueName, 12) + 12;
  page.drawText(spec.pubDate, { x: dateX, y: H - 100, size: 12, font: fonts.sans, color: rgb(1, 1, 1) });
  const headlines = spec.hindi ? HEADLINES_HI : HEADLINES_EN;
  const lineFont = spec.hindi ? fonts.hindi : fonts.bold;
  page.drawRectangle({ x: 20, y: 60, width: 8, height: 130, color: accent });
  for (let i = 0; i < 3; i++) {
    page.drawText(r.pick(headlines), {
      x: 36,
      y: 170 - i * 42,
      size: i === 0 ? 20 : 14,
      font: lineFont,
      color: rgb(1, 1, 1),
      maxWidth: W - 56,
    });
  }
}

function drawArticle(page: PDFPage, spec: IssueSpec, r: Rng, fonts: Fonts, pageNo: number) {
  const bodyFont = spec.hindi ? fonts.hindi : fonts.serif;
  const headFont = spec.hindi ? fonts.hindi : fonts.bold;
  page.drawRectangle({ x: 0, y: H - 28, width: W, height: 28, color: hsl(spec.hue, 0.55, 0.42) });
  const folio = spec.hindi ? String(pageNo) : `${spec.titleName} · ${spec.issueName} · ${pageNo}`;
  page.drawText(folio, { x: 20, y: H - 19, size: 9, font: spec.hindi ? fonts.sans : fonts.sans, color: rgb(1, 1, 1) });
  // A picture block (shapes) over the top half, as magazine spreads have; text below it.
  const pictureTop = H - 40;
  page.drawRectangle({ x: 20, y: 330, width: W - 40, height: pictureTop - 330, color: hsl((spec.hue + 30) % 360, 0.35, 0.8) });
  for (let i = 0; i < 3; i++) {
    page.drawCircle({
      x: r.int(60, W - 60),
      y: r.int(380, 500),
      size: r.int(25, 70),
      color: hsl((spec.hue + r.int(0, 120)) % 360, 0.45, 0.55),
      opacity: 0.7,
    });
  }
  const headline = r.pick(spec.hindi ? HEADLINES_HI : HEADLINES_EN);
  let y = 300;
  for (const line of wrap(headline, headFont, 22, W - 40)) {
    page.drawText(line, { x: 20, y, size: 22, font: headFont, color: rgb(0.1, 0.1, 0.12) });
    y -= 28;
  }
  y -= 6;
  const size = spec.hindi ? 10 : 10.5;
  while (y > 50) {
    const paragraph = Array.from({ length: r.int(3, 5) }, () => sentence(r, spec.hindi)).join(' ');
    for (const line of wrap(paragraph, bodyFont, size, W - 40)) {
      if (y < 40) break;
      if (spec.hindi) drawWords(page, line, 20, y, size, bodyFont);
      else page.drawText(line, { x: 20, y, size, font: bodyFont, color: rgb(0.15, 0.15, 0.17) });
      y -= size * 1.55;
    }
    y -= 8;
  }
}

/** Shaping Devanagari (fontkit) is slow; body text repeats words, so shape each word once. */
function memoiseEncoding(font: PDFFont): PDFFont {
  const encode = font.encodeText.bind(font);
  const cache = new Map<string, ReturnType<PDFFont['encodeText']>>();
  font.encodeText = (text: string) => {
    let hex = cache.get(text);
    if (!hex) cache.set(text, (hex = encode(text)));
    return hex;
  };
  return font;
}

/** Draws a line word by word so a memoised font shapes each word once. */
function drawWords(page: PDFPage, line: string, x: number, y: number, size: number, font: PDFFont) {
  const space = wordWidth(font, ' ', size);
  for (const word of line.split(' ')) {
    page.drawText(word, { x, y, size, font, color: rgb(0.15, 0.15, 0.17) });
    x += wordWidth(font, word, size) + space;
  }
}

interface Fonts {
  display: PDFFont;
  bold: PDFFont;
  sans: PDFFont;
  serif: PDFFont;
  hindi: PDFFont;
}

export async function generateIssuePdf(spec: IssueSpec): Promise<Uint8Array> {
  const r = rng(spec.seed);
  const doc = await PDFDocument.create();
  doc.setTitle(`${spec.titleName} — ${spec.issueName}`);
  doc.setCreationDate(new Date(`${spec.pubDate}T00:00:00Z`));
  doc.setModificationDate(new Date(`${spec.pubDate}T00:00:00Z`));
  const display = await doc.embedFont(spec.kind === 'newspaper' ? StandardFonts.TimesRomanBold : StandardFonts.HelveticaBold);
  const fonts: Fonts = {
    display,
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    sans: await doc.embedFont(StandardFonts.Helvetica),
    serif: await doc.embedFont(StandardFonts.TimesRoman),
    hindi: display,
  };
  if (spec.hindi) {
    doc.registerFontkit(fontkit);
    fonts.hindi = memoiseEncoding(await doc.embedFont(devanagariFont(), { subset: true }));
    // A glyph's text in the PDF (ToUnicode) is that of its first use, and this font draws ई as
    // the glyph of इ plus the reph glyph. Lay out a reph and इ first, so they read र् and इ
    // (ingest turns 'इर्' into ई). Had ई come first, every reph of the issue would read as
    // nothing and every इ as ई.
    fonts.hindi.encodeText('र्क इ');
  }
  drawCover(doc.addPage([W, H]), spec, r, fonts);
  for (let n = 2; n <= spec.pages; n++) drawArticle(doc.addPage([W, H]), spec, r, fonts, n);
  return doc.save({ useObjectStreams: false });
}
