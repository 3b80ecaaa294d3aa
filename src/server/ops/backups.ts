// Backups: one archive (tar) with the database and every media file, and the way back.
//   lectern-backup.json      what it holds: database kind, schema version, counts
//   database.pgdump          PostgreSQL: pg_dump's custom format (a consistent snapshot)
//   database.pglite.tar.gz   PGlite: its data directory (PGlite's dumpDataDir; the server stopped)
//   media/public/<name>      covers, logos, story images
//   media/pages/<name>       page images
// The database is dumped first and the media listed after it, so every file the dump names is in
// the archive (names are content-addressed and never reused). A restore goes into an empty
// database and an empty media store only, unless told (force): then PostgreSQL's objects are
// dropped and made again, a PGlite directory is moved aside, and media files are written over.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { Config } from '../config';
import { openStorage } from '../media/open-storage';
import type { Area } from '../media/storage';
import { migrationFiles } from '../db/migrate';
import { runPgTool } from './pg-tools';
import { createTar, extractEntry, readEntry, readTar, type TarEntry } from './tar';

const MANIFEST = 'lectern-backup.json';
const PG_DUMP = 'database.pgdump';
const PGLITE_DUMP = 'database.pglite.tar.gz';
const AREAS: Area[] = ['public', 'pages'];
/** A media file's name as storage makes it; anything else in a media folder (a marker, a file
 * being written) is not backed up, and an archive naming anything else is refused. */
const MEDIA_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}\.[A-Za-z0-9]{1,8}$/;

export interface Manifest {
  format: 'lectern-backup';
  version: 1;
  createdAt: string;
  database: 'postgres' | 'pglite';
  /** The newest migration the database had. */
  schemaVersion: number;
  media: Record<Area, number>;
}

type BackupConfig = Pick<Config, 'databaseUrl' | 'dataDir' | 'mediaDir' | 's3'>;

/** Refused before anything is written, in one line. */
export class BackupRefusal extends Error {}

const pgliteDir = (config: BackupConfig) => path.join(config.dataDir, 'pg');

async function openPgliteDir(dataDir: string, loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create({ dataDir, extensions: { pg_trgm }, loadDataDir });
}

async function schemaVersion(query: (sql: string) => Promise<{ rows: { v: number | null }[] }>): Promise<number> {
  const { rows } = await query('SELECT max(version)::int AS v FROM schema_migrations');
  return rows[0]?.v ?? 0;
}

async function withPostgres<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** PGlite writes postmaster.pid while it is open and removes it when it closes. */
function assertPgliteClosed(dir: string): void {
  if (fs.existsSync(path.join(dir, 'postmaster.pid')))
    throw new BackupRefusal(
      `The PGlite database in ${dir} is open (postmaster.pid): stop the server first. If it is stopped, it did not stop cleanly: start and stop it once.`,
    );
}

