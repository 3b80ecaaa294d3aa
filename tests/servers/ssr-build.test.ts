// The server's drawing of first screens as `npm run build` makes it (`vite build --ssr`): React's
// production build whatever NODE_ENV the server starts with. Its packages are bundled into it,
// their checks of NODE_ENV settled at build time, so it imports only Node's own modules (with
// NODE_ENV unset, as on a local start, React's development build was picked at run time and took
// 25-100 % longer to draw a first screen).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';

const out = path.resolve('.tmp', `ssr-build-test-${process.pid}`);
beforeAll(() => {
  execFileSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--ssr', 'src/app/entry-server.tsx', '--outDir', out, '--logLevel', 'warn'],
    {
      stdio: 'pipe',
      env: { ...process.env, NODE_ENV: '' },
    },
  );
}, 120_000);
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

const code = () =>
  fs
    .readdirSync(out, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.js'))
    .map((f) => fs.readFileSync(path.join(out, f), 'utf8'));

it('imports only Node’s own modules', () => {
  const imported = new Set<string>();
  // Static imports and exports start a line; import() and require() take a plain string.
  const statements = /^(?:import|export)\b[^'"`;]*?["']([^"']+)["'];?$|\b(?:import|require)\(["']([^"']+)["']\)/gm;
  for (const text of code()) for (const m of text.matchAll(statements)) imported.add(m[1] ?? m[2]);
  expect(imported.size).toBeGreaterThan(10); // its own chunks at least: the pattern reads the build
  const packages = [...imported].filter((s) => !s.startsWith('.') && !s.startsWith('node:') && !builtinModules.includes(s));
  expect(packages).toEqual([]);
});

it('holds React’s production build and no check of NODE_ENV', () => {
  const all = code().join('\n');
  expect(all).toContain('renderToString');
  expect(all).not.toContain('Each child in a list should have a unique'); // a warning of React's development build
  expect(all).not.toMatch(/process\.env\.NODE_ENV|process\.env\[["']NODE_ENV["']\]/);
});
