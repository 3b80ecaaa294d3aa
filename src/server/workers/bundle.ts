// A worker module compiled to one plain JavaScript file before its threads start. Worker threads
// do not inherit tsx's loader, and loading pdf.js through tsx cost about 240 MB of RSS in every
// thread (its transform and the source maps it keeps), against about 60 MB as plain JavaScript.
// Built by esbuild (which tsx itself runs on) when a pool starts, so there is no build step to
// forget and it is never stale; packages stay external and load from node_modules as they ship.
// The built server (scripts/build-server.ts) has them built already, beside it: used as they are.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Inside the project, so the bundle's package imports resolve to its node_modules. */
const OUT_DIR = fileURLToPath(new URL('../../../node_modules/.cache/lectern-workers/', import.meta.url));

/** The file URL of `module` (a .ts worker module) as one JavaScript file, content-addressed: a changed
 * source gets a new file, and processes that start at once never read a half-written one. */
export async function bundleWorker(module: URL): Promise<URL> {
  const prebuilt = new URL(module.href.replace(/\.ts$/, '.mjs'));
  if (prebuilt.href !== module.href && fs.existsSync(prebuilt)) return prebuilt;
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [fileURLToPath(module)],
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  const name = `${path.basename(module.pathname, '.ts')}-${crypto.createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`;
  const file = path.join(OUT_DIR, name);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(OUT_DIR, { recursive: true });
    const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(tmp, code);
    fs.renameSync(tmp, file);
  }
  return pathToFileURL(file);
}
