// The demo on every start (config.demo): loads the library into an empty database with progress,
// applies the demo's Smart Reading Zones and prints the demo logins. The logins are the published
// ones only on a local-only start; anywhere else they are random and printed once (guard.ts), and
// a start without the demo that finds its accounts refuses.
import type { Db } from '../db/index';
import type { Config } from '../config';
import { seedDemo } from './seed';
import { DEMO_INSTITUTIONS, DEMO_USERS } from './institutions';
import { applyDemoZones, removeDemoNetworkZone } from './zones';
import { openStorage } from '../media/open-storage';
import { PUBLISHED_CREDENTIALS, randomCredentials, type DemoCredentials } from './credentials';
import { demoAccountsRefusal, demoUsersIn, hasPublishedCredentials, replacePublishedCredentials } from './guard';

export async function prepareDemo(db: Db, config: Config): Promise<void> {
  if (!config.demo) {
    const refusal = await demoAccountsRefusal(db, config);
    if (refusal) throw refusal;
    await removeDemoNetworkZone(db);
    return;
  }
  let shown: DemoCredentials | null = null;
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM titles');
  if (rows[0].n === 0) {
    shown = config.localOnly ? PUBLISHED_CREDENTIALS : randomCredentials();
    const started = Date.now();
    let last = 0;
    const result = await seedDemo(db, {
      storage: openStorage(config),
      titles: config.demoTitles,
      credentials: shown,
      onProgress(done, total) {
        if (done === total || Date.now() - last > 2000) {
          last = Date.now();
          console.log(`Loading demo library: ${done}/${total} issues rendered and stored`);
        }
      },
    });
    console.log(
      `Demo library loaded: ${result.titles} titles, ${result.issues} issues, ${result.pages} pages in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } else if (!config.localOnly) {
    shown = await replacePublishedCredentials(db);
  } else if (await hasPublishedCredentials(db)) {
    shown = PUBLISHED_CREDENTIALS;
  }
  if (config.demoSso) {
    // DEMO_SSO: Demo University signs in through the given OpenID provider (on every start, so
    // it can be changed or removed).
    const [issuer, clientId, secret, extra] = config.demoSso.trim().split(/\s+/);
    if (!secret || extra || !/^https?:\/\//.test(issuer)) throw new Error('DEMO_SSO must be "<issuer URL> <client id> <client secret>"');
    await db.query(`UPDATE institutions SET sso_issuer = $1, sso_client_id = $2, sso_client_secret = $3 WHERE con_code = $4`, [
      issuer,
      clientId,
      secret,
      DEMO_INSTITUTIONS[0].conCode,
    ]);
    console.log(`Demo University signs in through ${issuer} (/login/sso).`);
  }
  await applyDemoZones(db, config);
  const present = new Set((await demoUsersIn(db)).map((u) => u.email));
  if (present.size) printDemoLogins(shown, present);
}

/** The demo readers with their password when it is shown (published, or made just now), and
 * the access code; random ones made at an earlier start are not shown again. */
export function printDemoLogins(credentials: DemoCredentials | null, present: Set<string>): void {
  const how = !credentials
    ? 'passwords as printed when they were made'
    : credentials.published
      ? `password ${credentials.passwordFor('')}`
      : 'new random passwords, shown this once: keep them';
  console.log(`\nDemo readers (${how}; or sign in with a one-time code from the outbox):`);
  for (const u of DEMO_USERS) {
    if (!present.has(u.email)) continue;
    const inst = u.institution === null ? null : DEMO_INSTITUTIONS[u.institution];
    const role = u.console === 'admin' ? ', admin of the library console' : u.console ? ', its librarian in the library console' : '';
    const access = u.accessDays === undefined ? '' : u.accessDays > 0 ? `, access ends in ${u.accessDays} days` : ', access ended';
    const password = credentials && !credentials.published ? `${credentials.passwordFor(u.email)}  ` : '';
    console.log(
      `  ${u.email.padEnd(22)} ${password}${inst ? `${inst.name} (${inst.state}, org code ${inst.conCode})` : 'no institution'}${role}${access}`,
    );
  }
  if (credentials?.accessCode) console.log(`  Access code ${credentials.accessCode} links any account to Demo University.`);
}
