// Operator command for the first library console admin, with no default password:
//   npm run admin -- create <email>
// makes the account (or finds it), gives it the admin role and prints a sign-in code that works
// once (create-admin.ts). Running it again gives a new code. Uses the same DATABASE_URL / DATA_DIR
// as the server. PGlite is one process: stop the server first when it runs on PGlite.
import { loadConfig } from '../config';
import { openDb } from '../db/index';
import { migrate } from '../db/migrate';
import { ADMIN_CODE_TTL_S, createAdmin } from './create-admin';

const USAGE = 'Usage: npm run admin -- create <email>';
const [action, email, extra] = process.argv.slice(2);

if (action !== 'create' || !email || extra) {
  console.error(USAGE);
  process.exit(1);
}
const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(db);
  const admin = await createAdmin(db, email);
  console.log(`${admin.email} ${admin.created ? 'was made and ' : ''}is an admin of the library console.`);
  console.log(`Sign in once at ${config.publicUrl}/login/code with the code ${admin.code} (good for ${ADMIN_CODE_TTL_S / 60} minutes),`);
  console.log('then set a password in My Account, or sign in later with a one-time code by e-mail.');
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await db.close();
}
