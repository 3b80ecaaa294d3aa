// A reader's own sessions in My Account: each device with its browser, system and network (never
// the whole address), signed in and last seen, this device marked; ending one or all others takes
// effect on the next call, reader tokens included; nobody can end another reader's session. On
// PGlite and PostgreSQL, with concurrent requests.
// On PostgreSQL too: requests ending one session at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, unchecked, xsrfToken, type EndpointInput } from '../support/api-client';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import * as endpoints from '../../src/shared/endpoints';
import type { Endpoint } from '../../src/shared/endpoints/endpoint';

let t: TestContext;
let xsrf: string;
const outbox = memoryOutbox();

beforeAll(async () => {
  t = await testApp(loadCatalogue, { mailer: outbox.mailer });
  xsrf = await xsrfToken(t.app);
}, 120_000);
afterAll(() => t?.close());

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1';

/** A device: its own address and browser, signed in by e-mail code. */
async function device(email: string, ip: string, ua: string) {
  const api = apiClient(t.app, xsrf, { ip });
  const headers = { 'user-agent': ua };
  const sent = await api.call(endpoints.loginOtpSend, { body: { channel: 'email', email }, headers });
  const res = await api.call(endpoints.loginOtpVerify, { body: { requestId: sent.body.requestId, code: outbox.codeFor(email)! }, headers });
  expect(res.status).toBe(200);
  const token = res.body.jwtoken;
  return {
    token,
    call: <E extends Endpoint>(e: E, input: EndpointInput<E> = {}) => api.call(e, { ...input, headers }, token),
    /** A reading link's manifest (outside the endpoint table). */
    manifest: (issue: number, code: string) => api.raw('GET', `/content/reader/${issue}?code=${code}`, undefined, token, headers),
  };
}
type Device = Awaited<ReturnType<typeof device>>;
const live = async (d: Device) => (await d.call(endpoints.userDetails)).status;

describe('the session list', () => {
  it('shows each device by browser, system and network, signed in and last seen, and which is this one', async () => {
    const phone = await device('sessions@active.edu', '203.0.113.77', ANDROID);
    const laptop = await device('sessions@active.edu', '2001:db8:abcd:12::5', WINDOWS);
    const res = await phone.call(endpoints.userSessions);
    expect(res.status).toBe(200);
    const byBrowser = Object.fromEntries(res.body.sessions.map((s) => [s.browser, s]));
    expect(res.body.sessions).toHaveLength(2);
    expect(byBrowser.Chrome).toMatchObject({ os: 'Android', network: '203.0.113.x', current: true });
    expect(byBrowser.Edge).toMatchObject({ os: 'Windows', network: '2001:db8:abcd::/48', current: false });
    for (const s of res.body.sessions) {
      expect(Date.parse(s.signedInAt)).toBeGreaterThan(Date.now() - 60_000);
      expect(Date.parse(s.lastSeenAt)).toBeGreaterThan(Date.now() - 60_000);
    }
    // Never the whole address.
    expect(JSON.stringify(res.body)).not.toMatch(/203\.0\.113\.77|abcd:12/);
    expect((await laptop.call(endpoints.userSessions)).body.sessions.find((s) => s.current)!.browser).toBe('Edge');
    expect((await apiClient(t.app, xsrf).call(endpoints.userSessions)).status).toBe(401);
  });

  it('notes the network a session is used from with its last use, once a day', async () => {
    const api = apiClient(t.app, xsrf, { ip: '198.51.100.20' });
    const phone = await device('moving@active.edu', '203.0.113.9', IPHONE);
    const list = async () => (await api.call(endpoints.userSessions, {}, phone.token)).body.sessions[0];
    // Used the same day from elsewhere: not written again (a session is written at most once a day).
    expect(await list()).toMatchObject({ browser: 'Safari', os: 'iPhone', network: '203.0.113.x' });
    await t.db.query(`UPDATE user_sessions SET last_seen_at = now() - interval '2 days' WHERE id = $1`, [(await list()).id]);
    expect(await list()).toMatchObject({ network: '198.51.100.x' });
  });
});

describe('ending sessions', () => {
  it('ends one other device at once: its calls are refused and its reading links stop', async () => {
    const phone = await device('ender@active.edu', '203.0.113.10', ANDROID);
    const laptop = await device('ender@active.edu', '203.0.113.11', WINDOWS);
    const [issue] = (await t.db.query<{ issue_id: number }>('SELECT issue_id FROM issues WHERE mid = $1 ORDER BY issue_id', [FX.mid.biz]))
      .rows;
    const { code } = (await laptop.call(endpoints.readerToken, { body: { issue: issue.issue_id } })).body.data;
    expect((await laptop.manifest(issue.issue_id, code)).status).toBe(200);

    const other = (await phone.call(endpoints.userSessions)).body.sessions.find((s) => !s.current)!;
    const res = await phone.call(endpoints.userSessionsEnd, { body: { id: other.id } });
    expect(res.status).toBe(200);
    expect(res.body.sessions.map((s) => s.current)).toEqual([true]);
    expect(await live(laptop)).toBe(401);
    expect((await laptop.manifest(issue.issue_id, code)).status).toBe(403);
    expect(await live(phone)).toBe(200);
    // Ended already.
    expect((await phone.call(endpoints.userSessionsEnd, { body: { id: other.id } })).status).toBe(404);
  });

  it('ends every other device, and keeps this one', async () => {
    const devices = [
      await device('everyone@active.edu', '203.0.113.20', ANDROID),
      await device('everyone@active.edu', '203.0.113.21', WINDOWS),
      await device('everyone@active.edu', '203.0.113.22', IPHONE),
    ];
    const res = await devices[0].call(endpoints.userSessionsEndOthers);
    expect(res.status).toBe(200);
    expect(res.body.sessions).toHaveLength(1);
    expect(await Promise.all(devices.map(live))).toEqual([200, 401, 401]);
  });

  it("cannot end another reader's session, nor take a malformed id", async () => {
    const mine = await device('mine@active.edu', '203.0.113.30', ANDROID);
    const theirs = await device('theirs@active.edu', '203.0.113.31', WINDOWS);
    const theirId = (await theirs.call(endpoints.userSessions)).body.sessions[0].id;
    expect((await mine.call(endpoints.userSessionsEnd, { body: { id: theirId } })).status).toBe(404);
    expect(await live(theirs)).toBe(200);
    for (const id of ['x', '', '00000000-0000-0000-0000-000000000000\u0000', 42])
      expect((await mine.call(endpoints.userSessionsEnd, { body: unchecked({ id }) })).status).toBe(400);
  });

  it('twelve requests ending the same session at once: one ends it, the others are told it had ended', async () => {
    const phone = await device('race@active.edu', '203.0.113.40', ANDROID);
    const laptop = await device('race@active.edu', '203.0.113.41', WINDOWS);
    const other = (await phone.call(endpoints.userSessions)).body.sessions.find((s) => !s.current)!;
    const answers = await Promise.all(Array.from({ length: 12 }, () => phone.call(endpoints.userSessionsEnd, { body: { id: other.id } })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(11).fill(404)]);
    expect(await live(laptop)).toBe(401);
  });
});
