// Production defaults: the demo's published logins (admin@example.com / read2026, READ-DEMO-2026)
// exist only on a local-only start, and its network zone only when asked for. Anywhere else the demo loads only when
// asked for (DEMO=1), with random passwords and code printed once; a start without it that finds
// the demo's accounts refuses in one line; the first admin comes from `npm run admin -- create`.
// Also: the once-only warning about X-Forwarded-For without TRUST_PROXY, and no line per request
// unless REQUEST_LOG asks for it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { pgliteFromTemplate } from '../support/pglite-template';
import { apiClient, xsrfToken } from '../support/api-client';
import { loadCatalogue } from '../fixtures/catalogue';
import { loadConfig, type Config } from '../../src/server/config';
import { openPglite, type Db } from '../../src/server/db/index';
import { migrate } from '../../src/server/db/migrate';
import { prepareDemo } from '../../src/server/demo/load';
import { StartRefusal } from '../../src/server/demo/guard';
import { PUBLISHED_CREDENTIALS, type DemoCredentials } from '../../src/server/demo/credentials';
import { seedInstitutions, seedUsers } from '../../src/server/demo/institutions';
import { DEMO_ZONES, applyDemoZones } from '../../src/server/demo/zones';
import { findAccessCode } from '../../src/server/repositories/access-codes';
import { consoleRoles } from '../../src/server/repositories/console';
import { LocalStorage } from '../../src/server/media/local';
import * as endpoints from '../../src/shared/endpoints';
import { freePort } from '../support/server-process';

const dirs: string[] = [];
const tempDir = (prefix = 'lectern-prod-') => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** The demo's institutions and accounts, without its titles (no PDFs to render). The fixture's
 * institutions give up their e-mail domains first: the demo's expired.edu and basic.edu are the
 * same names, and a domain is proven for one institution only. */
async function seedDemoAccounts(db: Db, mediaDir: string, credentials: DemoCredentials = PUBLISHED_CREDENTIALS) {
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM institution_domains');
    const institutions = await seedInstitutions(tx, new LocalStorage(mediaDir), credentials.accessCode);
    await seedUsers(tx, institutions, 1, credentials.passwordFor);
  });
}

const networkZone = async (db: Db) => (await db.query('SELECT id FROM zones WHERE name = $1', [DEMO_ZONES.network.name])).rows.length;

describe('the configuration: where the demo may load', () => {
  it('DEMO unset loads it only on a local-only start: loopback HOST, not NODE_ENV=production, no TRUST_PROXY', () => {
    expect(loadConfig({})).toMatchObject({ localOnly: true, demo: true });
    expect(loadConfig({ HOST: 'localhost' })).toMatchObject({ localOnly: true, demo: true });
    expect(loadConfig({ HOST: '::1' })).toMatchObject({ localOnly: true, demo: true });
    expect(loadConfig({ HOST: '0.0.0.0' })).toMatchObject({ localOnly: false, demo: false });
    expect(loadConfig({ HOST: '192.168.1.5' })).toMatchObject({ localOnly: false, demo: false });
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ localOnly: false, demo: false });
    expect(loadConfig({ TRUST_PROXY: 'loopback' })).toMatchObject({ localOnly: false, demo: false });
  });

  it('DEMO=1 asks for it anywhere, DEMO=0 turns it off anywhere, anything else stops the start', () => {
    expect(loadConfig({ HOST: '0.0.0.0', DEMO: '1' }).demo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', DEMO: '1' }).demo).toBe(true);
    expect(loadConfig({ DEMO: '0' }).demo).toBe(false);
    expect(() => loadConfig({ DEMO: 'maybe' })).toThrow('DEMO must be 1 or 0, got "maybe"');
  });

  it('the demo has no network zone unless asked for; loopback only on a local-only start', () => {
    expect(loadConfig({}).demoZoneCidr).toEqual([]);
    expect(loadConfig({ DEMO_ZONE_CIDR: 'loopback' }).demoZoneCidr).toEqual(['127.0.0.0/8', '::1/128']);
    expect(() => loadConfig({ HOST: '0.0.0.0', DEMO: '1', DEMO_ZONE_CIDR: 'loopback' })).toThrow(/local-only start/);
    expect(loadConfig({ NODE_ENV: 'production', DEMO: '1' }).demoZoneCidr).toEqual([]);
    expect(loadConfig({ HOST: '0.0.0.0', DEMO: '1' }).demoZoneCidr).toEqual([]);
    expect(loadConfig({ HOST: '0.0.0.0', DEMO: '1', DEMO_ZONE_CIDR: '192.168.1.0/24' }).demoZoneCidr).toEqual(['192.168.1.0/24']);
    expect(loadConfig({ DEMO_ZONE_CIDR: 'off' }).demoZoneCidr).toEqual([]);
  });

  it('REQUEST_LOG is off by default; METRICS_TOKEN must not be guessable', () => {
    expect(loadConfig({}).requestLog).toBe(false);
    expect(loadConfig({ REQUEST_LOG: '1' }).requestLog).toBe(true);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/at least 16/);
    expect(() => loadConfig({ METRICS_PORT: 'x' })).toThrow(/METRICS_PORT/);
  });
});

