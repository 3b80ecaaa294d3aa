// Spec §7 gencode: a signed-in reader makes a code on one device and signs in with it on another.
// Good once, for ten minutes, five waiting at most (held under a burst, on PostgreSQL too), a
// guess counted as a failed sign-in; never for a guest or without a session.
// On PostgreSQL too: codes asked for at once against the live-code cap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, signInByCode, unchecked, xsrfToken } from '../support/api-client';
import { DEVICE_CODES_LIVE_MAX } from '../../src/shared/device-code';
import { LIMITS } from '../../src/server/services/rate-limit';
import * as endpoints from '../../src/shared/endpoints';

let t: TestContext;
let xsrf: string;
const outbox = memoryOutbox();
beforeAll(async () => {
  t = await testApp(undefined, { mailer: outbox.mailer, sms: outbox.sms });
  xsrf = await xsrfToken(t.app);
});
afterAll(() => t?.close());

const client = (ip?: string) => apiClient(t.app, xsrf, ip ? { ip } : {});

describe('a sign-in code for another device', () => {
  it('signs the other device in as the same reader, once', async () => {
    const me = await signInByCode(t.db, client(), outbox, 'reader@example.com');
    const made = await client().call(endpoints.gencode, {}, me.token);
    expect(made.status).toBe(200);
    expect(made.body.code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(made.body.expiresIn).toBe(600);
    // Typed on a phone: lower case, a space instead of the hyphen.
    const typed = made.body.code.toLowerCase().replace('-', ' ');
    const other = await client().call(endpoints.loginGencode, { body: { code: typed } });
    expect(other.status).toBe(200);
    expect(other.body.uid).toBe(me.uid);
    expect(other.body.jwtoken).not.toBe(me.token);
    const details = await client().call(endpoints.userDetails, {}, other.body.jwtoken);
    expect(details.status).toBe(200);
    expect(details.body.uid).toBe(me.uid);
    const again = await client().call(endpoints.loginGencode, { body: { code: made.body.code } });
    expect(again.status).toBe(401);
    expect(again.error.code).toBe('wrong_code');
  });

  it('does not work once expired, and is kept only as a hash', async () => {
    const me = await signInByCode(t.db, client(), outbox, 'late@example.com');
    const made = await client().call(endpoints.gencode, {}, me.token);
    const stored = await t.db.query<{ code_hash: string }>('SELECT code_hash FROM device_codes WHERE user_id = $1', [me.id]);
    expect(stored.rows[0].code_hash).not.toContain(made.body.code.replace('-', ''));
    await t.db.query(`UPDATE device_codes SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [me.id]);
    expect((await client().call(endpoints.loginGencode, { body: { code: made.body.code } })).status).toBe(401);
  });

  it(`allows ${DEVICE_CODES_LIVE_MAX} unused codes at once, however many are asked for together`, async () => {
    const me = await signInByCode(t.db, client(), outbox, 'burst@example.com');
    const answers = await Promise.all(Array.from({ length: 30 }, () => client().call(endpoints.gencode, {}, me.token)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(DEVICE_CODES_LIVE_MAX);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.error.code).toBe('too_many_codes');
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM device_codes WHERE user_id = $1', [me.id]);
    expect(rows[0].n).toBe(DEVICE_CODES_LIVE_MAX);
    // Using one frees its place.
    const code = answers.find((a) => a.status === 200)!.body.code;
    expect((await client().call(endpoints.loginGencode, { body: { code } })).status).toBe(200);
    expect((await client().call(endpoints.gencode, {}, me.token)).status).toBe(200);
  });

  it('is not made for a visitor or a guest', async () => {
    expect((await client().call(endpoints.gencode)).status).toBe(401);
    const guest = await client().call(endpoints.guestLogin, { body: { uniqId: 'device-code-guest', os: 'web' } });
    const refused = await client().call(endpoints.gencode, {}, guest.body.jwtoken);
    expect(refused.status).toBe(403);
  });

  it('refuses a malformed code with a clear message, changing nothing', async () => {
    for (const code of ['', 'ABC', 'ABCD-EFG0', 'ABCD-EFGHI', 'ABCD\u0000EFG', 'x'.repeat(100)]) {
      const res = await client().call(endpoints.loginGencode, { body: unchecked({ code }) });
      expect(res.status, code).toBe(400);
    }
    expect((await client().call(endpoints.loginGencode, { body: unchecked({}) })).status).toBe(400);
  });

  it('counts wrong codes as failed sign-ins from the client, so guessing stops', async () => {
    const ip = '192.0.2.77';
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.loginFailPerIp.max + 2; i++)
      statuses.push((await client(ip).call(endpoints.loginGencode, { body: { code: 'ZZZZ-ZZZZ' } })).status);
    expect(statuses.slice(0, LIMITS.loginFailPerIp.max).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
