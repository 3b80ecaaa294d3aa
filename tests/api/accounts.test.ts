// Accounts and access through the real app: codes, passwords, sign-up, guests, access codes,
// tokens and XSRF. Every refusal is a 4xx that changes nothing.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { createCanvas } from '@napi-rs/canvas';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, unchecked, xsrfToken } from '../support/api-client';
import { FX, loadCatalogue } from '../fixtures/catalogue';
import { decideIdRequest, pendingIdRequests } from '../../src/server/repositories/id-requests';
import { housekeeping } from '../../src/server/jobs/housekeeping';
import { hashPassword } from '../../src/server/services/passwords';
import * as endpoints from '../../src/shared/endpoints';

let t: TestContext;
let api: ReturnType<typeof apiClient>;
const outbox = memoryOutbox();

beforeAll(async () => {
  t = await testApp(
    async (db) => {
      await loadCatalogue(db);
      await db.exec(`
      INSERT INTO access_codes (code, institution_id, ends_at, max_uses) VALUES
        ('ACT-2026', ${FX.inst.active}, now() + interval '90 days', 100),
        ('OLD-CODE', ${FX.inst.active}, now() - interval '1 day', 100),
        ('ONE-USE', ${FX.inst.active}, now() + interval '90 days', 1);`);
    },
    { mailer: outbox.mailer, sms: outbox.sms },
  );
  api = apiClient(t.app, await xsrfToken(t.app));
});
afterAll(() => t?.close());

