// A PGlite data directory with every migration applied, made once and copied (never opened) for
// each database a test starts: a new PGlite spends seconds of WebAssembly CPU on initdb, and the
// migrations about a second more, which a copy skips. A server or command started on the copy
// opens it as it would a data directory of its own and finds no migration to apply.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** With `dump`, also writes the template as PGlite's dump (an uncompressed tar) to that file. */
export async function makePgliteTemplate(dir: string, dump?: string): Promise<void> {
  // Loaded here only: a process that just copies the template (an end-to-end test worker) does
  // not load PGlite.
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { openPglite } = await import('../../src/server/db/index');
  const { migrate } = await import('../../src/server/db/migrate');
  const db = await openPglite(dir);
  await migrate(db);
  await db.close();
  if (!dump) return;
  const lite = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
  fs.writeFileSync(dump, Buffer.from(await (await lite.dumpDataDir('none')).arrayBuffer()));
  await lite.close();
}

/** Starts DATA_DIR's database (the server keeps PGlite in `<DATA_DIR>/pg`) from the template;
 * a data directory that already has one keeps it. */
export function pgliteFromTemplate(template: string, dataDir: string): void {
  const target = path.join(dataDir, 'pg');
  if (!fs.existsSync(target)) fs.cpSync(template, target, { recursive: true });
}

// `node --import tsx tests/support/pglite-template.ts <dir>` makes one in a process of its own
// (playwright.config.ts: in the Playwright runner, under its module loader, it took twice as long).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await makePgliteTemplate(process.argv[2]);