describe('the demo on a database that has it', () => {
  let t: TestContext;
  const logged: string[] = [];
  beforeAll(async () => {
    t = await testApp(loadCatalogue);
    await seedDemoAccounts(t.db, t.app.config.mediaDir);
    await applyDemoZones(t.db, { demoZoneCidr: ['127.0.0.0/8', '::1/128'] });
  }, 120_000);
  afterAll(() => t?.close());
  afterEach(() => vi.restoreAllMocks());
  const capture = () => {
    logged.length = 0;
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void logged.push(args.join(' ')));
  };
  const config = (over: Partial<Config>): Config => ({ ...t.app.config, ...over });
  const signIn = async (email: string, password: string) => {
    const api = apiClient(t.app, await xsrfToken(t.app));
    return (await api.call(endpoints.loginPassword, { body: { channel: 'email', email, password } })).status;
  };

  it('a local-only start keeps the published logins and prints them', async () => {
    capture();
    await prepareDemo(t.db, config({ localOnly: true, demo: true, demoZoneCidr: ['127.0.0.0/8', '::1/128'] }));
    expect(logged.join('\n')).toContain('password read2026');
    expect(logged.join('\n')).toContain('Access code READ-DEMO-2026');
    expect(await signIn('admin@example.com', 'read2026')).toBe(200);
  });

  it('a start beyond this machine without DEMO=1 refuses, in one line that says what to do', async () => {
    const refusal = await prepareDemo(t.db, config({ localOnly: false, demo: false, host: '0.0.0.0' })).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(StartRefusal);
    const message = (refusal as Error).message;
    expect(message).not.toContain('\n');
    expect(message).toMatch(/^Refusing to start: this database holds the demo's accounts \(reader@demo\.edu and 7 more\)/);
    expect(message).toContain('HOST=0.0.0.0 listens beyond this machine');
    expect(message).toContain('npm run admin -- create <email>');
    expect(message).toContain('DEMO=1');
    const behindProxy = await prepareDemo(t.db, config({ localOnly: false, demo: false, trustProxy: ['loopback'] })).catch((e: Error) => e);
    expect((behindProxy as Error).message).toContain('TRUST_PROXY says a proxy sends it visitors');
  });

  it('with DEMO=1 beyond this machine, the published password and code are replaced by random ones, printed once', async () => {
    capture();
    await prepareDemo(t.db, config({ localOnly: false, demo: true, demoZoneCidr: [] }));
    const out = logged.join('\n');
    expect(out).toContain('new random passwords, shown this once');
    expect(out).not.toContain('read2026');
    const admin = /admin@example\.com\s+([a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4})/.exec(out)?.[1];
    const reader = /reader@demo\.edu\s+([a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4})/.exec(out)?.[1];
    const code = /Access code (DEMO-[A-Z0-9]{4}-[A-Z0-9]{4})/.exec(out)?.[1];
    expect(admin && reader && code).toBeTruthy();
    expect(admin).not.toBe(reader);
    expect(await signIn('admin@example.com', 'read2026')).toBe(401);
    expect(await signIn('admin@example.com', admin!)).toBe(200);
    expect(await findAccessCode(t.db, 'READ-DEMO-2026')).toBeNull();
    expect(await findAccessCode(t.db, code!)).not.toBeNull();
    // Not a public zone on loopback: behind a proxy on this host that is every visitor.
    expect(await networkZone(t.db)).toBe(0);

    // Printed once: the next start says they were printed.
    capture();
    await prepareDemo(t.db, config({ localOnly: false, demo: true, demoZoneCidr: [] }));
    expect(logged.join('\n')).toContain('passwords as printed when they were made');
    expect(logged.join('\n')).not.toContain(admin!);
  });

  it('a start without the demo removes its network zone (off outside the demo)', async () => {
    await applyDemoZones(t.db, { demoZoneCidr: ['127.0.0.0/8'] });
    expect(await networkZone(t.db)).toBe(1);
    await prepareDemo(t.db, config({ localOnly: true, demo: false }));
    expect(await networkZone(t.db)).toBe(0);
  });
});