const count = async (table: string) => (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;

/** Signs in by e-mail code; returns the login answer. */
async function signIn(email: string) {
  const sent = await api.call(endpoints.loginOtpSend, { body: { channel: 'email', email } });
  expect(sent.status).toBe(200);
  const res = await api.call(endpoints.loginOtpVerify, { body: { requestId: sent.body.requestId, code: outbox.codeFor(email)! } });
  expect(res.status).toBe(200);
  return res.body;
}

describe('e-mail one-time code', () => {
  it('signs a new user in and links them to the institution of their e-mail domain', async () => {
    const sent = await api.call(endpoints.loginOtpSend, { body: { channel: 'email', email: 'Priya@Active.edu' } });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ status: 1, length: 6, expiresIn: 600, resendIn: 30 });
    const code = outbox.codeFor('priya@active.edu')!;
    expect(code).toMatch(/^\d{6}$/);
    const mail = outbox.mails.at(-1)!;
    expect(mail.text).toContain('/unsubscribe?t=');
    expect(mail.headers?.['List-Unsubscribe']).toContain('/unsubscribe?t=');

    const res = await api.call(endpoints.loginOtpVerify, { body: { requestId: sent.body.requestId, code } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 1,
      usertype: 'user',
      libid: FX.inst.active,
      libName: 'Active U',
      isNewspaper: 1,
      isJournal: 1,
      isLibContentAvailable: 1,
      mode: 3,
      agerate: '6',
      email: 'priya@active.edu',
    });
    expect(res.body.enddate).toBeGreaterThan(Date.now() / 1000);
    expect(res.body.jwtoken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const details = await api.call(endpoints.userDetails, {}, res.body.jwtoken);
    expect(details.status).toBe(200);
    expect(details.body.uuid).toBe(res.body.uuid);
  });

  it('uses a code once', async () => {
    const sent = await api.call(endpoints.loginOtpSend, { body: { channel: 'email', email: 'once@example.com' } });
    const code = outbox.codeFor('once@example.com')!;
    expect((await api.call(endpoints.loginOtpVerify, { body: { requestId: sent.body.requestId, code } })).status).toBe(200);
    const again = await api.call(endpoints.loginOtpVerify, { body: { requestId: sent.body.requestId, code } });
    expect(again.status).toBe(400);
    expect(again.error.code).toBe('otp_expired');
  });

  it('allows five wrong tries, then the code is dead and nothing was created', async () => {
    const users = await count('users');
    const sent = await api.call(endpoints.loginOtpSend, { body: { channel: 'email', email: 'guess@example.com' } });
    const code = outbox.codeFor('guess@example.com')!;
    const wrong = String((Number(code) + 1) % 10 ** code.length).padStart(code.length, '0');
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(await api.call(endpoints.loginOtpVerify, { body: { requestId: sent.body.requestId, code: wrong } }));
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400, 400]);
    expect(answers[0].error.message).toBe('Incorrect OTP. 4 tries left.');
    expect(answers[4].error.code).toBe('otp_expired');
    const right = await api.call(endpoints.loginOtpVerify, { body: { requestId: sent.body.requestId, code } });
    expect(right.error.code).toBe('otp_expired');
    expect(await count('users')).toBe(users);
  });

  it('refuses an expired code and a code of the wrong length', async () => {
    const sent = await api.call(endpoints.loginOtpSend, { body: { channel: 'email', email: 'late@example.com' } });
    const short = await api.call(endpoints.loginOtpVerify, { body: { requestId: sent.body.requestId, code: '12' } });
    expect(short.status).toBe(400);
    expect(short.error.message).toBe('Please enter the 6 digit OTP sent to');
    await t.db.query(`UPDATE otp_requests SET expires_at = now() - interval '1 second' WHERE id = $1`, [sent.body.requestId]);
    const late = await api.call(endpoints.loginOtpVerify, {
      body: { requestId: sent.body.requestId, code: outbox.codeFor('late@example.com')! },
    });
    expect(late.status).toBe(400);
    expect(late.error.code).toBe('otp_expired');
  });

  it('sends at most 5 codes per contact per hour', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await api.call(endpoints.loginOtpSend, { body: { channel: 'email', email: 'spam@example.com' } })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(outbox.mails.filter((m) => m.to === 'spam@example.com')).toHaveLength(5);
    expect((await api.call(endpoints.loginOtpSend, { body: { channel: 'email', email: 'other@example.com' } })).status).toBe(200);
  });

  it('sends at most 30 codes per IP address per hour', async () => {
    const fromOneIp = apiClient(t.app, await xsrfToken(t.app), { ip: '192.0.2.7' });
    const statuses = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await fromOneIp.call(endpoints.loginOtpSend, { body: { channel: 'email', email: `ip${i}@example.com` } })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.at(-1)).toBe(429);
  });

  it('stops a client after 10 failed verifications of a contact in a day, even with the right code; the owner elsewhere signs in', async () => {
    const email = 'brute@example.com';
    const stranger = apiClient(t.app, await xsrfToken(t.app), { ip: '198.51.100.9' });
    for (let round = 0; round < 2; round++) {
      const sent = await stranger.call(endpoints.loginOtpSend, { body: { channel: 'email', email } });
      const code = outbox.codeFor(email)!;
      const wrong = String((Number(code) + 1) % 10 ** code.length).padStart(code.length, '0');
      for (let i = 0; i < 5; i++) await stranger.call(endpoints.loginOtpVerify, { body: { requestId: sent.body.requestId, code: wrong } });
    }
    const sent = await stranger.call(endpoints.loginOtpSend, { body: { channel: 'email', email } });
    const res = await stranger.call(endpoints.loginOtpVerify, { body: { requestId: sent.body.requestId, code: outbox.codeFor(email)! } });
    expect(res.status).toBe(429);
    expect(res.error.message).toBe('Too many attempts. Please try again later.');
    // The owner, on their own device: the code they read still signs them in.
    const own = await api.call(endpoints.loginOtpSend, { body: { channel: 'email', email } });
    expect(
      (await api.call(endpoints.loginOtpVerify, { body: { requestId: own.body.requestId, code: outbox.codeFor(email)! } })).status,
    ).toBe(200);
  });

  it('rejects bad addresses and numbers with the texts of spec §5, storing nothing', async () => {
    const before = await count('otp_requests');
    const cases: [unknown, string][] = [
      [{ channel: 'email', email: '' }, 'Email field is required'],
      [{ channel: 'email', email: 'no-at-sign.com' }, 'Please enter a valid email address'],
      [{ channel: 'email', email: 'a@b.c' }, 'Please enter a valid email address'],
      [{ channel: 'email', email: 'a@b.abcdefghijk' }, 'Please enter a valid email address'],
      [{ channel: 'mobile', mobile: '98765abcde' }, 'Mobile number should be numeric'],
      [{ channel: 'mobile', mobile: '123' }, 'Enter a Valid Mobile Number'],
    ];
    for (const [body, message] of cases) {
      const res = await api.call(endpoints.loginOtpSend, { body: unchecked(body) });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.error.message).toContain(message);
    }
    expect(await count('otp_requests')).toBe(before);
  });

  it('follows OTP_LENGTH', async () => {
    const mails = memoryOutbox();
    const eight = await testApp(undefined, { config: { otpLength: 8 }, mailer: mails.mailer });
    try {
      const c = apiClient(eight.app, await xsrfToken(eight.app));
      const sent = await c.call(endpoints.loginOtpSend, { body: { channel: 'email', email: 'eight@example.com' } });
      expect(sent.body.length).toBe(8);
      expect(mails.codeFor('eight@example.com')).toMatch(/^\d{8}$/);
      expect((await c.call(endpoints.loginOtpVerify, { body: { requestId: sent.body.requestId, code: '123456' } })).error.message).toBe(
        'Please enter the 8 digit OTP sent to',
      );
    } finally {
      await eight.close();
    }
  });
});

