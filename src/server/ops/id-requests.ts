// Operator command for institution ID requests until the librarian console exists:
//   npm run id-requests                 lists pending requests with the file to look at (an image
//                                       the server drew from the upload: WebP, a PDF's first page)
//   npm run id-requests -- approve <id> links the reader to the institution they asked for
//   npm run id-requests -- reject <id>  declines the request (the file is deleted)
// Uses the same DATABASE_URL / DATA_DIR as the server. PGlite is one process: stop the server
// first when it runs on PGlite.
import path from 'node:path';
import { loadConfig } from '../config';
import { openDb } from '../db/index';
import { migrate } from '../db/migrate';
import { idDir } from '../services/id-files';
import { decideIdRequest, pendingIdRequests } from '../repositories/id-requests';

const [action, idArg] = process.argv.slice(2);
const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(db);
  if (!action || action === 'list') {
    const rows = await pendingIdRequests(db);
    if (!rows.length) console.log('No pending ID requests.');
    for (const r of rows) {
      console.log(
        `#${r.id}  ${r.created_at.toISOString().slice(0, 16)}  ${r.name || '(no name)'} <${r.email ?? '-'}>  asks to join ${r.institution ?? '(unknown)'}`,
      );
      console.log(`     ${r.mime}, ${Math.ceil(r.bytes / 1024)} KB: ${path.join(idDir(config.privateDir), r.file_name)}`);
    }
  } else if ((action === 'approve' || action === 'reject') && /^\d+$/.test(idArg ?? '')) {
    if (!(await decideIdRequest(db, config.privateDir, Number(idArg), action))) throw new Error(`No pending ID request #${idArg}.`);
    console.log(`ID request #${idArg} ${action === 'approve' ? 'approved: the reader is linked to the institution' : 'rejected'}.`);
  } else {
    throw new Error('Usage: npm run id-requests [-- list | approve <id> | reject <id>]');
  }
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await db.close();
}