describe('the default demo shows the spec flows', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await testApp(loadCatalogue);
    await seedDemoAccounts(t.db, t.app.config.mediaDir);
    // As an earlier version's first start left it: the network zone on loopback.
    await applyDemoZones(t.db, { demoZoneCidr: ['127.0.0.0/8', '::1/128'] });
  }, 120_000);
  afterAll(() => t?.close());

  it('a browser on the demo machine is in no zone: the expired and no-access refusals show', async () => {
    await applyDemoZones(t.db, loadConfig({}));
    expect(await networkZone(t.db)).toBe(0);
    const api = apiClient(t.app, await xsrfToken(t.app), { ip: '127.0.0.1' });
    const issue = (await t.db.query<{ issue_id: number }>('SELECT min(issue_id) AS issue_id FROM issues')).rows[0].issue_id;
    const read = async (email: string) => {
      const login = await api.call(endpoints.loginPassword, { body: { channel: 'email', email, password: 'read2026' } });
      expect(login.status).toBe(200);
      return api.call(endpoints.readerToken, { body: { issue } }, login.body.jwtoken);
    };
    expect(await read('reader@expired.edu')).toMatchObject({ status: 403, error: { code: 'subscription_expired' } });
    expect(await read('visitor@example.com')).toMatchObject({ status: 403, error: { code: 'no_access' } });
  });
});

// ---------- the real server process ----------

