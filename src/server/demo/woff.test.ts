import 'regenerator-runtime/runtime.js';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { describe, expect, it } from 'vitest';
import { woffToSfnt } from './woff';

const require = createRequire(import.meta.url);
const woff = fs.readFileSync(require.resolve('@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-600-normal.woff'));

describe('woffToSfnt', () => {
  it('gives the font the WOFF wraps: the same tables, glyphs and shaping of Hindi text', () => {
    const sfnt = woffToSfnt(woff);
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4)); // the flavour
    expect(sfnt.length).toBe(woff.readUInt32BE(16)); // the WOFF's totalSfntSize
    const wrapped = fontkit.create(woff);
    const plain = fontkit.create(sfnt);
    expect(plain.postscriptName).toBe(wrapped.postscriptName);
    expect(plain.numGlyphs).toBe(wrapped.numGlyphs);
    const ids = (font: typeof plain) => font.layout('हिन्दी पत्रिका ई').glyphs.map((g) => g.id);
    expect(ids(plain)).toEqual(ids(wrapped));
  });

  it('refuses what is not a WOFF 1.0 font', () => {
    expect(() => woffToSfnt(Buffer.from('wOF2 and more bytes than a header'))).toThrow('not a WOFF 1.0 font');
  });
});