describe('mobile one-time code and linking', () => {
  it('signs in by SMS code, then links an institutional e-mail address', async () => {
    const sent = await api.call(endpoints.loginOtpSend, { body: { channel: 'mobile', countryCode: '+91', mobile: '9876543210' } });
    expect(sent.status).toBe(200);
    const login = await api.call(endpoints.loginOtpVerify, {
      body: { requestId: sent.body.requestId, code: outbox.codeFor('+919876543210')! },
    });
    expect(login.body).toMatchObject({ mobile: '+919876543210', libid: 0, email: null });
    const token = login.body.jwtoken;

    const link = await api.call(
      endpoints.loginOtpSend,
      { body: { channel: 'email', email: 'mobileuser@basic.edu', purpose: 'link' } },
      token,
    );
    expect(link.status).toBe(200);
    const linked = await api.call(
      endpoints.accountLink,
      { body: { requestId: link.body.requestId, code: outbox.codeFor('mobileuser@basic.edu')! } },
      token,
    );
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({ email: 'mobileuser@basic.edu', libid: FX.inst.noFlags, isNewspaper: 0, isJournal: 0 });
  });

  it('will not link an address that belongs to another account, nor without signing in', async () => {
    const a = await signIn('owner@example.com');
    const b = await signIn('taker@example.com');
    const link = await api.call(
      endpoints.loginOtpSend,
      { body: { channel: 'email', email: 'owner@example.com', purpose: 'link' } },
      b.jwtoken,
    );
    const res = await api.call(
      endpoints.accountLink,
      { body: { requestId: link.body.requestId, code: outbox.codeFor('owner@example.com')! } },
      b.jwtoken,
    );
    expect(res.status).toBe(409);
    expect((await api.call(endpoints.userDetails, {}, b.jwtoken)).body.email).toBe('taker@example.com');
    expect((await api.call(endpoints.loginOtpSend, { body: { channel: 'email', email: 'x@example.com', purpose: 'link' } })).status).toBe(
      401,
    );
    expect(a.email).toBe('owner@example.com');
  });
});

