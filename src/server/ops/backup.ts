// Operator command: npm run backup -- <file>
// Writes one archive with the database (pg_dump on PostgreSQL; PGlite's data directory, with the
// server stopped) and every media file (MEDIA_DIR or the S3 bucket): see backups.ts. Uses the
// same DATABASE_URL / DATA_DIR / MEDIA_DIR / S3_* as the server.
import { loadConfig } from '../config';
import { BackupRefusal, createBackup } from './backups';

const [file, extra] = process.argv.slice(2);
if (!file || extra || file.startsWith('-')) {
  console.error('Usage: npm run backup -- <file>   (e.g. lectern-2026-11-30.tar)');
  process.exit(1);
}
try {
  const started = Date.now();
  const m = await createBackup(loadConfig(), file);
  console.log(
    `Backup written to ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s: the ${m.database} database (schema ${m.schemaVersion}), ` +
      `${m.media.public} public files and ${m.media.pages} page images.`,
  );
} catch (err) {
  console.error(err instanceof BackupRefusal ? err.message : `Backup failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
