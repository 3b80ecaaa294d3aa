// npm run build:server [-- <folder>]: the server and the operator commands as plain JavaScript in
// build/server/ (esbuild), to start with `node build/server/server.js`: no TypeScript compiler at
// run time. Packages stay in node_modules, loaded as they ship. Every file is in one folder,
// because the code finds what it loads at run time beside itself (import.meta.url): the
// migrations, the common-password list, the worker-thread modules and their boot file, and the
// child process that draws uploaded images.
import fs from 'node:fs';
import path from 'node:path';
import { build, type BuildOptions } from 'esbuild';

const out = path.resolve(process.argv[2] ?? 'build/server');
// Package imports resolve from the output upwards: it must sit inside the project.
if (path.relative(process.cwd(), out).startsWith('..')) throw new Error(`build:server: ${out} is outside the project`);

const common: BuildOptions = {
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outdir: out,
  entryNames: '[name]',
  sourcemap: 'linked',
  logLevel: 'warning',
};

const started = Date.now();
fs.rmSync(out, { recursive: true, force: true });
await build({
  ...common,
  entryPoints: {
    server: 'src/server/server.ts',
    admin: 'src/server/ops/admin.ts',
    backup: 'src/server/ops/backup.ts',
    restore: 'src/server/ops/restore.ts',
    ingest: 'src/server/ingest/cli.ts',
    'console-roles': 'src/server/ops/console-roles.ts',
    'id-requests': 'src/server/ops/id-requests.ts',
    zones: 'src/server/ops/zones.ts',
  },
  // Shared code in chunks beside the entries (a subfolder would move their import.meta.url).
  splitting: true,
  chunkNames: 'chunk-[hash]',
});
// Worker-thread modules (workers/bundle.ts takes a .mjs beside the .ts it is asked for) and the
// drawing child, which id-files.ts forks as id-render-boot.mjs.
await build({
  ...common,
  entryPoints: {
    'page-worker': 'src/server/ingest/page-worker.ts',
    'render-worker': 'src/server/demo/render-worker.ts',
    'id-render-boot': 'src/server/services/id-render-child.ts',
  },
  outExtension: { '.js': '.mjs' },
});
fs.copyFileSync('src/server/workers/boot.mjs', path.join(out, 'boot.mjs'));
fs.copyFileSync('src/server/services/common-passwords.txt', path.join(out, 'common-passwords.txt'));
fs.cpSync('src/server/db/migrations', path.join(out, 'migrations'), { recursive: true, filter: (f) => !/\.(ts|js)$/.test(f) });
console.log(
  `Server built into ${path.relative(process.cwd(), out) || '.'} in ${Date.now() - started} ms: node ${path.relative(process.cwd(), path.join(out, 'server.js'))}`,
);
