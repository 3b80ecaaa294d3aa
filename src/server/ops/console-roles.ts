// Operator command for the librarian console's roles (an admin can then grant them in the console):
//   npm run console-roles                                       lists who has a console role
//   npm run console-roles -- grant <email> librarian <org code>  makes the account a librarian of
//                                                               the institution with that org code
//   npm run console-roles -- grant <email> admin                 makes the account an admin (all institutions)
//   npm run console-roles -- remove <email>                      takes the role away
// Every change is written to the console's audit log as made by 'operator'. Uses the same
// DATABASE_URL / DATA_DIR as the server. PGlite is one process: stop the server first when it
// runs on PGlite.
import { loadConfig } from '../config';
import { openDb } from '../db/index';
import { migrate } from '../db/migrate';
import { consoleRoles, grantConsoleRole, removeConsoleRole, type RoleChange } from '../repositories/console';

const USAGE = 'Usage: npm run console-roles [-- list | grant <email> librarian <org code> | grant <email> admin | remove <email>]';
const [action, email, role, orgCode] = process.argv.slice(2);
const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });

function report(change: RoleChange, done: string): void {
  if (!change.ok) throw new Error(change.reason);
  console.log(done);
}

try {
  await migrate(db);
  if (!action || action === 'list') {
    const rows = await consoleRoles(db);
    if (!rows.length) console.log('Nobody has a console role.');
    for (const r of rows) console.log(`${r.role.padEnd(9)}  ${r.email ?? '(no e-mail)'}${r.institution ? `  ${r.institution}` : ''}`);
  } else if (action === 'grant' && email && (role === 'admin' || role === 'librarian') && (role === 'admin') === !orgCode) {
    report(
      await grantConsoleRole(db, { email, role, orgCode: orgCode ?? null, actorId: null }),
      role === 'admin' ? `${email} is now an admin.` : `${email} is now a librarian of ${orgCode}.`,
    );
  } else if (action === 'remove' && email && !role) {
    report(await removeConsoleRole(db, email, null), `${email} has no console role any more.`);
  } else {
    throw new Error(USAGE);
  }
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await db.close();
}
