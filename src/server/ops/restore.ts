// Operator command: npm run restore -- <file> [--force]
// Restores a backup (npm run backup) into the database and media store this configuration names
// (DATABASE_URL or DATA_DIR, MEDIA_DIR or S3_*): see backups.ts. Both must be empty; --force
// restores over what is there. Stop the server first. The next start applies any newer migrations.
import { loadConfig } from '../config';
import { BackupRefusal, restoreBackup } from './backups';

const args = process.argv.slice(2);
const force = args.includes('--force');
const files = args.filter((a) => a !== '--force');
if (files.length !== 1 || files[0].startsWith('-')) {
  console.error('Usage: npm run restore -- <file> [--force]');
  process.exit(1);
}
try {
  const started = Date.now();
  const m = await restoreBackup(loadConfig(), files[0], { force });
  console.log(
    `Restored ${files[0]} (made ${m.createdAt}) in ${((Date.now() - started) / 1000).toFixed(1)} s. Start the server: it applies any newer migrations.`,
  );
} catch (err) {
  console.error(err instanceof BackupRefusal ? err.message : `Restore failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
