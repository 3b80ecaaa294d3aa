// pdf.js (5.6) takes a glyph for a zero-width mark when its text merely contains one: the
// pattern /^(\s)|(\p{Mn})|(\p{Cf})$/u anchors only its outer alternatives. A Devanagari conjunct
// glyph (प्र, स्, व्य: a halant inside) then loses its width, and text extraction puts a space
// after it ('प्र भात', 'स् वच्छ') or breaks the line there. Until the upstream fix lands
// (mozilla/pdf.js#21890, PR #21960), load pdf.js's worker with the pattern grouped, from a copy
// next to the original. Importing this module is enough: pdf.js in Node uses a worker it finds
// on globalThis.pdfjsWorker. A pdf.js without the faulty pattern is used as it ships.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const FAULTY = String.raw`new RegExp("^(\\s)|(\\p{Mn})|(\\p{Cf})$", "u")`;
const FIXED = String.raw`new RegExp("^(?:(\\s+)|(\\p{Mn}+)|(\\p{Cf}+))$", "u")`;

async function loadFixedWorker(): Promise<unknown> {
  const require = createRequire(import.meta.url);
  const source = fs.readFileSync(require.resolve('pdfjs-dist/legacy/build/pdf.worker.mjs'), 'utf8');
  if (!source.includes(FAULTY)) return undefined;
  const { version } = require('pdfjs-dist/package.json') as { version: string };
  const file = path.join(os.tmpdir(), `lectern-pdf.worker-${version}.mjs`);
  const fixed = source.replace(FAULTY, FIXED).replace(/^\/\/# sourceMappingURL=.*$/m, ''); // the map stays behind
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