describe('sign-up, passwords and sessions', () => {
  it('completes sign-up with a name and password, with the texts of spec §5', async () => {
    const { jwtoken } = await signIn('newbie@active.edu');
    const bad: [unknown, string][] = [
      [{ fullName: ' ', password: 'quill-42', confirmPassword: 'quill-42' }, "FullName can't be empty"],
      [{ fullName: 'Nia Shah', password: 'quill42', confirmPassword: 'quill42' }, 'Password must be at least 8 characters long'],
      [{ fullName: 'Nia Shah', password: 'a'.repeat(65), confirmPassword: 'a'.repeat(65) }, "Password length can't exceed 64 characters"],
      [{ fullName: 'Nia Shah', password: 'quill-42', confirmPassword: 'quilL-42' }, 'Passwords do not match'],
    ];
    for (const [body, message] of bad) {
      const res = await api.call(endpoints.userSignup, { body: unchecked(body) }, jwtoken);
      expect(res.status).toBe(400);
      expect(res.error.message).toContain(message);
    }
    const ok = await api.call(
      endpoints.userSignup,
      { body: { fullName: 'Nia  Shah Rao', password: 'quill-42', confirmPassword: 'quill-42' } },
      jwtoken,
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ fname: 'Nia', lname: 'Shah Rao', hasPassword: true, mode: 1 });
    expect(
      (await api.call(endpoints.userSignup, { body: { fullName: 'X', password: 'other-one1', confirmPassword: 'other-one1' } }, jwtoken))
        .status,
    ).toBe(409);
  });

  it('takes passwords of 8 to 64 characters as the reader counts them, spaces and any script; an older short one still signs in', async () => {
    const { jwtoken } = await signIn('nist@example.com');
    const signup = (password: string) =>
      api.call(endpoints.userSignup, { body: { fullName: 'Tara Bose', password, confirmPassword: password } }, jwtoken);
    // Four emoji are eight UTF-16 units but four characters; 64 emoji are 128 units but 64 characters.
    for (const [password, message] of [
      ['🙂🙂🙂🙂', 'Password must be at least 8 characters long'],
      ['seven77', 'Password must be at least 8 characters long'],
      ['अ'.repeat(65), "Password length can't exceed 64 characters"],
      ['🙂'.repeat(65), "Password length can't exceed 64 characters"],
      ['tab\there1', 'must not contain control characters'],
    ]) {
      const res = await signup(password);
      expect(res.status, password).toBe(400);
      expect(res.error.message).toContain(message);
    }
    const passphrase = 'मेरी किताबें 🙂 on the shelf';
    expect((await signup(passphrase)).status).toBe(200);
    expect(
      (await api.call(endpoints.loginPassword, { body: { channel: 'email', email: 'nist@example.com', password: passphrase } })).status,
    ).toBe(200);
    const longest = '🙂'.repeat(64);
    expect(
      (
        await api.call(
          endpoints.userPassword,
          { body: { currentPassword: passphrase, password: longest, confirmPassword: longest } },
          jwtoken,
        )
      ).status,
    ).toBe(200);

    // An account whose password was set under the old 3-character rule keeps signing in with it.
    await t.db.query(`UPDATE users SET password_hash = $2 WHERE email = $1`, ['nist@example.com', await hashPassword('abc')]);
    expect(
      (await api.call(endpoints.loginPassword, { body: { channel: 'email', email: 'nist@example.com', password: 'abc' } })).status,
    ).toBe(200);
  });

  it('signs in with a password; a wrong password and an unknown account get the same answer', async () => {
    const right = await api.call(endpoints.loginPassword, { body: { channel: 'email', email: 'newbie@active.edu', password: 'quill-42' } });
    expect(right.status).toBe(200);
    expect(right.body.fname).toBe('Nia');
    const wrong = await api.call(endpoints.loginPassword, { body: { channel: 'email', email: 'newbie@active.edu', password: 'nope' } });
    const unknown = await api.call(endpoints.loginPassword, { body: { channel: 'email', email: 'nobody@active.edu', password: 'nope' } });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('changes the password: needs the current one, ends other sessions, keeps this one, sends a mail', async () => {
    const first = (
      await api.call(endpoints.loginPassword, { body: { channel: 'email', email: 'newbie@active.edu', password: 'quill-42' } })
    ).body.jwtoken;
    const second = (
      await api.call(endpoints.loginPassword, { body: { channel: 'email', email: 'newbie@active.edu', password: 'quill-42' } })
    ).body.jwtoken;
    const wrong = await api.call(
      endpoints.userPassword,
      { body: { currentPassword: 'bad', password: 'fresh-one1', confirmPassword: 'fresh-one1' } },
      second,
    );
    expect(wrong.status).toBe(400);
    const ok = await api.call(
      endpoints.userPassword,
      { body: { currentPassword: 'quill-42', password: 'fresh-one1', confirmPassword: 'fresh-one1' } },
      second,
    );
    expect(ok.body).toEqual({ status: 1, message: 'Password updated successfully' });
    expect((await api.call(endpoints.userDetails, {}, first)).status).toBe(401);
    expect((await api.call(endpoints.userDetails, {}, second)).status).toBe(200);
    expect(outbox.mails.at(-1)!.subject).toContain('password was changed');
    expect(
      (await api.call(endpoints.loginPassword, { body: { channel: 'email', email: 'newbie@active.edu', password: 'fresh-one1' } })).status,
    ).toBe(200);
  });

  it('resets a forgotten password by code without telling known from unknown contacts', async () => {
    const mailsBefore = outbox.mails.length;
    const unknown = await api.call(endpoints.loginOtpSend, { body: { channel: 'email', email: 'ghost@active.edu', purpose: 'reset' } });
    expect(outbox.mails.length).toBe(mailsBefore);
    const known = await api.call(endpoints.loginOtpSend, { body: { channel: 'email', email: 'newbie@active.edu', purpose: 'reset' } });
    expect(Object.keys(known.body).sort()).toEqual(Object.keys(unknown.body).sort());
    expect(known.status).toBe(unknown.status);

    const code = outbox.codeFor('newbie@active.edu')!;
    const mismatch = await api.call(endpoints.loginOtpVerify, {
      body: {
        requestId: known.body.requestId,
        code,
        password: 'lampost77',
        confirmPassword: 'lampost78',
      },
    });
    expect(mismatch.error.message).toBe('Passwords do not match');
    const done = await api.call(endpoints.loginOtpVerify, {
      body: {
        requestId: known.body.requestId,
        code,
        password: 'lampost77',
        confirmPassword: 'lampost77',
      },
    });
    expect(done.status).toBe(200);
    expect(
      (await api.call(endpoints.loginPassword, { body: { channel: 'email', email: 'newbie@active.edu', password: 'fresh-one1' } })).status,
    ).toBe(401);
    expect(
      (await api.call(endpoints.loginPassword, { body: { channel: 'email', email: 'newbie@active.edu', password: 'lampost77' } })).status,
    ).toBe(200);
  });

  it('logout ends the session on the server', async () => {
    const { jwtoken } = await signIn('leaver@example.com');
    expect((await api.call(endpoints.logout, {}, jwtoken)).status).toBe(200);
    expect((await api.call(endpoints.userDetails, {}, jwtoken)).status).toBe(401);
  });

  it('updates the profile name and e-mail preferences; unsubscribe works without signing in', async () => {
    const { jwtoken } = await signIn('prefs@example.com');
    expect((await api.call(endpoints.userProfile, { body: { fullName: '' } }, jwtoken)).error.message).toContain("Name can't be empty");
    expect((await api.call(endpoints.userProfile, { body: { fullName: 'Ravi Kumar' } }, jwtoken)).body).toMatchObject({
      fname: 'Ravi',
      lname: 'Kumar',
    });
    expect((await api.call(endpoints.userEmailpreference, {}, jwtoken)).body).toEqual({
      newIssues: true,
      recommendations: true,
      productNews: false,
    });
    const saved = await api.call(
      endpoints.userEmailpreferenceSave,
      { body: { newIssues: false, recommendations: true, productNews: true } },
      jwtoken,
    );
    expect(saved.body).toEqual({ newIssues: false, recommendations: true, productNews: true });
    const link = outbox.mails
      .filter((m) => m.to === 'prefs@example.com')
      .at(-1)!
      .text.match(/unsubscribe\?t=(\S+)/)![1];
    expect((await api.call(endpoints.unsubscribe, { body: { t: link.slice(0, -2) + 'xx' } })).status).toBe(400);
    expect((await api.call(endpoints.unsubscribe, { body: { t: link } })).status).toBe(200);
    expect((await api.call(endpoints.userEmailpreference, {}, jwtoken)).body).toEqual({
      newIssues: false,
      recommendations: false,
      productNews: false,
    });
  });
});

describe('tokens and XSRF', () => {
  it('refuses forged, unsigned, wrongly signed and expired tokens', async () => {
    const { jwtoken, uuid } = await signIn('tokens@example.com');
    const key = Buffer.from(
      (await t.db.query<{ value: string }>(`SELECT value FROM app_secrets WHERE name = 'token-signing-key'`)).rows[0].value,
      'base64',
    );
    const sid = JSON.parse(Buffer.from(jwtoken.split('.')[1], 'base64url').toString()).sid;
    const other = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(uuid)
      .setIssuer('lectern')
      .setExpirationTime('1h')
      .sign(Buffer.alloc(32, 7));
    const expired = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(uuid)
      .setIssuer('lectern')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const unsigned = `${header}.${jwtoken.split('.')[1]}.`;
    const tampered = `${jwtoken.split('.')[0]}.${Buffer.from(JSON.stringify({ sid, sub: uuid, iss: 'lectern', exp: 9999999999 })).toString('base64url')}.${jwtoken.split('.')[2]}`;
    for (const bad of [other, expired, unsigned, tampered, 'garbage', '']) {
      const res = await api.call(endpoints.userDetails, {}, bad);
      expect(res.status, bad).toBe(401);
    }
    expect((await api.call(endpoints.userDetails, {}, `Bearer ${jwtoken}`)).status).toBe(200);
  });

  it('refuses state-changing calls without a matching, server-made XSRF token', async () => {
    const before = await count('otp_requests');
    const body = { channel: 'email', email: 'xsrf@example.com' };
    const xsrf = await xsrfToken(t.app);
    const noHeader = await t.app.inject({ method: 'POST', url: '/api/login/otp/send', payload: body, cookies: { 'XSRF-TOKEN': xsrf } });
    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/api/login/otp/send',
      payload: body,
      cookies: { 'XSRF-TOKEN': xsrf },
      headers: { 'x-xsrf-token': 'x' + xsrf },
    });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/login/otp/send',
      payload: body,
      cookies: { 'XSRF-TOKEN': 'abc.def' },
      headers: { 'x-xsrf-token': 'abc.def' },
    });
    for (const res of [noHeader, mismatch, forged]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('xsrf');
    }
    expect(await count('otp_requests')).toBe(before);
  });

  it('sets the XSRF cookie on app and API answers, never on shared-cacheable content', async () => {
    for (const url of ['/content/getCategories', '/assets/core-x.js', '/%61ssets/core-x.css']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(
        res.cookies.find((c) => c.name === 'XSRF-TOKEN'),
        url,
      ).toBeUndefined();
    }
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.cookies.find((c) => c.name === 'XSRF-TOKEN')).toMatchObject({ sameSite: 'Lax', path: '/' });
  });
});

