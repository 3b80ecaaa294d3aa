// The server process never loads pdf.js: under tsx it is about 300 MB of RSS, and its legacy build
// replaces V8's JSON.stringify, JSON.parse and Array.prototype.push with core-js polyfills on
// Node 20 (JSON.stringify then calls a replacer for every value: every answer, body parse and pg
// row got several times slower). Institution IDs render it in their drawing child
// (services/id-files.ts), ingest in its worker threads (ingest/page-pool.ts). Checked in a
// process of its own, where pdf.js would set globalThis.pdfjsLib.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('the server process', () => {
  it('loads no pdf.js and keeps the native JSON and Array.prototype.push once the app, its jobs and the rest of start are loaded', () => {
    const modules = ['app', 'demo/load', 'jobs/index', 'media/relocate', 'cluster'];
    const script = `
      const natives = [JSON.stringify, JSON.parse, Array.prototype.push];
      for (const m of ${JSON.stringify(modules)}) await import('./src/server/' + m + '.ts');
      const now = [JSON.stringify, JSON.parse, Array.prototype.push];
      console.log(JSON.stringify({ pdfjs: 'pdfjsLib' in globalThis, natives: now.map((f, i) => f === natives[i] && /\\[native code\\]/.test(String(f))) }));`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(JSON.parse(out.trim().split('\n').pop()!)).toEqual({ pdfjs: false, natives: [true, true, true] });
  }, 60_000);
});