/** Writes the archive; it appears under its name only once complete. */
export async function createBackup(config: BackupConfig, file: string, log: (line: string) => void = console.log): Promise<Manifest> {
  if (fs.existsSync(file)) throw new BackupRefusal(`${file} exists already: name a new file.`);
  const partial = `${file}.partial`;
  const dump = `${file}.database`;
  fs.rmSync(partial, { force: true });
  fs.rmSync(dump, { force: true });
  try {
    let database: Manifest['database'];
    let version: number;
    if (config.databaseUrl) {
      database = 'postgres';
      version = await withPostgres(config.databaseUrl, (c) => schemaVersion((sql) => c.query(sql)));
      log('Dumping the PostgreSQL database (pg_dump)…');
      await runPgTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${dump}`], config.databaseUrl);
    } else {
      database = 'pglite';
      const dir = pgliteDir(config);
      if (!fs.existsSync(dir)) throw new BackupRefusal(`There is no PGlite database in ${dir} (DATA_DIR).`);
      assertPgliteClosed(dir);
      log(`Dumping the PGlite database in ${dir}…`);
      const lite = await openPgliteDir(dir);
      try {
        version = await schemaVersion((sql) => lite.query(sql));
        fs.writeFileSync(dump, Buffer.from(await (await lite.dumpDataDir('gzip')).arrayBuffer()));
      } finally {
        await lite.close();
      }
    }
    const storage = openStorage(config);
    const listed: Record<Area, { name: string }[]> = { public: [], pages: [] };
    for (const area of AREAS) listed[area] = (await storage.list(area)).filter((e) => MEDIA_NAME.test(e.name));
    const manifest: Manifest = {
      format: 'lectern-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      database,
      schemaVersion: version,
      media: { public: listed.public.length, pages: listed.pages.length },
    };
    const tar = await createTar(partial);
    try {
      const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2) + '\n');
      await tar.add(MANIFEST, manifestBytes.length, manifestBytes);
      await tar.add(database === 'postgres' ? PG_DUMP : PGLITE_DUMP, fs.statSync(dump).size, fs.createReadStream(dump));
      const total = listed.public.length + listed.pages.length;
      let done = 0;
      for (const area of AREAS) {
        for (const { name } of listed[area]) {
          const opened = await storage.open(area, name);
          if (!opened?.body) {
            log(`  ${area}/${name} went away while the backup ran (removed by the sweep): left out`);
            continue;
          }
          await tar.add(`media/${area}/${name}`, opened.size, opened.body, opened.lastModified);
          if (++done % 1000 === 0) log(`  media: ${done}/${total} files`);
        }
      }
    } finally {
      await tar.close();
    }
    fs.renameSync(partial, file);
    return manifest;
  } finally {
    fs.rmSync(partial, { force: true });
    fs.rmSync(dump, { force: true });
  }
}

/** The archive's manifest and entries; anything that is not a Lectern backup is refused. */
async function openArchive(file: string): Promise<{ manifest: Manifest; entries: TarEntry[] }> {
  if (!fs.existsSync(file)) throw new BackupRefusal(`${file} does not exist.`);
  const entries: TarEntry[] = [];
  try {
    for await (const entry of readTar(file)) entries.push(entry);
  } catch (err) {
    throw new BackupRefusal(`${file} is not a Lectern backup: ${(err as Error).message}`);
  }
  const first = entries[0];
  let manifest: Manifest | undefined;
  try {
    manifest = first?.name === MANIFEST ? (JSON.parse((await readEntry(file, first)).toString('utf8')) as Manifest) : undefined;
  } catch {
    manifest = undefined;
  }
  if (manifest?.format !== 'lectern-backup' || manifest.version !== 1)
    throw new BackupRefusal(`${file} is not a Lectern backup (no ${MANIFEST}).`);
  for (const e of entries.slice(1)) {
    const [top, area, name, extra] = e.name.split('/');
    const media = top === 'media' && (AREAS as string[]).includes(area) && MEDIA_NAME.test(name ?? '') && extra === undefined;
    if (!media && e.name !== PG_DUMP && e.name !== PGLITE_DUMP)
      throw new BackupRefusal(`${file} holds ${e.name}, which no Lectern backup has.`);
  }
  return { manifest, entries };
}

/** Why the target is not empty, or null. */
async function occupied(config: BackupConfig, manifest: Manifest): Promise<string | null> {
  if (manifest.database === 'postgres') {
    const tables = await withPostgres(config.databaseUrl!, async (c) => {
      const { rows } = await c.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S')`,
      );
      return rows[0].n;
    });
    if (tables) return `the database has ${tables} tables and other objects already`;
  } else {
    const dir = pgliteDir(config);
    if (fs.existsSync(dir) && fs.readdirSync(dir).length) return `${dir} holds a database already`;
  }
  const storage = openStorage(config);
  for (const area of AREAS) {
    const n = (await storage.list(area)).filter((e) => MEDIA_NAME.test(e.name)).length;
    if (n) return `the media store has ${n} ${area === 'public' ? 'public files' : 'page images'} already`;
  }
  return null;
}

export async function restoreBackup(
  config: BackupConfig,
  file: string,
  opts: { force?: boolean; log?: (line: string) => void } = {},
): Promise<Manifest> {
  const log = opts.log ?? console.log;
  const { manifest, entries } = await openArchive(file);
  const known = Math.max(0, ...migrationFiles().map((m) => m.version));
  if (manifest.schemaVersion > known)
    throw new BackupRefusal(
      `This backup was made by a newer Lectern (schema ${manifest.schemaVersion}; this one knows ${known}): restore it with that version.`,
    );
  if (manifest.database === 'postgres' && !config.databaseUrl)
    throw new BackupRefusal('This backup holds a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into.');
  if (manifest.database === 'pglite' && config.databaseUrl)
    throw new BackupRefusal('This backup holds a PGlite database: unset DATABASE_URL and set DATA_DIR to restore it into.');
  if (manifest.database === 'pglite') assertPgliteClosed(pgliteDir(config));
  const busy = await occupied(config, manifest);
  if (busy && !opts.force)
    throw new BackupRefusal(`Refusing to restore: ${busy}. Restore into an empty one, or add --force to restore over it.`);

  const storage = openStorage(config);
  const media = entries.filter((e) => e.name.startsWith('media/'));
  for (const [i, entry] of media.entries()) {
    const [, area, name] = entry.name.split('/');
    await storage.write(area as Area, name, await readEntry(file, entry));
    if ((i + 1) % 1000 === 0) log(`  media: ${i + 1}/${media.length} files`);
  }
  log(`Media restored: ${manifest.media.public} public files, ${manifest.media.pages} page images.`);

  const dumpEntry = entries.find((e) => e.name === (manifest.database === 'postgres' ? PG_DUMP : PGLITE_DUMP));
  if (!dumpEntry) throw new BackupRefusal(`${file} holds no database.`);
  if (manifest.database === 'postgres') {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-restore-'));
    try {
      const dump = path.join(tmp, PG_DUMP);
      await extractEntry(file, dumpEntry, dump);
      log('Restoring the PostgreSQL database (pg_restore)…');
      const clean = busy ? ['--clean', '--if-exists'] : [];
      await runPgTool(
        'pg_restore',
        ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', ...clean, dump],
        config.databaseUrl!,
      );
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  } else {
    const dir = pgliteDir(config);
    if (busy && fs.existsSync(dir) && fs.readdirSync(dir).length) {
      const aside = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      fs.renameSync(dir, aside);
      log(`The database that was there is kept in ${aside}.`);
    }
    log(`Restoring the PGlite database into ${dir}…`);
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    const lite = await openPgliteDir(dir, new Blob([new Uint8Array(await readEntry(file, dumpEntry))]));
    await lite.close();
  }
  return manifest;
}
