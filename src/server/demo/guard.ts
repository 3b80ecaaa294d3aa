// The demo's accounts outside a local-only start. Loaded once on a laptop, they stay in the
// database: started again behind a proxy or on a public address, admin@example.com / read2026
// from the README would be a live console admin. So a start that is not local-only either
// refuses them (no DEMO=1: one line saying what to do) or, when the demo was asked for, gives
// every account still on the published password a random one and the access code a random text,
// printed once.
import type { Db } from '../db/index';
import { isLoopbackHost, type Config } from '../config';
import { DEMO_ACCESS_CODE, DEMO_PASSWORD, DEMO_USERS } from './institutions';
import { randomCredentials, type DemoCredentials } from './credentials';
import { setPassword, usersByEmail } from '../repositories/users';
import { findAccessCode, renameAccessCode } from '../repositories/access-codes';
import { hashPassword, verifyPassword } from '../services/passwords';

/** A start the server will not make; its message is the one line the operator reads. */
export class StartRefusal extends Error {}

export const demoUsersIn = (db: Db) =>
  usersByEmail(
    db,
    DEMO_USERS.map((u) => u.email),
  );

/** Why this start reaches beyond this machine, in the operator's words. */
export function exposure(config: Pick<Config, 'host' | 'trustProxy'>): string {
  if (!isLoopbackHost(config.host)) return `HOST=${config.host} listens beyond this machine`;
  if (config.trustProxy !== false) return 'TRUST_PROXY says a proxy sends it visitors';
  return 'NODE_ENV=production';
}

/** The refusal of a start without the demo on a database that holds its accounts, unless the
 * start is local-only. */
export async function demoAccountsRefusal(db: Db, config: Config): Promise<StartRefusal | null> {
  if (config.localOnly) return null;
  const found = await demoUsersIn(db);
  if (!found.length) return null;
  const names = found.length > 1 ? `${found[0].email} and ${found.length - 1} more` : found[0].email;
  return new StartRefusal(
    `Refusing to start: this database holds the demo's accounts (${names}) and ${exposure(config)}. ` +
      'Use an empty database (DATA_DIR or DATABASE_URL) and make an admin with `npm run admin -- create <email>`, ' +
      'or set DEMO=1 to keep the demo with new random passwords.',
  );
}

/** Whether a demo account still has the published password (a local-only start prints it). */
export async function hasPublishedCredentials(db: Db): Promise<boolean> {
  for (const u of await demoUsersIn(db)) if (await verifyPassword(DEMO_PASSWORD, u.password_hash)) return true;
  return false;
}

/** Every demo account still on the published password gets a random one (its sessions end),
 * and the published access code a random text. What changed, to print once; null when nothing did. */
export async function replacePublishedCredentials(db: Db): Promise<DemoCredentials | null> {
  const fresh = randomCredentials();
  const replaced = new Set<string>();
  for (const u of await demoUsersIn(db)) {
    if (!u.password_hash || !(await verifyPassword(DEMO_PASSWORD, u.password_hash))) continue;
    await setPassword(db, u.id, await hashPassword(fresh.passwordFor(u.email)));
    replaced.add(u.email);
  }
  const codeReplaced =
    (await findAccessCode(db, DEMO_ACCESS_CODE)) !== null && (await renameAccessCode(db, DEMO_ACCESS_CODE, fresh.accessCode));
  if (!replaced.size && !codeReplaced) return null;
  return {
    published: false,
    passwordFor: (email) => (replaced.has(email) ? fresh.passwordFor(email) : '(its own password)'),
    accessCode: codeReplaced ? fresh.accessCode : '',
  };
}
