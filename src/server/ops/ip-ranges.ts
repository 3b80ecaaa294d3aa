// Operator command for campus ranges (IP authentication), beyond what the console allows: any
// range (a LAN install's private network, a wide allocation), approved at once.
//   npm run ip-ranges                           lists every range
//   npm run ip-ranges -- add <org code> <cidr>  adds one to the institution with that org code
//   npm run ip-ranges -- remove <range id>      removes one
// Overlapping approved ranges are refused here too. Every change is in the audit log (as the
// operator). Uses the same DATABASE_URL / DATA_DIR as the server; PGlite is one process: stop the
// server first when it runs on PGlite.
import { loadConfig } from '../config';
import { openDb } from '../db/index';
import { migrate } from '../db/migrate';
import { isRefusal } from '../repositories/refusal';
import { allRanges, proposeRange, removeRange } from '../repositories/ip-access';
import { isCidr } from '../../shared/schemas/zones';

const USAGE = `Usage:
  npm run ip-ranges
  npm run ip-ranges -- add <org code> <cidr>
  npm run ip-ranges -- remove <range id>`;

const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const fail = (message: string) => {
  console.error(message);
  process.exitCode = 1;
};
try {
  await migrate(db);
  const [action = 'list', a, b, ...extra] = process.argv.slice(2);
  if (extra.length) fail(USAGE);
  else if (action === 'list') {
    const ranges = await allRanges(db);
    console.log(
      ranges.length
        ? ranges.map((r) => `${r.id}\t${r.network}\t${r.orgCode}\t${r.state}`).join('\n')
        : 'No campus ranges yet. Add one with: npm run ip-ranges -- add <org code> <cidr>',
    );
  } else if (action === 'add' && a && b) {
    const { rows } = await db.query<{ id: number }>('SELECT id FROM institutions WHERE con_code = $1', [a]);
    if (!rows[0]) fail(`No institution has the org code ${a}.`);
    else if (!isCidr(b)) fail(`${b} is not a network such as 10.20.0.0/16 or 2001:db8::/48.`);
    else {
      const done = await proposeRange(db, rows[0].id, b, { id: null, admin: true, operator: true });
      if (isRefusal(done)) fail(done.message);
      else console.log(`Added ${b} to ${a}: readers there read its subscription now.`);
    }
  } else if (action === 'remove' && a && /^\d{1,9}$/.test(a) && !b) {
    const { rows } = await db.query<{ institution_id: number }>('SELECT institution_id FROM institution_ip_ranges WHERE id = $1', [
      Number(a),
    ]);
    const done = rows[0] ? await removeRange(db, rows[0].institution_id, Number(a), null) : null;
    if (!done || isRefusal(done)) fail(`There is no range ${a}.`);
    else console.log(`Removed range ${a}.`);
  } else fail(USAGE);
} catch (err) {
  fail(`Failed: ${(err as Error).message}`);
} finally {
  await db.close();
}