describe('guests and access codes', () => {
  const uniqId = 'device-0123456789abcdef';

  it('starts a guest session for the device id; the guest has no library', async () => {
    const res = await api.call(endpoints.guestLogin, { body: { uniqId, os: 'web' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ usertype: 'guest', libid: 0, enddate: 0 });
    // The device id alone resumes nothing (the guest key does: guest-credential.test.ts).
    const again = await api.call(endpoints.guestLogin, { body: { uniqId, os: 'web' } });
    expect(again.body.uuid).not.toBe(res.body.uuid);
    expect((await api.call(endpoints.guestValidate, {}, res.body.jwtoken)).body).toMatchObject({ status: 1, usertype: 'guest' });
    expect((await api.call(endpoints.guestValidate)).body).toEqual({ status: 0 });
    expect((await api.call(endpoints.guestLogin, { body: { uniqId: 'short', os: 'web' } })).status).toBe(400);
    expect(
      (await api.call(endpoints.userPassword, { body: { password: 'guest-pass1', confirmPassword: 'guest-pass1' } }, res.body.jwtoken))
        .status,
    ).toBe(403);
  });

  it('an access code attaches a guest to the institution until the code ends', async () => {
    const guest = (await api.call(endpoints.guestLogin, { body: { uniqId, os: 'web' } })).body.jwtoken;
    const res = await api.call(endpoints.couponValidate, { body: { code: 'act-2026' } }, guest);
    expect(res.status).toBe(200);
    expect(res.body.libid).toBe(FX.inst.active);
    expect(res.body.enddate).toBeLessThan(Date.now() / 1000 + 91 * 86400);
    expect(res.body.enddate).toBeGreaterThan(Date.now() / 1000 + 89 * 86400);
  });

  it('says clearly why a code is refused, and limits wrong tries', async () => {
    const { jwtoken } = await signIn('coupons@example.com');
    expect((await api.call(endpoints.couponValidate, { body: { code: 'OLD-CODE' } }, jwtoken)).error.message).toBe(
      'This access code has expired.',
    );
    expect((await api.call(endpoints.couponValidate, { body: { code: 'ONE-USE' } }, jwtoken)).status).toBe(200);
    const second = await signIn('coupons2@example.com');
    expect((await api.call(endpoints.couponValidate, { body: { code: 'ONE-USE' } }, second.jwtoken)).error.message).toBe(
      'This access code has been used as many times as it allows.',
    );
    expect((await api.call(endpoints.userDetails, {}, second.jwtoken)).body.libid).toBe(0);
    expect((await api.call(endpoints.couponValidate, { body: { code: 'ACT-2026' } })).status).toBe(401);
    const statuses = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await api.call(endpoints.couponValidate, { body: { code: `NOPE-${i}` } }, second.jwtoken)).status);
    expect(statuses).toEqual([...Array(9).fill(400), 429]);
  });

  it('an expired institution gives an end date in the past', async () => {
    const res = await signIn('someone@expired.edu');
    expect(res).toMatchObject({ libid: FX.inst.expired, isLibContentAvailable: 0 });
    expect(res.enddate).toBeLessThan(Date.now() / 1000);
  });
});

