// pdf.js's worker as ingest loads it, with two changes to its text extraction (pdf.js 5.6):
// - It takes a glyph for a zero-width mark when its text merely contains one: the pattern
//   /^(\s)|(\p{Mn})|(\p{Cf})$/u anchors only its outer alternatives. A Devanagari conjunct glyph
//   (प्र, स्, व्य: a halant inside) then loses its width, and extraction puts a space after it
//   ('प्र भात', 'स् वच्छ') or breaks the line there. Grouped, as upstream proposes
//   (mozilla/pdf.js#21890, PR #21960).
// - It drops a marked span's /ActualText. Chromium (Skia) prints every glyph it cannot map to one
//   character (ि before its consonant, a reph, a conjunct) with no text and puts the cluster's
//   text in an ActualText span; the text-content item that opens the span now carries it, so
//   page-text.ts can use it.
// Importing this module is enough: pdf.js in Node uses a worker it finds on
// globalThis.pdfjsWorker. A pdf.js whose source no longer has these lines is used as it ships.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const PATCHES: [string, string][] = [
  [String.raw`new RegExp("^(\\s)|(\\p{Mn})|(\\p{Cf})$", "u")`, String.raw`new RegExp("^(?:(\\s+)|(\\p{Mn}+)|(\\p{Cf}+))$", "u")`],
  [
    'type: "beginMarkedContentProps",\n',
    'type: "beginMarkedContentProps",\n actualText: args[1] instanceof Dict && typeof args[1].get("ActualText") === "string" ? stringToPDFString(args[1].get("ActualText")) : null,\n',
  ],
];

async function loadFixedWorker(): Promise<unknown> {
  const require = createRequire(import.meta.url);
  const source = fs.readFileSync(require.resolve('pdfjs-dist/legacy/build/pdf.worker.mjs'), 'utf8');
  if (!PATCHES.every(([from]) => source.split(from).length === 2)) return undefined;
  const fixed = PATCHES.reduce((s, [from, to]) => s.replace(from, to), source).replace(/^\/\/# sourceMappingURL=.*$/m, ''); // the map stays behind
  const { version } = require('pdfjs-dist/package.json') as { version: string };
  const file = path.join(os.tmpdir(), `lectern-pdf.worker-${version}-${Buffer.byteLength(fixed)}.mjs`);
  if (!fs.existsSync(file) || fs.statSync(file).size !== Buffer.byteLength(fixed)) {
    // several threads may start at once: each writes its own file and renames it into place
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    fs.writeFileSync(tmp, fixed);
    fs.renameSync(tmp, file);
  }
  return import(/* @vite-ignore */ pathToFileURL(file).href);
}

const g = globalThis as { pdfjsWorker?: unknown };
g.pdfjsWorker ??= await loadFixedWorker();