/** The server in its own process, its output kept; `up` resolves once it answers, `exited` with its code. */
function serverProcess(port: number, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const up = (async () => {
    for (let i = 0; i < 600; i++) {
      if (child.exitCode !== null) return false;
      if (
        await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return true;
      await new Promise((r) => setTimeout(r, 200));
    }
    return false;
  })();
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  return { up, exited, stop, out: () => out, err: () => err };
}

async function passwordLogin(port: number, email: string, password: string): Promise<number> {
  const health = await fetch(`http://127.0.0.1:${port}/api/health`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')![1];
  const res = await fetch(`http://127.0.0.1:${port}/api/login/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ channel: 'email', email, password }),
  });
  return res.status;
}

describe('the server process on a database loaded with the demo on a laptop', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = tempDir();
    // The suite's migrated template, when it runs on PGlite (the migrations then apply nothing).
    const template = inject('pgliteTemplate');
    if (template) pgliteFromTemplate(template, dataDir);
    const db = await openPglite(path.join(dataDir, 'pg'));
    await migrate(db);
    await loadCatalogue(db);
    await seedDemoAccounts(db, path.join(dataDir, 'media'));
    await applyDemoZones(db, { demoZoneCidr: ['127.0.0.0/8', '::1/128'] });
    await db.close();
  }, 120_000);

  it('NODE_ENV=production refuses to start, with one line on stderr and exit code 1', async () => {
    const server = serverProcess(await freePort(), { DATA_DIR: dataDir, NODE_ENV: 'production' });
    expect(await server.up).toBe(false);
    expect(await server.exited).toBe(1);
    const lines = server.err().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Refusing to start: this database holds the demo's accounts .* and NODE_ENV=production\. /);
  }, 120_000);

  it('NODE_ENV=production with DEMO=1 starts with random logins printed once; read2026 no longer signs in', async () => {
    const port = await freePort();
    const server = serverProcess(port, { DATA_DIR: dataDir, NODE_ENV: 'production', DEMO: '1' });
    try {
      expect(await server.up).toBe(true);
      const admin = /admin@example\.com\s+([a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4})/.exec(server.out())?.[1];
      expect(admin).toBeTruthy();
      expect(await passwordLogin(port, 'admin@example.com', 'read2026')).toBe(401);
      expect(await passwordLogin(port, 'admin@example.com', admin!)).toBe(200);
    } finally {
      await server.stop();
    }
    expect(await server.exited).toBe(0);
    const db = await openPglite(path.join(dataDir, 'pg'));
    try {
      expect(await networkZone(db)).toBe(0);
    } finally {
      await db.close();
    }
  }, 120_000);
});

describe('npm run admin -- create <email>', () => {
  it('makes the account an admin with no password, and prints a code that signs in once', async () => {
    const dataDir = tempDir();
    // The suite's migrated template: the command's first start then runs no migrations.
    const template = inject('pgliteTemplate');
    if (template) pgliteFromTemplate(template, dataDir);
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/server/ops/admin.ts', ...args], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PUBLIC_URL: 'https://read.example.edu' },
        encoding: 'utf8',
        timeout: 60_000,
      });
    expect(run('create', 'not-an-address')).toMatchObject({ status: 1, stderr: expect.stringContaining('is not an e-mail address') });
    expect(run('make', 'boss@library.example.org').status).toBe(1);
    const made = run('create', 'Boss@Library.example.org');
    expect(made.status).toBe(0);
    expect(made.stdout).toContain('boss@library.example.org was made and is an admin of the library console.');
    const code = /https:\/\/read\.example\.edu\/login\/code with the code ([A-Z0-9]{4}-[A-Z0-9]{4})/.exec(made.stdout)?.[1];
    expect(code).toBeTruthy();
    const again = run('create', 'boss@library.example.org');
    expect(again.stdout).toMatch(/^boss@library\.example\.org is an admin/);

    const db = await openPglite(path.join(dataDir, 'pg'));
    const t = await testApp(undefined, { open: async () => db });
    try {
      expect(await consoleRoles(t.db)).toEqual([{ email: 'boss@library.example.org', role: 'admin', institution: null }]);
      const { rows } = await t.db.query('SELECT password_hash FROM users WHERE email = $1', ['boss@library.example.org']);
      expect(rows[0].password_hash).toBeNull();
      const api = apiClient(t.app, await xsrfToken(t.app));
      const signedIn = await api.call(endpoints.loginGencode, { body: { code: code! } });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.email).toBe('boss@library.example.org');
      expect((await api.call(endpoints.loginGencode, { body: { code: code! } })).status).toBe(401);
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe('the log', () => {
  async function logged(config: Partial<Config>, run: (t: TestContext) => Promise<unknown>) {
    const lines: string[] = [];
    const t = await testApp(undefined, { config, logger: { level: 'info', stream: { write: (l: string) => void lines.push(l) } } });
    try {
      await run(t);
    } finally {
      await t.close();
    }
    return lines.map((l) => JSON.parse(l) as { level: number; msg: string });
  }
  const get = (t: TestContext, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/health', headers });

  it('warns once, not per request, when requests carry X-Forwarded-For and TRUST_PROXY is unset', async () => {
    const lines = await logged({}, async (t) => {
      await get(t);
      for (let i = 0; i < 5; i++) await get(t, { 'x-forwarded-for': `203.0.113.${i}` });
    });
    const warnings = lines.filter((l) => l.msg.includes('X-Forwarded-For'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0].level).toBe(40);
    expect(warnings[0].msg).toContain('TRUST_PROXY is unset');
    const trusted = await logged({ trustProxy: 1 }, async (t) => {
      await get(t, { 'x-forwarded-for': '203.0.113.9' });
    });
    expect(trusted.filter((l) => l.msg.includes('X-Forwarded-For'))).toHaveLength(0);
  });

  it('at info has no line per request unless REQUEST_LOG asks for one', async () => {
    const quiet = await logged({}, async (t) => {
      await get(t);
      await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    });
    expect(quiet.filter((l) => /incoming request|request completed|not found/.test(l.msg))).toEqual([]);
    const loud = await logged({ requestLog: true }, async (t) => {
      await get(t);
    });
    expect(loud.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });
});
