// First start: load the demo library into an empty database, with progress; every start applies
// the demo's Smart Reading Zones and prints the demo logins.
import type { Db } from '../db/index';
import type { Config } from '../config';
import { seedDemo } from './seed';
import { DEMO_INSTITUTIONS, DEMO_PASSWORD, DEMO_USERS } from './institutions';
import { applyDemoZones } from './zones';
import { openStorage } from '../media/open-storage';

export async function loadDemoIfEmpty(db: Db, config: Config): Promise<void> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM titles');
  if (rows[0].n === 0) {
    const started = Date.now();
    let last = 0;
    const result = await seedDemo(db, {
      storage: openStorage(config),
      titles: config.demoTitles,
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
  printDemoLogins();
}

export function printDemoLogins(): void {
  console.log(`\nDemo readers (password ${DEMO_PASSWORD}, or sign in with a one-time code from the outbox):`);
  for (const u of DEMO_USERS) {
    const inst = u.institution === null ? null : DEMO_INSTITUTIONS[u.institution];
    const role = u.console === 'admin' ? ', admin of the library console' : u.console ? ', its librarian in the library console' : '';
    const access = u.accessDays === undefined ? '' : u.accessDays > 0 ? `, access ends in ${u.accessDays} days` : ', access ended';
    console.log(
      `  ${u.email.padEnd(22)} ${inst ? `${inst.name} (${inst.state}, org code ${inst.conCode})` : 'no institution'}${role}${access}`,
    );
  }
  console.log('  Access code READ-DEMO-2026 links any account to Demo University.');
}
