// A guest account's credential is a secret the server issues (an HttpOnly cookie sent only to
// /api/guest/…), not the device id the app sends: another client with the uniqId gets no session
// on that account; guests made before keys keep their account on the device that has them; and
// librarians see no credential anywhere. On PGlite and PostgreSQL.
// On PostgreSQL too: app starts at once binding one key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDb, testApp, type TestContext } from '../support/app';
import { apiClient, signInByCode, xsrfToken, memoryOutbox } from '../support/api-client';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { ADMIN, LIB, OTHER, grantTestConsoleRoles } from '../support/console-roles';
import { migrate, migrationFiles } from '../../src/server/db/migrate';
import { GUEST_KEY_COOKIE, guestKeyHash } from '../../src/server/services/guest-keys';
import * as endpoints from '../../src/shared/endpoints';

let t: TestContext;
let xsrf: string;
let api: ReturnType<typeof apiClient>;
const outbox = memoryOutbox();

beforeAll(async () => {
  t = await testApp(
    async (db) => {
      await loadCatalogue(db);
      await db.exec(
        `INSERT INTO access_codes (code, institution_id, ends_at, max_uses) VALUES ('GUEST-CODE', ${FX.inst.active}, now() + interval '90 days', 100)`,
      );
    },
    { mailer: outbox.mailer },
  );
  xsrf = await xsrfToken(t.app);
  api = apiClient(t.app, xsrf);
}, 120_000);
afterAll(() => t?.close());

/** POST /api/guest/login as a browser would send it: the device id, and the guest key cookie or a
 * session token when the browser has them. */
