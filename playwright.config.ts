// End-to-end tests drive the machine's Chromium against the real server (built app, PGlite,
// a fresh demo library of 40 titles in a temporary data directory).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './tests/support/chromium';
import { OIDC_CLIENT } from './tests/support/oidc-provider';
import { loopbackCertificate } from './tests/support/push-service';
import { pgliteFromTemplate } from './tests/support/pglite-template';

// E2E_PORT lets a second run (another worktree) use other ports; the OpenID provider takes the next
// one, the RADIUS accounting listener the one after.
const PORT = Number(process.env.E2E_PORT ?? 4173);
const OIDC_PORT = PORT + 1;
// A fresh data directory per run, named by its port: runs on other ports (E2E_PORT) each keep
// their own. Test workers load this file too: only the runner itself (no TEST_WORKER_INDEX) clears
// what an earlier run on this port left. Workers inherit the runner's environment: they keep the
// runner's directory (tests read the mail outbox in it).
const dataDir = (process.env.LECTERN_E2E_DATA_DIR ??= path.resolve('.tmp', `e2e-${PORT}`));
if (!process.env.TEST_WORKER_INDEX && fs.existsSync('.tmp')) {
  const own = path.basename(dataDir);
  for (const d of fs.readdirSync('.tmp'))
    if (d === own || d.startsWith(`${own}-`)) fs.rmSync(path.join('.tmp', d), { recursive: true, force: true });
}

// Web Push: headless Chromium has no push service here, so the zone test subscribes with an
// endpoint on the push-service stand-in (tests/support/push-service.ts) on 127.0.0.1, with a certificate
// made for the run. The server allows that host (PUSH_SERVICE_HOSTS) and trusts that certificate
// (NODE_EXTRA_CA_CERTS). This is the one stand-in of the run; everything else is the real thing.
const pushTls = { key: `${dataDir}-push/key.pem`, cert: `${dataDir}-push/cert.pem` };
if (!process.env.TEST_WORKER_INDEX) {
  const pems = await loopbackCertificate();
  fs.mkdirSync(path.dirname(pushTls.key), { recursive: true });
  fs.writeFileSync(pushTls.key, pems.private);
  fs.writeFileSync(pushTls.cert, pems.cert);
}

// One migrated PGlite database for the run (tests/support/pglite-template.ts): the server below and
// the servers a test starts of its own (startServer's pgliteTemplate) begin from copies of it, not
// each with its own initdb and migrations. Made by the runner, before it starts the web servers.
const pgliteTemplate = (process.env.LECTERN_E2E_PGLITE_TEMPLATE ??= `${dataDir}-pglite`);
if (!process.env.TEST_WORKER_INDEX) {
  execFileSync(process.execPath, ['--import', 'tsx', 'tests/support/pglite-template.ts', pgliteTemplate], { stdio: 'inherit' });
  pgliteFromTemplate(pgliteTemplate, dataDir);
}

export default defineConfig({
  testDir: 'tests/e2e',
  // (per port, as Playwright empties it when a run starts)
  outputDir: `test-results/artifacts-${PORT}`,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    // The app's reduced-motion styles: no skeleton shimmer, spinner or fade for Chromium's
    // compositor to draw frame after frame (about 40% of its GPU process's CPU here). No test asserts
    // motion; the benches and Lighthouse keep the default.
    reducedMotion: 'reduce',
    // No trace: recording one for every test, to keep a failure's, cost 12% of the tests' time (its DOM
    // snapshots most of it; the screencast, dropped earlier, half the run's CPU). To see a failure
    // step by step: npx playwright test <file> --trace retain-on-failure.
    trace: 'off',
  },
  webServer: [
    {
      // A real OpenID provider for the institution sign-in journey (Demo University uses it).
      command: 'npx tsx tests/support/oidc-provider.ts',
      url: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { OIDC_PORT: String(OIDC_PORT), OIDC_REDIRECT_URI: `http://127.0.0.1:${PORT}/login/sso/success` },
    },
    {
      command: 'npx tsx src/server/server.ts',
      url: `http://127.0.0.1:${PORT}/api/health`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO_TITLES: '40',
        LOG_LEVEL: 'warn',
        // Low enough for the limits test to reach.
        DOWNLOAD_LIMIT: '2',
        // One loopback address opens page after page: the per-IP request cap is tested in the API suite.
        RATE_LIMIT_PER_MINUTE: '0',
        // Every browser here comes from loopback: the demo's network zone would give all of them free reading.
        DEMO_ZONE_CIDR: 'off',
        // The push receiver of tests/e2e/zone.spec.ts (see pushTls above).
        PUSH_SERVICE_HOSTS: '127.0.0.1',
        NODE_EXTRA_CA_CERTS: path.resolve(pushTls.cert),
        // The RADIUS accounting listener of tests/e2e/zone-arrival.spec.ts (radclient sends to it).
        RADIUS_ACCT_PORT: String(PORT + 2),
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        DEMO_SSO: `http://127.0.0.1:${OIDC_PORT} ${OIDC_CLIENT.id} ${OIDC_CLIENT.secret}`,
        // Domain checks ask nobody outside: a closed loopback port, so a check says the lookup failed.
        DNS_SERVERS: '127.0.0.1:9',
        // App links (tests/e2e/links.spec.ts): store apps named, so /appdownload links the stores.
        ANDROID_APP_ID: 'app.lectern.demo',
        ANDROID_CERT_SHA256: 'AB'.repeat(32),
        IOS_APP_ID: 'ABCDE12345.app.lectern.demo',
        IOS_APP_STORE_ID: '1234567890',
      },
    },
  ],
});
