import fs from 'node:fs';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, chromiumPath } from '../../../tests/support/chromium';
import { itemsText } from './page-text';
import { renderPdf } from './render';

const require = createRequire(import.meta.url);

describe('itemsText', () => {
  it('joins items with a space, or the line break pdf.js saw', () => {
    expect(itemsText([{ str: 'Monsoon' }, { str: 'markets', hasEOL: true }, { str: 'rally' }])).toBe('Monsoon markets\nrally');
  });

  it("puts a span's ActualText in place of its glyphs, inside the word", () => {
    const span = (actualText: string | null, ...strs: string[]) => [
      { type: 'beginMarkedContentProps', actualText },
      ...strs.map((str) => ({ str })),
      { type: 'endMarkedContent' },
    ];
    // Chromium's 'ऊर्जा की': ऊ, then र्जा as a span of glyphs without text, then ' की'
    expect(itemsText([{ str: 'ऊ' }, ...span('र्जा', '\u0000', 'ज', '\u0000'), { str: ' की' }])).toBe('ऊर्जा की');
    // a space before the span is kept; a span without ActualText keeps its items
    expect(itemsText([{ str: 'पर' }, ...span('वि', ' \u0000व'), ...span(null, 'द्'), { str: 'या' }])).toBe('पर विद् या');
    // nested spans: the outer ActualText wins
    const open = (actualText: string | null) => ({ type: 'beginMarkedContentProps', actualText });
    const end = { type: 'endMarkedContent' };
    expect(itemsText([open('किताब'), open('कि'), { str: 'x' }, end, open(null), { str: 'y' }, end, end, { str: ' है' }])).toBe('किताब है');
    expect(itemsText([{ str: 'नई' }, open(' किताब')])).toBe('नई किताब'); // never closed
  });
});

// A Hindi page printed by Chromium (Skia): glyphs that do not map to one character (ि, reph,
// conjuncts) have no text of their own and their cluster's text is in an ActualText span. Before,
// those glyphs came out as NUL characters and words were cut at every span.
it('reads a Hindi page printed by Chromium as the text it was printed from', async () => {
  const text = 'स्वच्छ ऊर्जा और स्वास्थ्य पर विद्यार्थी की किताब। कृषि, राजनीति और हिंदी में प्रभात समाचार।';
  const font = fs
    .readFileSync(require.resolve('@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2'))
    .toString('base64');
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  let pdf: Buffer;
  try {
    const page = await browser.newPage();
    await page.setContent(
      `<html lang="hi"><style>@font-face{font-family:Hindi;src:url(data:font/woff2;base64,${font})}</style>
       <body style="font:20px Hindi"><p>${text}</p></body></html>`,
    );
    await page.evaluate(() => document.fonts.ready);
    pdf = await page.pdf({ format: 'A5' });
  } finally {
    await browser.close();
  }
  const { pages } = await renderPdf(pdf, undefined, { large: 420, small: 200, xlarge: 420 });
  expect(pages[0].text.replace(/\s+/g, ' ')).toBe(text);
}, 60_000);