async function guestLogin(uniqId: string, opts: { key?: string; token?: string } = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/guest/login',
    payload: { uniqId, os: 'web' },
    cookies: { 'XSRF-TOKEN': xsrf, ...(opts.key ? { [GUEST_KEY_COOKIE]: opts.key } : {}) },
    headers: { 'x-xsrf-token': xsrf, ...(opts.token ? { authorization: opts.token } : {}) },
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`,
  });
  return { status: res.statusCode, body: res.json(), cookie: res.cookies.find((c) => c.name === GUEST_KEY_COOKIE) };
}
const validate = async (token: string, key?: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/guest/validate',
    cookies: key ? { [GUEST_KEY_COOKIE]: key } : {},
    headers: { authorization: token },
  });
  return { body: res.json(), cookie: res.cookies.find((c) => c.name === GUEST_KEY_COOKIE) };
};
const logout = (token: string) => api.call(endpoints.logout, {}, token);
/** A guest account as one made before guest keys: its device id and no key. */
async function legacyGuest(uniqId: string) {
  const { rows } = await t.db.query<{ id: number }>(
    `INSERT INTO users (uuid, user_type, uniq_id) VALUES (gen_random_uuid(), 'guest', $1) RETURNING id`,
    [uniqId],
  );
  return { id: rows[0].id, token: await t.app.issueToken(rows[0].id, { headers: {} } as never) };
}

describe('the guest key', () => {
  it('is issued at the first guest login as an HttpOnly cookie for /api/guest only, kept as a hash, and resumes the account', async () => {
    const first = await guestLogin('device-key-0123456789');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ usertype: 'guest', libid: 0 });
    expect(first.cookie).toMatchObject({ httpOnly: true, path: '/api/guest', sameSite: 'Strict', maxAge: 365 * 86400 });
    const key = first.cookie!.value;
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The answer's body never carries it, and the database holds only its hash.
    expect(JSON.stringify(first.body)).not.toContain(key);
    const { rows } = await t.db.query<{ guest_key_hash: string; uniq_id: string }>(
      'SELECT guest_key_hash, uniq_id FROM users WHERE uuid = $1',
      [first.body.uuid],
    );
    expect(rows[0]).toEqual({ guest_key_hash: guestKeyHash(key), uniq_id: 'device-key-0123456789' });

    // Signed out, the same browser comes back to the same account with its key.
    await logout(first.body.jwtoken);
    const again = await guestLogin('device-key-0123456789', { key });
    expect(again.body.uuid).toBe(first.body.uuid);
    expect(again.cookie?.value).toBe(key); // kept another year
  });

  it('another client with the device id (and no key, or a wrong one) gets no session on that account', async () => {
    const uniqId = 'device-victim-0123456789';
    const victim = await guestLogin(uniqId);
    expect((await api.call(endpoints.couponValidate, { body: { code: 'GUEST-CODE' } }, victim.body.jwtoken)).body.libid).toBe(
      FX.inst.active,
    );

    const thief = await guestLogin(uniqId);
    expect(thief.status).toBe(200);
    expect(thief.body.uuid).not.toBe(victim.body.uuid);
    expect(thief.body.libid).toBe(0); // the victim's institution did not come with it
    expect(thief.cookie!.value).not.toBe(victim.cookie!.value);
    const forged = await guestLogin(uniqId, { key: 'A'.repeat(43) });
    expect(forged.body.uuid).not.toBe(victim.body.uuid);
    const junk = await guestLogin(uniqId, { key: 'not-a-key' });
    expect(junk.body.uuid).not.toBe(victim.body.uuid);

    // The victim's own key still finds the victim's account, with its institution.
    const back = await guestLogin(uniqId, { key: victim.cookie!.value });
    expect(back.body).toMatchObject({ uuid: victim.body.uuid, libid: FX.inst.active });
  });

  it('a registered reader cannot be signed into by a guest login', async () => {
    const reader = await signInByCode(t.db, api, outbox, 'not-a-guest@active.edu');
    const res = await guestLogin('device-reader-0123456789', { token: reader.token });
    expect(res.body.usertype).toBe('guest');
    expect(res.body.uid).not.toBe(reader.uid);
  });
});

describe('guests made before guest keys', () => {
  it('get a key at the app start (guest/validate) from their live session, once, and keep their account after signing out', async () => {
    const legacy = await legacyGuest('device-legacy-0123456789');
    const start = await validate(legacy.token);
    expect(start.body).toMatchObject({ status: 1, usertype: 'guest' });
    expect(start.cookie).toMatchObject({ httpOnly: true, path: '/api/guest' });
    const key = start.cookie!.value;
    // A second start (or a stolen token) does not replace the key the device holds.
    expect((await validate(legacy.token, key)).cookie).toBeUndefined();
    expect((await validate(legacy.token)).cookie).toBeUndefined();

    await logout(legacy.token);
    expect((await validate(legacy.token)).body).toEqual({ status: 0 });
    const back = await guestLogin('device-legacy-0123456789', { key });
    expect(back.body.uuid).toBe(start.body.uuid);
    // The device id alone, as before the change, no longer finds it.
    expect((await guestLogin('device-legacy-0123456789')).body.uuid).not.toBe(start.body.uuid);
  });

  it('or at a guest login made with their live session', async () => {
    const legacy = await legacyGuest('device-legacy-login-0123');
    const res = await guestLogin('device-legacy-login-0123', { token: legacy.token });
    const { rows } = await t.db.query<{ uuid: string }>('SELECT uuid FROM users WHERE id = $1', [legacy.id]);
    expect(res.body.uuid).toBe(rows[0].uuid);
    expect(res.cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await guestLogin('device-legacy-login-0123', { key: res.cookie!.value })).body.uuid).toBe(rows[0].uuid);
  });

  it('twelve app starts at once bind exactly one key', async () => {
    const legacy = await legacyGuest('device-legacy-race-0123');
    const starts = await Promise.all(Array.from({ length: 12 }, () => validate(legacy.token)));
    const keys = starts.map((s) => s.cookie?.value).filter(Boolean) as string[];
    expect(keys).toHaveLength(1);
    const { rows } = await t.db.query<{ guest_key_hash: string }>('SELECT guest_key_hash FROM users WHERE id = $1', [legacy.id]);
    expect(rows[0].guest_key_hash).toBe(guestKeyHash(keys[0]));
  });
});

describe('librarians', () => {
  it('see no credential of a guest member: not in the list, the CSV, the member page or the activity log', async () => {
    const guest = await guestLogin('device-member-0123456789');
    await api.call(endpoints.couponValidate, { body: { code: 'GUEST-CODE' } }, guest.body.jwtoken);
    const key = guest.cookie!.value;
    const lib = await signInByCode(t.db, api, outbox, LIB);
    for (const email of [OTHER, ADMIN]) await signInByCode(t.db, api, outbox, email);
    await grantTestConsoleRoles(t.db);
    const params = { institutionId: FX.inst.active };
    const { rows } = await t.db.query<{ id: number }>('SELECT id FROM users WHERE uuid = $1', [guest.body.uuid]);
    const seen = [
      await api.call(endpoints.consoleMembers, { params }, lib.token),
      await api.call(endpoints.consoleMember, { params: { ...params, memberId: rows[0].id } }, lib.token),
      await api.call(endpoints.consoleActivity, { params }, lib.token),
    ];
    for (const res of seen) expect(res.status).toBe(200);
    const csv = await api.call(endpoints.consoleMembersCsv, { params }, lib.token);
    expect(csv.status).toBe(200);
    const all = JSON.stringify(seen.map((s) => s.body)) + String(csv.body);
    expect(all).not.toContain(key);
    expect(all).not.toContain(guestKeyHash(key));
    expect(all).not.toContain('device-member-0123456789');
  });
});

describe('upgrading a database of the release before', () => {
  it('keeps every guest with its device id, without a key, and lets device ids repeat', async () => {
    const db = await freshDb();
    try {
      await migrate(
        db,
        migrationFiles().filter((m) => m.version < 32),
      );
      await db.query(`INSERT INTO users (uuid, user_type, uniq_id) VALUES (gen_random_uuid(), 'guest', 'old-device-0123456789')`);
      expect(await migrate(db)).toContain('032_guest_keys_sessions.sql');
      const { rows } = await db.query<{ uniq_id: string; guest_key_hash: string | null }>(
        `SELECT uniq_id, guest_key_hash FROM users WHERE user_type = 'guest'`,
      );
      expect(rows).toEqual([{ uniq_id: 'old-device-0123456789', guest_key_hash: null }]);
      await db.query(`INSERT INTO users (uuid, user_type, uniq_id) VALUES (gen_random_uuid(), 'guest', 'old-device-0123456789')`);
      await expect(db.query(`UPDATE users SET guest_key_hash = 'same' WHERE user_type = 'guest'`)).rejects.toThrow(); // a key names one account
    } finally {
      await db.close();
    }
  });
});
