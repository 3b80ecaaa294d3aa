// Operator command: let an institution's readers sign in through its OpenID Connect provider.
//   npm run institution-sso -- <org code> <issuer URL> <client id> <client secret>
//   npm run institution-sso -- <org code> --off
// The provider must allow the redirect URI $PUBLIC_URL/login/sso/success. Uses the server's
// DATABASE_URL / DATA_DIR; on PGlite, stop the server first (one process at a time).
import { loadConfig } from '../config';
import { openDb } from '../db/index';
import { migrate } from '../db/migrate';
import { ssoCallbackUrl } from '../services/sso';

const [org, issuer, clientId, secret] = process.argv.slice(2);
const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(db);
  const off = issuer === '--off';
  if (!org || (!off && (!secret || !/^https?:\/\//.test(issuer)))) {
    throw new Error('Usage: npm run institution-sso -- <org code> <issuer URL> <client id> <client secret> | <org code> --off');
  }
  const { rows } = await db.query<{ name: string }>(
    `UPDATE institutions SET sso_issuer = $2, sso_client_id = $3, sso_client_secret = $4 WHERE upper(con_code) = upper($1) RETURNING name`,
    [org, off ? null : issuer, off ? null : clientId, off ? null : secret],
  );
  if (!rows.length) throw new Error(`No institution with org code ${org}.`);
  console.log(
    off
      ? `${rows[0].name}: institution sign-in turned off.`
      : `${rows[0].name} signs in through ${issuer}. Register ${ssoCallbackUrl(config.publicUrl)} as its redirect URI.`,
  );
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await db.close();
}
