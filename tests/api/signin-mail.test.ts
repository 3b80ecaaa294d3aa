// What sign-in sends through a real SMTP server on loopback: the owner's notice of repeated failed
// sign-ins (once a day, with the client's address), by SMS for an account with no e-mail address;
// and reset codes, which go out after the answer so a known contact waits no longer than an
// unknown one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from '../support/app';
import { apiClient, memoryOutbox, xsrfToken } from '../support/api-client';
import { startSmtp } from '../support/smtp';
import { hashPassword } from '../../src/server/services/passwords';
import { OWNER_NOTICE_AFTER } from '../../src/server/services/owner-notice';
import * as endpoints from '../../src/shared/endpoints';
import { pathOf } from '../../src/shared/endpoints/endpoint';

const PASSWORD = 'quill-42x';
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp?.close());

async function appWithAccounts(smtpUrl = smtp.url, sms = memoryOutbox().sms): Promise<TestContext> {
  const hash = await hashPassword(PASSWORD);
  return testApp(
    async (db) => {
      await db.query(
        `INSERT INTO users (uuid, email, mobile, email_verified, mobile_verified, password_hash, first_name) VALUES
           (gen_random_uuid(), 'owner@example.com', NULL, true, false, $1, 'Owner'),
           (gen_random_uuid(), NULL, '+919876512345', false, true, $1, 'Mobile'),
           (gen_random_uuid(), 'held@example.com', NULL, true, false, $1, 'Held')`,
        [hash],
      );
    },
    { config: { smtpUrl }, sms },
  );
}

const wrongCode = (code: string) => String((Number(code) + 1) % 10 ** code.length).padStart(code.length, '0');
const notices = (to: string) => smtp.mailsTo(to).filter((m) => m.subject?.startsWith('Someone tried to sign in'));

describe("the owner's notice of failed sign-ins", () => {
  it(`mails the owner after ${OWNER_NOTICE_AFTER} wrong codes or passwords, with the client's address and what to do, once a day`, async () => {
    const t = await appWithAccounts();
    try {
      const xsrf = await xsrfToken(t.app);
      const stranger = apiClient(t.app, xsrf, { ip: '203.0.113.77' });
      for (let i = 0; i < OWNER_NOTICE_AFTER - 4; i++)
        expect(
          (
            await stranger.call(endpoints.loginPassword, {
              body: { channel: 'email', email: 'owner@example.com', password: `guess-${i}-x` },
            })
          ).status,
        ).toBe(401);
      const sent = await stranger.call(endpoints.loginOtpSend, { body: { channel: 'email', email: 'owner@example.com' } });
      await expect.poll(() => smtp.codeFor('owner@example.com')).toBeTruthy();
      const wrong = wrongCode(smtp.codeFor('owner@example.com')!);
      for (let i = 0; i < 4; i++) await stranger.call(endpoints.loginOtpVerify, { body: { requestId: sent.body.requestId, code: wrong } });

      await expect.poll(() => notices('owner@example.com').length).toBe(1);
      const [notice] = notices('owner@example.com');
      expect(notice.text).toContain(`${OWNER_NOTICE_AFTER} wrong one-time codes or passwords`);
      expect(notice.text).toContain('203.0.113.77');
      expect(notice.text).toContain('never share a code');
      expect(notice.text).toContain('Manage Password');
      expect(notice.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toContain('/unsubscribe?t=');

      // More failures from elsewhere the same day: no second notice.
      const other = apiClient(t.app, xsrf, { ip: '198.51.100.77' });
      for (let i = 0; i < 3; i++)
        await other.call(endpoints.loginPassword, { body: { channel: 'email', email: 'owner@example.com', password: `other-${i}-x` } });
      // The owner still signs in.
      const own = apiClient(t.app, xsrf, { ip: '192.0.2.77' });
      expect(
        (await own.call(endpoints.loginPassword, { body: { channel: 'email', email: 'owner@example.com', password: PASSWORD } })).status,
      ).toBe(200);
    } finally {
      await t.close(); // waits for every delivery in flight
    }
    expect(notices('owner@example.com')).toHaveLength(1);
  });

  it('tells a mobile-only account by SMS, and nobody for an address with no account', async () => {
    const outbox = memoryOutbox();
    const t = await appWithAccounts(smtp.url, outbox.sms);
    try {
      // Wrong codes this time (two codes of five tries each), for the account and for an address with none.
      const stranger = apiClient(t.app, await xsrfToken(t.app), { ip: '203.0.113.78' });
      const mobile = { channel: 'mobile', countryCode: '+91', mobile: '9876512345' } as const;
      for (const [contact, to] of [
        [mobile, '+919876512345'],
        [{ channel: 'email', email: 'nobody@example.com' }, 'nobody@example.com'],
      ] as const) {
        for (let round = 0; round < OWNER_NOTICE_AFTER / 5; round++) {
          const sent = await stranger.call(endpoints.loginOtpSend, { body: contact });
          const code = to.startsWith('+') ? outbox.codeFor(to)! : smtp.codeFor(to)!;
          for (let i = 0; i < 5; i++)
            await stranger.call(endpoints.loginOtpVerify, { body: { requestId: sent.body.requestId, code: wrongCode(code) } });
        }
      }
    } finally {
      await t.close();
    }
    const texts = outbox.texts.filter((m) => !/ is your /.test(m.text)).map((m) => `To: ${m.to}\n\n${m.text}`);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/^To: \+919876512345\n/);
    expect(texts[0]).toContain(
      `${OWNER_NOTICE_AFTER} wrong codes or passwords were tried on your account today, the latest from 203.0.113.78`,
    );
    expect(notices('nobody@example.com')).toHaveLength(0);
  });
});