describe('institution ID uploads', () => {
  const png = createCanvas(320, 200).toBuffer('image/png'); // a real photo-like file: it is decoded and redrawn (tests/api/id-upload.test.ts)
  const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

  it('keeps a checked photo or PDF privately and marks the request, which the operator approves', async () => {
    const { jwtoken } = await signIn('student@gmail.example');
    const institutions = (await api.call(endpoints.institutions)).body.institutions;
    expect(institutions.map((i) => i.name)).toEqual(['Active U', 'Basic S']);

    const res = await api.callUpload(
      endpoints.userUploadid,
      { fields: { institutionId: String(FX.inst.active) } },
      { name: 'id.png', type: 'image/png', bytes: png },
      jwtoken,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ uploadedID: 1, libid: 0 });
    const [request] = await pendingIdRequests(t.db);
    expect(request).toMatchObject({ email: 'student@gmail.example', institution: 'Active U', mime: 'image/webp' });
    const stored = path.join(t.dataDir, 'private', 'ids', request.file_name);
    expect(fs.readFileSync(stored).subarray(8, 12).toString('latin1')).toBe('WEBP');
    // Never served: not under /media, and no route reaches the private folder.
    expect((await t.app.inject({ method: 'GET', url: `/media/${request.file_name}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/media/../private/ids/${request.file_name}` })).statusCode).toBe(404);

    expect(
      await decideIdRequest(t.db, path.join(t.dataDir, 'private'), {
        id: request.id,
        institutionId: null,
        actorId: null,
        decision: 'approve',
      }),
    ).toMatchObject({ joined: true });
    expect((await api.call(endpoints.userDetails, {}, jwtoken)).body.libid).toBe(FX.inst.active);
    expect(
      await decideIdRequest(t.db, path.join(t.dataDir, 'private'), {
        id: request.id,
        institutionId: null,
        actorId: null,
        decision: 'reject',
        reason: 'again',
      }),
    ).toBeNull();
  });

  it('refuses files that are not a photo or PDF whatever they claim, files over 5 MB, and guests', async () => {
    const { jwtoken } = await signIn('student2@gmail.example');
    const before = await count('id_uploads');
    const fake = await api.callUpload(
      endpoints.userUploadid,
      { fields: { institutionId: String(FX.inst.active) } },
      { name: 'id.pdf', type: 'application/pdf', bytes: Buffer.from('<html>not a pdf</html>') },
      jwtoken,
    );
    expect(fake.status).toBe(415);
    expect(fake.error.message).toContain('JPEG, PNG or WebP');
    const big = await api.callUpload(
      endpoints.userUploadid,
      { fields: { institutionId: String(FX.inst.active) } },
      { name: 'id.pdf', type: 'application/pdf', bytes: Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024)]) },
      jwtoken,
    );
    expect(big.status).toBe(413);
    const noInstitution = await api.callUpload(
      endpoints.userUploadid,
      { fields: { institutionId: String(FX.inst.expired) } },
      { name: 'id.pdf', type: 'application/pdf', bytes: pdf },
      jwtoken,
    );
    expect(noInstitution.status).toBe(400);
    const guest = (await api.call(endpoints.guestLogin, { body: { uniqId: 'guest-upload-0123456789', os: 'web' } })).body.jwtoken;
    expect(
      (
        await api.callUpload(
          endpoints.userUploadid,
          { fields: { institutionId: String(FX.inst.active) } },
          { name: 'id.pdf', type: 'application/pdf', bytes: pdf },
          guest,
        )
      ).status,
    ).toBe(403);
    expect(await count('id_uploads')).toBe(before);
    expect((await api.call(endpoints.userDetails, {}, jwtoken)).body.uploadedID).toBe(0);
  });
});

