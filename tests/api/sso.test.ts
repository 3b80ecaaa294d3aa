// Institution SSO against a real OpenID provider on loopback: the app's redirect, the
// provider's own sign-in and consent screens (driven like a browser), and the completion.
// On PostgreSQL too: the first two sign-ins of one account at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, signInByCode, xsrfToken } from '../support/api-client';
import { OIDC_CLIENT, startOidcProvider } from '../support/oidc-provider';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { setSso } from '../../src/server/repositories/console-admin';
import { grantConsoleRole } from '../../src/server/repositories/console';
import * as endpoints from '../../src/shared/endpoints';

const PUBLIC_URL = 'http://127.0.0.1:4999';
const CALLBACK = `${PUBLIC_URL}/login/sso/success`;
let idp: Awaited<ReturnType<typeof startOidcProvider>>;
let t: TestContext;
let api: ReturnType<typeof apiClient>;
const outbox = memoryOutbox();

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
    { config: { publicUrl: PUBLIC_URL }, mailer: outbox.mailer },
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
    const res = await api.call(endpoints.ssoInstitutions);
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
    const done = await api.call(endpoints.ssoComplete, { body: { search: callback.search } });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      email: 'sam.okafor@active.edu',
      libid: FX.inst.active,
      fname: 'Sam',
      lname: 'Okafor',
      returnTo: '/journals',
      mode: 1,
    });
    expect((await api.call(endpoints.userDetails, {}, done.body.jwtoken)).status).toBe(200);

    // The same answer cannot be used twice.
    const replay = await api.call(endpoints.ssoComplete, { body: { search: callback.search } });
    expect(replay.status).toBe(400);
    expect(replay.error.code).toBe('sso_failed');
  });

  it('refuses a forged state, an unknown institution, and a provider that cannot be reached', async () => {
    const users = (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users`)).rows[0].n;
    const forged = await api.call(endpoints.ssoComplete, { body: { search: '?code=abc&state=not-ours' } });
    expect(forged.status).toBe(400);
    expect(forged.error.message).toContain('did not complete');
    expect((await t.app.inject({ method: 'GET', url: '/api/sso/start?org=NOPE' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/sso/start?org=EXP' })).statusCode).toBe(404);
    const down = await t.app.inject({ method: 'GET', url: '/api/sso/start?org=BAS' });
    expect(down.statusCode).toBe(503);
    expect((await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users`)).rows[0].n).toBe(users);
  });

  it('never redirects back to another site', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/sso/start?org=ACT&returnTo=//evil.example/x' });
    const callback = await signInAtProvider(start.headers.location as string, 'second@active.edu');
    const done = await api.call(endpoints.ssoComplete, { body: { search: callback.search } });
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
      const done = await api.call(endpoints.ssoComplete, { body: { search: callback.search } });
      expect(done.status, login).toBe(400);
      expect(done.error.code).toBe('sso_failed');
      expect(done.error.message).toContain(why);
    }
    expect(await users()).toBe(before);
  });
});

