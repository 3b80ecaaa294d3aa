// The login refresh with the spec's parameters (§7: udid, os, appver, device, language_code, uid,
// ctp) on POST /api/user/details, and the guest check the app makes at start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, signInByCode, unchecked, xsrfToken } from '../support/api-client';
import { loadCatalogue } from '../fixtures/catalogue';
import * as endpoints from '../../src/shared/endpoints';

let t: TestContext;
let api: ReturnType<typeof apiClient>;
const outbox = memoryOutbox();
let member: { token: string; uid: string };
let other: { token: string; uid: string };
const params = (uid: string) =>
  ({
    udid: 'b1946ac9-2c1e-4c5a-9d4e-0a1b2c3d4e5f',
    os: 'web',
    appver: '2026.11.24-abc123',
    device: 'phone',
    language_code: 'hi',
    uid,
    ctp: 'email',
  }) as const;

beforeAll(async () => {
  t = await testApp(loadCatalogue, { mailer: outbox.mailer });
  api = apiClient(t.app, await xsrfToken(t.app));
  member = await signInByCode(t.db, api, outbox, 'member@active.edu');
  other = await signInByCode(t.db, api, outbox, 'other@active.edu');
});
afterAll(() => t?.close());

describe('POST /api/user/details (login refresh)', () => {
  it('answers the reader with all seven parameters, with none, and with some', async () => {
    for (const body of [params(member.uid), undefined, { os: 'web', language_code: 'en' } as const]) {
      const res = await api.call(endpoints.userDetails, { body }, member.token);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body).toMatchObject({ status: 1, uid: member.uid, email: 'member@active.edu' });
      // A new reader has no name yet: mode 3 sends the app to /update/fullName.
      expect(res.body.mode).toBe(3);
    }
  });

  it("refuses another reader's uid with 409 and the session stays", async () => {
    const res = await api.call(endpoints.userDetails, { body: params(other.uid) }, member.token);
    expect(res.status).toBe(409);
    expect(res.error.code).toBe('other_user');
    expect((await api.call(endpoints.userDetails, { body: params(member.uid) }, member.token)).status).toBe(200);
  });

  it('refuses malformed parameters with 400 and needs a session', async () => {
    for (const bad of [
      { os: 'windows' },
      { device: 'fridge' },
      { language_code: 'fr' },
      { ctp: 'magic' },
      { udid: 'x'.repeat(65) },
      { udid: 'a\u0000b' },
      { appver: 5 },
      { uid: ['a'] },
    ]) {
      const res = await api.call(endpoints.userDetails, { body: unchecked({ ...params(member.uid), ...bad }) }, member.token);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.error.code).toBe('bad_request');
    }
    expect((await api.call(endpoints.userDetails, { body: params(member.uid) })).status).toBe(401);
  });

  it('takes a request with no body at all (an older app): 200 signed in, 401 signed out', async () => {
    const xsrf = await xsrfToken(t.app);
    const bare = (authorization?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/details',
        cookies: { 'XSRF-TOKEN': xsrf },
        headers: { 'x-xsrf-token': xsrf, ...(authorization ? { authorization } : {}) },
      });
    expect((await bare(member.token)).statusCode).toBe(200);
    expect((await bare()).statusCode).toBe(401);
    expect((await bare('not-a-token')).statusCode).toBe(401);
  });
});

describe('GET /api/guest/validate (at app start)', () => {
  it("answers a guest's session, and status 0 for a reader or no session", async () => {
    const guest = await api.call(endpoints.guestLogin, { body: { uniqId: 'refresh-test-guest-0001', os: 'web' } });
    expect((await api.call(endpoints.guestValidate, {}, guest.body.jwtoken)).body).toMatchObject({ status: 1, usertype: 'guest' });
    expect((await api.call(endpoints.guestValidate, {}, member.token)).body).toEqual({ status: 0 });
    expect((await api.call(endpoints.guestValidate)).body).toEqual({ status: 0 });
  });
});