describe('reset codes', () => {
  it('are answered before the mail server has the mail, the same for a known contact as for an unknown one', async () => {
    const t = await appWithAccounts();
    try {
      const api = apiClient(t.app, await xsrfToken(t.app));
      smtp.hold();
      const answered = (p: Promise<unknown>) =>
        Promise.race([p.then(() => 'answered'), new Promise((resolve) => setTimeout(() => resolve('waiting for the mail server'), 5000))]);
      // Compared key by key as the server sent them (the reply schema would drop any extra key).
      const sendRaw = (body: object) => api.raw('POST', pathOf(endpoints.loginOtpSend), body);
      let known: Awaited<ReturnType<typeof sendRaw>> | undefined;
      const knownCall = sendRaw({ channel: 'email', email: 'held@example.com', purpose: 'reset' }).then((r) => (known = r));
      expect(await answered(knownCall)).toBe('answered');
      expect(smtp.mailsTo('held@example.com')).toHaveLength(0); // the mail is still with the mail server
      const unknown = await sendRaw({ channel: 'email', email: 'ghost@example.com', purpose: 'reset' });
      expect(known!.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(Object.keys(known!.body as object).sort()).toEqual(Object.keys(unknown.body as object).sort());

      smtp.release();
      await expect.poll(() => smtp.codeFor('held@example.com')).toBeTruthy();
      const done = await api.call(endpoints.loginOtpVerify, {
        body: {
          requestId: (known!.body as { requestId: string }).requestId,
          code: smtp.codeFor('held@example.com')!,
          password: 'new passphrase 7',
          confirmPassword: 'new passphrase 7',
        },
      });
      expect(done.status).toBe(200);
    } finally {
      smtp.release();
      await t.close();
    }
    expect(smtp.mailsTo('ghost@example.com')).toHaveLength(0);
  });

  it('answer alike when the mail server is down: a failed reset mail tells nothing about the account', async () => {
    const t = await appWithAccounts('smtp://127.0.0.1:1');
    try {
      const api = apiClient(t.app, await xsrfToken(t.app));
      const known = await api.call(endpoints.loginOtpSend, { body: { channel: 'email', email: 'held@example.com', purpose: 'reset' } });
      const unknown = await api.call(endpoints.loginOtpSend, { body: { channel: 'email', email: 'ghost@example.com', purpose: 'reset' } });
      expect([known.status, unknown.status]).toEqual([200, 200]);
      // A sign-in code, which every contact gets, still says when it could not be sent.
      expect((await api.call(endpoints.loginOtpSend, { body: { channel: 'email', email: 'held@example.com' } })).status).toBe(503);
    } finally {
      await t.close();
    }
  });
});
