// An idle server does not hold pdf.js (about 300 MB of RSS under tsx): the modules server.ts
// imports must not load it. Institution IDs render it in their drawing child (services/id-files.ts),
// ingest in its worker threads (ingest/page-pool.ts). Checked in a process of its own, where
// pdf.js would set globalThis.pdfjsLib.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

it('the server starts without loading pdf.js', async () => {
  const modules = ['app', 'demo/load', 'jobs/index', 'media/relocate', 'cluster'].map((m) => `import('./src/server/${m}.ts')`);
  const script = `Promise.all([${modules.join(', ')}]).then(() => process.stdout.write(String('pdfjsLib' in globalThis)))`;
  const { stdout } = await promisify(execFile)(path.join(ROOT, 'node_modules/.bin/tsx'), ['-e', script], { cwd: ROOT });
  expect(stdout).toBe('false');
}, 60_000);
