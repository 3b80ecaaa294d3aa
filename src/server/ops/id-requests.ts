// Operator command for institution ID requests (librarians decide them in the console; this stays
// for scripts, and decides through the same code: audited, and the reader is told):
//   npm run id-requests                 lists pending requests with the file to look at (an image
//                                       the server drew from the upload: WebP, a PDF's first page)
//   npm run id-requests -- approve <id> links the reader to the institution they asked for
//   npm run id-requests -- reject <id> <reason>  declines the request (the file is deleted)
// Uses the same DATABASE_URL / DATA_DIR / SMTP_URL as the server. PGlite is one process: stop the
// server first when it runs on PGlite.
import path from 'node:path';
import { loadConfig } from '../config';
import { openDb } from '../db/index';
import { migrate } from '../db/migrate';
import { idDir } from '../services/id-files';
import { createMailer, createOutboxSms } from '../services/mailer';
import { decideAndTell } from '../services/id-decisions';
import { pendingIdRequests } from '../repositories/id-requests';

const [action, idArg, ...reasonWords] = process.argv.slice(2);
const reason = reasonWords.join(' ').trim();
const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(db);
  if (!action || action === 'list') {
    const rows = await pendingIdRequests(db);
    if (!rows.length) console.log('No pending ID requests.');
    for (const r of rows) {
      console.log(
        `#${r.id}  ${r.created_at.toISOString().slice(0, 16)}  ${r.name || '(no name)'} <${r.email ?? r.mobile ?? '-'}>  asks to join ${r.institution ?? '(unknown)'}`,
      );
      console.log(`     ${r.mime}, ${Math.ceil(r.bytes / 1024)} KB: ${path.join(idDir(config.privateDir), r.file_name)}`);
    }
  } else if ((action === 'approve' || (action === 'reject' && reason)) && /^\d+$/.test(idArg ?? '')) {
    const deps = {
      db,
      mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir }),
      sms: createOutboxSms(config.outboxDir),
      privateDir: config.privateDir,
      warn: (err: unknown) => console.error(`The reader could not be told: ${(err as Error).message}`),
    };
    const base = { id: Number(idArg), institutionId: null, actorId: null };
    const done = await decideAndTell(
      deps,
      action === 'approve' ? { ...base, decision: 'approve' } : { ...base, decision: 'reject', reason },
    );
    if (!done) throw new Error(`No pending ID request #${idArg}.`);
    console.log(`ID request #${idArg} ${action === 'approve' ? 'approved: the reader is linked to the institution' : 'rejected'}.`);
  } else {
    throw new Error('Usage: npm run id-requests [-- list | approve <id> | reject <id> <reason>]');
  }
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await db.close();
}
