// Text extraction keeps Devanagari conjunct glyphs whole (pdfjs-worker.ts), on PDFs made by
// pdf-lib with a shaping font as the demo library's are.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import 'regenerator-runtime/runtime.js';
import { PDFDocument } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import { expect, it } from 'vitest';
import { renderPdf } from './render';

const require = createRequire(import.meta.url);

it('extracts प्रभात, स्वास्थ्य and व्यापार without spaces inside them', async () => {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(
    fs.readFileSync(require.resolve('@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-600-normal.woff')),
    { subset: true },
  );
  const page = doc.addPage([420, 300]);
  ['दैनिक प्रभात', 'सरकार स्वास्थ्य', 'संगीत व्यापार'].forEach((line, i) => page.drawText(line, { x: 20, y: 250 - i * 60, size: 30, font }));
  const { pages } = await renderPdf(await doc.save(), undefined, { large: 420, small: 200, xlarge: 420 });
  expect(pages[0].text.split('\n').map((l) => l.trim())).toEqual(['दैनिक प्रभात', 'सरकार स्वास्थ्य', 'संगीत व्यापार']);
});
