// Institution sign-in with SAML 2.0 against a real identity provider (samlify) on loopback: our
// signed AuthnRequest by redirect, the provider's signed answer posted to our assertion service,
// and the app collecting the verified answer; every way an answer must be refused; the metadata
// both ways round; and the same account rules as OpenID Connect.
// On PostgreSQL too: one assertion posted twice at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, signInByCode, unchecked, xsrfToken } from '../support/api-client';
import { startSamlIdp, type NextAnswer, type SamlIdp } from '../support/saml-idp';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { setSaml } from '../../src/server/repositories/console-admin';
import { grantConsoleRole } from '../../src/server/repositories/console';
import { fetchIdpMetadata, parseIdpMetadata } from '../../src/server/services/saml-metadata';
import { loadConfig } from '../../src/server/config';
import * as endpoints from '../../src/shared/endpoints';

const PUBLIC_URL = 'http://127.0.0.1:4999';
const INST = FX.inst.active;
const ACS = `${PUBLIC_URL}/saml/${INST}/acs`;
const ENTITY = `${PUBLIC_URL}/saml/${INST}/metadata`;
let idp: SamlIdp;
let t: TestContext;
let api: ReturnType<typeof apiClient>;
const outbox = memoryOutbox();

beforeAll(async () => {
  idp = await startSamlIdp();
  t = await testApp(loadCatalogue, { config: { publicUrl: PUBLIC_URL }, mailer: outbox.mailer });
  api = apiClient(t.app, await xsrfToken(t.app));
  const admin = (
    await t.db.query<{ id: number }>(`INSERT INTO users (uuid, email) VALUES (gen_random_uuid(), 'saml.op@example.com') RETURNING id`)
  ).rows[0].id;
  await setSaml(t.db, INST, { ...parseIdpMetadata(idp.metadata()), metadataUrl: null }, admin);
  idp.addServiceProvider((await t.app.inject({ method: 'GET', url: `/saml/${INST}/metadata` })).body);
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

const field = (html: string, name: string) => html.match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1] ?? '';

/** Starts a sign-in, signs in at the provider as `login` and returns the form its page posts to
 * our assertion service. */
async function atProvider(login: string, next: NextAnswer = {}, start = `/api/sso/start?org=ACT&returnTo=/journals`) {
  const started = await t.app.inject({ method: 'GET', url: start });
  expect(started.statusCode).toBe(303);
  const page = await fetch(started.headers.location as string);
  const html = await page.text();
  expect(page.status, html).toBe(200);
  idp.state.next = next;
  const answered = await fetch(`${idp.url}/sso/login`, { method: 'POST', body: new URLSearchParams({ key: field(html, 'key'), login }) });
  const form = await answered.text();
  expect(form).toContain(`action="${ACS}"`);
  return new URLSearchParams({ SAMLResponse: field(form, 'SAMLResponse'), RelayState: field(form, 'RelayState') });
}

/** Posts a form to the assertion service as the browser would: where it sends the browser next. */
async function postToAcs(form: URLSearchParams): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/saml/${INST}/acs`,
    payload: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.statusCode, res.body).toBe(303);
  return res.headers.location as string;
}

const complete = (location: string, token?: string) =>
  api.call(endpoints.ssoComplete, { body: { search: new URL(location, PUBLIC_URL).search } }, token);
const signIn = async (login: string, next: NextAnswer = {}) => complete(await postToAcs(await atProvider(login, next)));
const userCount = async () => (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users`)).rows[0].n;

