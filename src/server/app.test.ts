// The server process must keep V8's own JSON and Array.prototype.push. pdf.js's legacy build
// (ingest) replaces them with core-js polyfills on Node 20 — JSON.stringify then calls a replacer
// for every value and every answer, body parse and pg row got several times slower — so the
// server loads pdf.js only in ingest's worker threads and the render child, never in itself.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('the server process', () => {
  it('keeps the native JSON and Array.prototype.push once the whole app and its jobs are loaded', () => {
    const script = `
      const natives = [JSON.stringify, JSON.parse, Array.prototype.push];
      await import('./src/server/app.ts');
      await import('./src/server/jobs/index.ts');
      const now = [JSON.stringify, JSON.parse, Array.prototype.push];
      console.log(JSON.stringify(now.map((f, i) => f === natives[i] && /\\[native code\\]/.test(String(f)))));`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(JSON.parse(out.trim().split('\n').pop()!)).toEqual([true, true, true]);
  }, 60_000);
});