describe('account deletion', () => {
  it('records the request, mails the date, ends every session; the job removes the account when due', async () => {
    const first = await signIn('goodbye@example.com');
    const second = await signIn('goodbye@example.com');
    const res = await api.call(endpoints.userDelete, {}, first.jwtoken);
    expect(res.status).toBe(200);
    const days = (res.body.deleteAfter - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(outbox.mails.at(-1)!.subject).toContain('will be deleted');
    expect((await api.call(endpoints.userDetails, {}, second.jwtoken)).status).toBe(401);

    await housekeeping(t.db, path.join(t.dataDir, 'private'));
    expect((await t.db.query(`SELECT 1 FROM users WHERE email = 'goodbye@example.com'`)).rows).toHaveLength(1);
    await t.db.query(`UPDATE users SET delete_after = now() - interval '1 minute' WHERE email = 'goodbye@example.com'`);
    await housekeeping(t.db, path.join(t.dataDir, 'private'));
    expect((await t.db.query(`SELECT 1 FROM users WHERE email = 'goodbye@example.com'`)).rows).toHaveLength(0);
  });

  it('signing in before the date cancels the request', async () => {
    const { jwtoken } = await signIn('changed.mind@example.com');
    await api.call(endpoints.userDelete, {}, jwtoken);
    await signIn('changed.mind@example.com');
    const { rows } = await t.db.query(`SELECT delete_after FROM users WHERE email = 'changed.mind@example.com'`);
    expect(rows[0].delete_after).toBeNull();
  });
});