describe('SAML service provider', () => {
  it('serves its metadata per institution, with a key pair made once and kept', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/saml/${INST}/metadata` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/samlmetadata+xml');
    expect(res.body).toContain(`entityID="${ENTITY}"`);
    expect(res.body).toContain(`Location="${ACS}"`);
    expect(res.body).toContain('urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST');
    expect(res.body).toContain('<NameIDFormat>urn:oasis:names:tc:SAML:2.0:nameid-format:persistent</NameIDFormat>');
    expect(res.body).toMatch(/use="signing"/);
    expect(res.body).toMatch(/use="encryption"/);
    const cert = res.body.match(/<ds:X509Certificate>([^<]+)</)![1];
    const x509 = new crypto.X509Certificate(Buffer.from(cert, 'base64'));
    expect(x509.verify(x509.publicKey)).toBe(true);
    const stored = await t.db.query(`SELECT value FROM app_secrets WHERE name = 'saml-sp-key'`);
    expect(stored.rows).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: `/saml/${FX.inst.noFlags}/metadata` })).body).toContain(cert);
    for (const url of ['/saml/999999/metadata', '/saml/abc/metadata', '/saml/99999999999/metadata'])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
  });

  it('signs a member in: signed AuthnRequest by redirect, signed answer by POST, collected once', async () => {
    const before = idp.state.requests.length;
    const form = await atProvider('sam.okafor@active.edu');
    expect(idp.state.requests.slice(before)).toEqual([{ signed: true, id: expect.stringMatching(/^_[0-9a-f]{40}$/) }]);
    expect(form.get('RelayState')).toBe(idp.state.requests.at(-1)!.id);
    const location = await postToAcs(form);
    expect(location).toMatch(/^\/login\/sso\/success\?saml=[\w-]{43}$/);
    const done = await complete(location);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ email: 'sam.okafor@active.edu', libid: INST, fname: 'Sam', lname: 'Okafor', returnTo: '/journals' });
    expect((await api.call(endpoints.userDetails, {}, done.body.jwtoken)).status).toBe(200);
    const bound = await t.db.query(`SELECT issuer, subject FROM sso_identities WHERE subject = 'sam.okafor@active.edu'`);
    expect(bound.rows).toEqual([{ issuer: idp.entityId, subject: 'sam.okafor@active.edu' }]);

    // The handle is used once, and the provider's answer cannot be posted again.
    const again = await complete(location);
    expect([again.status, again.error.code]).toEqual([400, 'sso_failed']);
    const replay = await postToAcs(form);
    expect(replay).toBe('/login/sso/success?saml_error=replayed');
    const said = await complete(replay);
    expect(said.error.message).toBe(
      'Sign-in with your institution did not complete: the sign-in link has expired or was already used. Please try again.',
    );
  });

  it('accepts an answer whose response, not assertion, is signed, and one 30 s past its end (clock skew)', async () => {
    expect((await signIn('response.signed@active.edu', { sign: 'response' })).status).toBe(200);
    expect((await signIn('slow.clock@active.edu', { expiredSecondsAgo: 30 })).status).toBe(200);
  });

  it('refuses unsigned, tampered, expired, misaddressed and misdirected answers, and answers nobody asked for', async () => {
    const users = await userCount();
    const cases: [string, NextAnswer, string][] = [
      ['unsigned', { sign: 'none' }, 'signature'],
      ['tampered', { tamper: (xml) => xml.replace('member@active.edu', 'staff@active.edu') }, 'signature'],
      ['tampered mail', { tamper: (xml) => xml.replaceAll('>tampered.mail@active.edu<', '>dean@active.edu<') }, 'signature'],
      ['expired', { expiredSecondsAgo: 120 }, 'expired'],
      ['audience', { audience: `${PUBLIC_URL}/saml/${FX.inst.noFlags}/metadata` }, 'audience'],
      ['destination', { destination: `${PUBLIC_URL}/saml/${FX.inst.noFlags}/acs` }, 'destination'],
    ];
    for (const [name, next, code] of cases) {
      const login = `${name.replace(' ', '.')}@active.edu`;
      const location = await postToAcs(await atProvider(login, next));
      expect(location, name).toBe(`/login/sso/success?saml_error=${code}`);
      expect((await complete(location)).status).toBe(400);
    }
    // Unsolicited: an answer whose request was never made here (IdP-initiated, or forged).
    const form = await atProvider('unsolicited@active.edu');
    await t.db.query(`DELETE FROM sso_states WHERE state = $1`, [form.get('RelayState')]);
    expect(await postToAcs(form)).toBe('/login/sso/success?saml_error=replayed');
    // Garbage, and an institution without SAML.
    expect(await postToAcs(new URLSearchParams({ SAMLResponse: Buffer.from('<x').toString('base64'), RelayState: 'r' }))).toBe(
      '/login/sso/success?saml_error=invalid',
    );
    expect(await postToAcs(new URLSearchParams({ SAMLResponse: '\u0000'.repeat(8), RelayState: '\u0000' }))).toBe(
      '/login/sso/success?saml_error=invalid',
    );
    const huge = await t.app.inject({
      method: 'POST',
      url: `/saml/${INST}/acs`,
      payload: `SAMLResponse=${'A'.repeat(300 * 1024)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(huge.statusCode).toBe(413);
    const other = await t.app.inject({
      method: 'POST',
      url: `/saml/${FX.inst.noFlags}/acs`,
      payload: 'SAMLResponse=PHg%2B&RelayState=r',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(other.headers.location).toBe('/login/sso/success?saml_error=invalid');
    expect(await userCount()).toBe(users);
  });

  it('takes an answer once when it is posted twice at the same moment', async () => {
    const form = await atProvider('twice@active.edu');
    const locations = await Promise.all([postToAcs(form), postToAcs(form)]);
    expect(locations.filter((l) => l.includes('?saml=')).length).toBe(1);
    expect(locations).toContain('/login/sso/success?saml_error=replayed');
  });

  it('makes a member only of an affiliation scoped to a proven domain, with an address there', async () => {
    const users = await userCount();
    const scoped = (aff: string, mail = 'x@active.edu') => ({
      attributes: {
        'urn:oid:1.3.6.1.4.1.5923.1.1.1.6': ['x@active.edu'],
        'urn:oid:0.9.2342.19200300.100.1.3': [mail],
        'urn:oid:1.3.6.1.4.1.5923.1.1.1.9': [aff],
      },
    });
    for (const [login, next, why] of [
      ['alum.reader@active.edu', {}, 'your institution did not say you are a member, student, staff or faculty of Active U (@active.edu)'],
      ['x@active.edu', scoped('student@basic.edu'), 'did not say you are a member'],
      ['x@active.edu', scoped('student@evil.active.edu'), 'did not say you are a member'],
      ['x@active.edu', scoped('member'), 'did not say you are a member'],
      ['nomail.reader@active.edu', {}, 'your institution did not share your e-mail address'],
      [
        'x@active.edu',
        scoped('faculty@active.edu', 'someone@gmail.example'),
        'someone@gmail.example is not an address of Active U (@active.edu)',
      ],
    ] as [string, NextAnswer, string][]) {
      const res = await signIn(login, next);
      expect([res.status, res.error?.code], login).toEqual([400, 'sso_failed']);
      expect(res.error.message).toContain(why);
    }
    expect(await userCount()).toBe(users);
    expect((await signIn('y@active.edu', scoped('Staff@ACTIVE.EDU', 'y@active.edu'))).status).toBe(200);
  });

  it('reaches accounts by the same rules as OpenID Connect: never an existing one it did not make, nor a console account', async () => {
    await signInByCode(t.db, api, outbox, 'existing.saml@active.edu');
    const exists = await signIn('existing.saml@active.edu');
    expect([exists.status, exists.error.code]).toEqual([409, 'sso_account_exists']);

    const made = await signIn('later.librarian@active.edu');
    expect(made.status).toBe(200);
    await grantConsoleRole(t.db, { email: 'later.librarian@active.edu', role: 'librarian', orgCode: 'ACT', actorId: null });
    const later = await signIn('later.librarian@active.edu');
    expect([later.status, later.error.code]).toEqual([403, 'sso_console_account']);
  });

  it('links an existing account from My Account, for the reader who asked', async () => {
    const linker = await signInByCode(t.db, api, outbox, 'saml.linker@active.edu');
    expect((await api.call(endpoints.ssoAccount, {}, linker.token)).body.canLink).toEqual([{ id: INST, name: 'Active U' }]);
    const started = await api.call(endpoints.ssoLink, { body: { institutionId: INST } }, linker.token);
    expect(new URL(started.body.url).origin).toBe(idp.url);
    const page = await (await fetch(started.body.url)).text();
    const form = await (
      await fetch(`${idp.url}/sso/login`, {
        method: 'POST',
        body: new URLSearchParams({ key: field(page, 'key'), login: 'saml.linker@active.edu' }),
      })
    ).text();
    const location = await postToAcs(
      new URLSearchParams({ SAMLResponse: field(form, 'SAMLResponse'), RelayState: field(form, 'RelayState') }),
    );
    const linked = await complete(location, linker.token);
    expect(linked.body).toMatchObject({ linked: true, jwtoken: linker.token, email: 'saml.linker@active.edu' });
    expect((await api.call(endpoints.ssoAccount, {}, linker.token)).body).toEqual({
      linked: [{ institution: 'Active U', linkedAt: expect.any(String) }],
      canLink: [],
    });
    expect((await signIn('saml.linker@active.edu')).body.uuid).toBe(linked.body.uuid);
  });
});

describe('identity provider metadata in the console', () => {
  let admin: string;
  const inst = { institutionId: FX.inst.noFlags };
  const save = (body: object) => api.call(endpoints.consoleSaml, { params: inst, body: unchecked(body) }, admin);
  const settings = async () => (await api.call(endpoints.consoleSettings, { params: inst }, admin)).body;

  beforeAll(async () => {
    admin = (await signInByCode(t.db, api, outbox, 'saml.admin@example.com')).token;
    await grantConsoleRole(t.db, { email: 'saml.admin@example.com', role: 'admin', orgCode: null, actorId: null });
  });

  it('reads it from its address or pasted, shows our metadata address, and turns OpenID Connect off', async () => {
    await t.db.query(
      `UPDATE institutions SET sso_issuer = 'https://op.example', sso_client_id = 'c', sso_client_secret = 's' WHERE id = $1`,
      [FX.inst.noFlags],
    );
    const byUrl = await save({ metadataUrl: idp.metadataUrl });
    expect(byUrl.status, JSON.stringify(byUrl.body)).toBe(200);
    expect(byUrl.body).toMatchObject({
      sso: null,
      saml: { entityId: idp.entityId, ssoUrl: `${idp.url}/sso`, metadataUrl: idp.metadataUrl, certs: 1 },
      samlSpMetadata: `${PUBLIC_URL}/saml/${FX.inst.noFlags}/metadata`,
    });
    const pasted = await save({ metadataXml: idp.metadata() });
    expect(pasted.body.saml).toMatchObject({ entityId: idp.entityId, metadataUrl: null });
    const log = await t.db.query(`SELECT action FROM console_audit WHERE institution_id = $1 ORDER BY id`, [FX.inst.noFlags]);
    expect(log.rows.map((r) => r.action)).toEqual(['sso.off', 'saml.set', 'saml.set']);
    const off = await api.call(endpoints.consoleSamlOff, { params: inst }, admin);
    expect(off.body.saml).toBeNull();
  });

  it('refuses metadata it cannot use, saying why, and changes nothing', async () => {
    await save({ metadataXml: idp.metadata() });
    const before = await settings();
    const md = idp.metadata();
    const aggregate = `<EntitiesDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata">${md.replace(/<\?xml[^>]*>/, '')}${md
      .replace(/<\?xml[^>]*>/, '')
      .replace(idp.entityId, 'https://other.example/idp')}</EntitiesDescriptor>`;
    for (const [body, why] of [
      [{ metadataXml: '<nope' }, 'it is not well-formed XML'],
      [{ metadataXml: '<!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>' }, 'it declares a document type'],
      [{ metadataXml: md.replace(/<ds:X509Certificate>[^<]+/g, '<ds:X509Certificate>AAAA') }, 'it has no signing certificate'],
      [{ metadataXml: md.replace(/HTTP-Redirect/g, 'HTTP-Artifact') }, 'no https SingleSignOnService'],
      [{ metadataXml: aggregate }, 'it lists 2 identity providers'],
      [{ metadataUrl: 'ftp://idp.example/md' }, 'the address is not http or https'],
      [{ metadataUrl: `${idp.url}/missing` }, 'the address answered 404'],
      [{ metadataUrl: 'http://127.0.0.1:1/md' }, 'the address could not be reached'],
      [{ metadataUrl: idp.metadataUrl, metadataXml: md }, 'one of the two'],
      [{}, 'one of the two'],
    ] as [object, string][]) {
      const res = await save(body);
      expect(res.status, why).toBe(400);
      expect(JSON.stringify(res.error), why).toContain(why);
    }
    expect(await settings()).toEqual(before);
  });

  it('reaches loopback and private networks only where allowed (not in production by default)', async () => {
    await expect(fetchIdpMetadata(idp.metadataUrl, false)).rejects.toThrow('the address must be https');
    await expect(fetchIdpMetadata(idp.metadataUrl.replace('http:', 'https:'), false)).rejects.toThrow('private or loopback network');
    await expect(fetchIdpMetadata('https://localhost:1/md', false)).rejects.toThrow('private or loopback network');
    await expect(fetchIdpMetadata('https://[::1]:1/md', false)).rejects.toThrow('private or loopback network');
    expect(await fetchIdpMetadata(idp.metadataUrl, true)).toContain(idp.entityId);
    expect(loadConfig({ NODE_ENV: 'production' }).samlPrivateMetadata).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SAML_METADATA_PRIVATE: '1' }).samlPrivateMetadata).toBe(true);
    expect(loadConfig({}).samlPrivateMetadata).toBe(true);
  });

  it('is for admins only', async () => {
    const reader = (await signInByCode(t.db, api, outbox, 'plain.reader@active.edu')).token;
    const res = await api.call(
      endpoints.consoleSaml,
      { params: { institutionId: FX.inst.noFlags }, body: { metadataXml: idp.metadata() } },
      reader,
    );
    expect(res.status).toBe(403);
  });
});
