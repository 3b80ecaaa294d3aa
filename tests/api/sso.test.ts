// Institution SSO against a real OpenID provider on loopback: the app's redirect, the
// provider's own sign-in and consent screens (driven like a browser), and the completion.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, xsrfToken } from '../support/api-client';
import { OIDC_CLIENT, startOidcProvider } from '../support/oidc-provider';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { setSso } from '../../src/server/repositories/console-admin';

const PUBLIC_URL = 'http://127.0.0.1:4999';
const CALLBACK = `${PUBLIC_URL}/login/sso/success`;
let idp: Awaited<ReturnType<typeof startOidcProvider>>;
let t: TestContext;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  idp = await startOidcProvider({ redirectUris: [CALLBACK] });
  t = await testApp(
    async (db) => {
      await loadCatalogue(db);
      await db.query(`UPDATE institutions SET sso_issuer = $1, sso_client_id = $2, sso_client_secret = $3 WHERE id = $4`, [
        idp.issuer,
        OIDC_CLIENT.id,
        OIDC_CLIENT.secret,
        FX.inst.active,
      ]);
      await db.query(
        `UPDATE institutions SET sso_issuer = 'http://127.0.0.1:1', sso_client_id = 'x', sso_client_secret = 'y' WHERE id = $1`,
        [FX.inst.noFlags],
      );
    },
    { config: { publicUrl: PUBLIC_URL } },
  );
  api = apiClient(t.app, await xsrfToken(t.app));
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

/** Follows the provider's redirects and submits its login and consent forms, keeping cookies
 * like a browser, until it sends the browser back to our callback. */
async function signInAtProvider(authUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authUrl;
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 12; step++) {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      body,
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    body = undefined;
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(CALLBACK)) return next;
      url = next.href;
      continue;
    }
    const html = await res.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    const prompt = html.match(/name="prompt" value="(\w+)"/)?.[1];
    if (!action || !prompt) throw new Error(`unexpected provider page (${res.status}): ${html.slice(0, 200)}`);
    url = new URL(action, url).href;
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
  }
  throw new Error('the provider never sent the browser back');
}

describe('institution SSO', () => {
  it('lists the institutions that offer it', async () => {
    const res = await api.get('/api/sso/institutions');
    expect(res.body.institutions.map((i: { name: string }) => i.name)).toEqual(['Active U', 'Basic S']);
  });

  it('signs a reader in through their institution and links them to it', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/sso/start?org=act&returnTo=/journals' });
    expect(start.statusCode).toBe(303);
    const authUrl = new URL(start.headers.location as string);
    expect(authUrl.origin).toBe(idp.issuer);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('redirect_uri')).toBe(CALLBACK);

    const callback = await signInAtProvider(authUrl.href, 'sam.okafor@active.edu');
    expect(callback.searchParams.get('code')).toBeTruthy();
    const done = await api.post('/api/sso/complete', { search: callback.search });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      email: 'sam.okafor@active.edu',
      libid: FX.inst.active,
      fname: 'Sam',
      lname: 'Okafor',
      returnTo: '/journals',
      mode: 1,
    });
    expect((await api.post('/api/user/details', {}, done.body.jwtoken)).status).toBe(200);

    // The same answer cannot be used twice.
    const replay = await api.post('/api/sso/complete', { search: callback.search });
    expect(replay.status).toBe(400);
    expect(replay.body.error.code).toBe('sso_failed');
  });

  it('refuses a forged state, an unknown institution, and a provider that cannot be reached', async () => {
    const users = (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users`)).rows[0].n;
    const forged = await api.post('/api/sso/complete', { search: '?code=abc&state=not-ours' });
    expect(forged.status).toBe(400);
    expect(forged.body.error.message).toContain('did not complete');
    expect((await t.app.inject({ method: 'GET', url: '/api/sso/start?org=NOPE' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/sso/start?org=EXP' })).statusCode).toBe(404);
    const down = await t.app.inject({ method: 'GET', url: '/api/sso/start?org=BAS' });
    expect(down.statusCode).toBe(503);
    expect((await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users`)).rows[0].n).toBe(users);
  });

  it('never redirects back to another site', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/sso/start?org=ACT&returnTo=//evil.example/x' });
    const callback = await signInAtProvider(start.headers.location as string, 'second@active.edu');
    const done = await api.post('/api/sso/complete', { search: callback.search });
    expect(done.body.returnTo).toBe('/');
    expect(done.body.email).toBe('second@active.edu');
  });

  it("signs in only addresses of the institution's e-mail domains, and only ones the provider verified", async () => {
    const users = async () => (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users`)).rows[0].n;
    const before = await users();
    for (const [login, why] of [
      ['someone@gmail.example', 'someone@gmail.example is not an address of Active U (@active.edu)'],
      ['someone@basic.edu', 'someone@basic.edu is not an address of Active U (@active.edu)'],
      ['unverified.reader@active.edu', 'your institution did not share a verified e-mail address'],
    ]) {
      const start = await t.app.inject({ method: 'GET', url: '/api/sso/start?org=ACT' });
      const callback = await signInAtProvider(start.headers.location as string, login);
      const done = await api.post('/api/sso/complete', { search: callback.search });
      expect(done.status, login).toBe(400);
      expect(done.body.error.code).toBe('sso_failed');
      expect(done.body.error.message).toContain(why);
    }
    expect(await users()).toBe(before);
  });
});

describe('institution SSO set in the library console', () => {
  it('uses a client secret an admin changes at the next sign-in, not the one cached with the discovery', async () => {
    const admin = (
      await t.db.query<{ id: number }>(`INSERT INTO users (uuid, email) VALUES (gen_random_uuid(), 'sso.admin@example.com') RETURNING id`)
    ).rows[0].id;
    const setSecret = (clientSecret: string) =>
      setSso(t.db, FX.inst.active, { issuer: idp.issuer, clientId: OIDC_CLIENT.id, clientSecret }, admin);
    const signIn = async (login: string) => {
      const start = await t.app.inject({ method: 'GET', url: '/api/sso/start?org=ACT' });
      return api.post('/api/sso/complete', { search: (await signInAtProvider(start.headers.location as string, login)).search });
    };
    expect((await signIn('cached.first@active.edu')).status).toBe(200);
    await setSecret('not-the-secret');
    const refused = await signIn('wrong.secret@active.edu');
    expect([refused.status, refused.body.error.code]).toEqual([400, 'sso_failed']);
    await setSecret(OIDC_CLIENT.secret);
    expect((await signIn('right.again@active.edu')).body.email).toBe('right.again@active.edu');
  });
});