describe('which account an institution sign-in reaches', () => {
  /** A sign-in through Active U's provider as `login`, completed with `token` (a reader linking). */
  const viaProvider = async (login: string, token?: string) => {
    const start = await t.app.inject({ method: 'GET', url: '/api/sso/start?org=ACT' });
    return api.call(
      endpoints.ssoComplete,
      { body: { search: (await signInAtProvider(start.headers.location as string, login)).search } },
      token,
    );
  };
  const linkVia = async (login: string, token: string, completeWith = token) => {
    const started = await api.call(endpoints.ssoLink, { body: { institutionId: FX.inst.active } }, token);
    expect(started.status).toBe(200);
    expect(new URL(started.body.url).origin).toBe(idp.issuer);
    return api.call(endpoints.ssoComplete, { body: { search: (await signInAtProvider(started.body.url, login)).search } }, completeWith);
  };
  const identities = async (subject: string) =>
    (await t.db.query('SELECT issuer, subject, user_id FROM sso_identities WHERE subject = $1', [subject])).rows;
  const userId = async (email: string) => (await t.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email])).rows[0]?.id;
  const sessions = async (id: number) =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM user_sessions WHERE user_id = $1', [id])).rows[0].n;

  it('binds the provider account (issuer, subject) on the first sign-in, and finds the account by it afterwards', async () => {
    const first = await viaProvider('bound.reader@active.edu');
    expect(first.status).toBe(200);
    const id = await userId('bound.reader@active.edu');
    expect(await identities('bound.reader@active.edu')).toEqual([{ issuer: idp.issuer, subject: 'bound.reader@active.edu', user_id: id }]);
    // The account's address changed since: the provider account still opens the same account.
    await t.db.query(`UPDATE users SET email = 'renamed.reader@active.edu' WHERE id = $1`, [id]);
    const again = await viaProvider('bound.reader@active.edu');
    expect([again.status, again.body.uuid, again.body.email]).toEqual([200, first.body.uuid, 'renamed.reader@active.edu']);
  });

  it('never signs in an existing account it did not make or link: refused, saying how to link it', async () => {
    const existing = await signInByCode(t.db, api, outbox, 'existing@active.edu');
    const before = await sessions(existing.id);
    const res = await viaProvider('existing@active.edu');
    expect([res.status, res.error.code, res.error.message]).toEqual([
      409,
      'sso_account_exists',
      "An account with existing@active.edu already exists. Sign in to it with a code or your password, then link Active U's sign-in under My Account.",
    ]);
    expect(await sessions(existing.id)).toBe(before);
    expect(await identities('existing@active.edu')).toEqual([]);
  });

  it('never signs in a console account: not one that existed, nor one it made that later became a librarian', async () => {
    // The probe's attack: a domain claimed for the institution, then its sign-in as the admin.
    const admin = await signInByCode(t.db, api, outbox, 'boss@examplemail.org');
    await grantConsoleRole(t.db, { email: 'boss@examplemail.org', role: 'admin', orgCode: null, actorId: null });
    await t.db.query(
      `INSERT INTO institution_domains (institution_id, domain, token) VALUES ($1, 'examplemail.org', 'pending-claim-token')`,
      [FX.inst.active],
    );
    const pending = await viaProvider('boss@examplemail.org');
    expect([pending.status, pending.error.message]).toEqual([
      400,
      'Sign-in with your institution did not complete: boss@examplemail.org is not an address of Active U (@active.edu). Please try again.',
    ]);
    // Even were the claim approved by mistake, a console account is never signed in this way.
    await t.db.query(`UPDATE institution_domains SET proof = 'admin', proven_at = now() WHERE domain = 'examplemail.org'`);
    const approved = await viaProvider('boss@examplemail.org');
    expect([approved.status, approved.error.code]).toEqual([403, 'sso_console_account']);
    expect(await sessions(admin.id)).toBe(1);

    const made = await viaProvider('made.then.librarian@active.edu');
    expect(made.status).toBe(200);
    await grantConsoleRole(t.db, { email: 'made.then.librarian@active.edu', role: 'librarian', orgCode: 'ACT', actorId: null });
    const later = await viaProvider('made.then.librarian@active.edu');
    expect([later.status, later.error.code]).toEqual([403, 'sso_console_account']);
    // Nor can a console account link one.
    const librarian = (await signInByCode(t.db, api, outbox, 'made.then.librarian@active.edu')).token;
    const link = await api.call(endpoints.ssoLink, { body: { institutionId: FX.inst.active } }, librarian);
    expect([link.status, link.error.code]).toEqual([403, 'sso_console_account']);
  });

  it('links an account that existed before, from My Account, for the reader who asked; later sign-ins open it', async () => {
    const linker = await signInByCode(t.db, api, outbox, 'linker@active.edu');
    const stranger = await signInByCode(t.db, api, outbox, 'stranger@active.edu');
    const offered = await api.call(endpoints.ssoAccount, {}, linker.token);
    expect(offered.body).toEqual({ linked: [], canLink: [{ id: FX.inst.active, name: 'Active U' }] });

    // Completed by someone else signed in (or nobody): refused, nothing bound.
    const wrong = await linkVia('linker@active.edu', linker.token, stranger.token);
    expect([wrong.status, wrong.error.code]).toEqual([403, 'sso_failed']);
    expect(await identities('linker@active.edu')).toEqual([]);

    const linked = await linkVia('linker@active.edu', linker.token);
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({ linked: true, jwtoken: linker.token, email: 'linker@active.edu', libid: FX.inst.active });
    expect(await identities('linker@active.edu')).toEqual([{ issuer: idp.issuer, subject: 'linker@active.edu', user_id: linker.id }]);
    const shown = await api.call(endpoints.ssoAccount, {}, linker.token);
    expect(shown.body).toEqual({ linked: [{ institution: 'Active U', linkedAt: expect.any(String) }], canLink: [] });

    const signedIn = await viaProvider('linker@active.edu');
    expect([signedIn.status, signedIn.body.uuid, signedIn.body.linked]).toEqual([200, linked.body.uuid, false]);
    // The provider account is this reader's now: nobody else can link it.
    const taken = await linkVia('linker@active.edu', stranger.token);
    expect([taken.status, taken.error.code]).toEqual([409, 'sso_linked_elsewhere']);
  });

  it('needs a proven domain: an institution with none is not offered, and cannot be started', async () => {
    await t.db.query(
      `INSERT INTO institutions (name, con_code, sub_start, sub_end, sso_issuer, sso_client_id, sso_client_secret)
       VALUES ('No Domain C', 'NODOM', now() - interval '1 day', now() + interval '1 year', $1, $2, $3)`,
      [idp.issuer, OIDC_CLIENT.id, OIDC_CLIENT.secret],
    );
    const listed = await api.call(endpoints.ssoInstitutions);
    expect(listed.body.institutions.map((i: { name: string }) => i.name)).not.toContain('No Domain C');
    expect((await t.app.inject({ method: 'GET', url: '/api/sso/start?org=NODOM' })).statusCode).toBe(404);
  });

  it('makes one account when the first two sign-ins of one provider account arrive at once', async () => {
    const callbacks = [];
    for (let i = 0; i < 2; i++) {
      const start = await t.app.inject({ method: 'GET', url: '/api/sso/start?org=ACT' });
      callbacks.push(await signInAtProvider(start.headers.location as string, 'twin@active.edu'));
    }
    const answers = await Promise.all(callbacks.map((c) => api.call(endpoints.ssoComplete, { body: { search: c.search } })));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[0].body.uuid).toBe(answers[1].body.uuid);
    const accounts = await t.db.query(`SELECT count(*)::int AS n FROM users WHERE email = 'twin@active.edu'`);
    expect(accounts.rows[0].n).toBe(1);
    expect(await identities('twin@active.edu')).toHaveLength(1);
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
      return api.call(endpoints.ssoComplete, {
        body: { search: (await signInAtProvider(start.headers.location as string, login)).search },
      });
    };
    expect((await signIn('cached.first@active.edu')).status).toBe(200);
    await setSecret('not-the-secret');
    const refused = await signIn('wrong.secret@active.edu');
    expect([refused.status, refused.error.code]).toEqual([400, 'sso_failed']);
    await setSecret(OIDC_CLIENT.secret);
    expect((await signIn('right.again@active.edu')).body.email).toBe('right.again@active.edu');
  });
});
