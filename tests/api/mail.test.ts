// Mail delivery for real: a code sent through an SMTP server listening on loopback (smtp-server),
// and, with no SMTP_URL, the outbox files the operator reads.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { testApp } from '../support/app';
import { apiClient, xsrfToken } from '../support/api-client';
import * as endpoints from '../../src/shared/endpoints';

const received: ParsedMail[] = [];
let smtp: SMTPServer;
let port: number;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      simpleParser(stream).then((mail) => {
        received.push(mail);
        done();
      }, done);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

describe('mail', () => {
  it('delivers the code through the SMTP server of SMTP_URL, and the code signs in', async () => {
    const t = await testApp(undefined, { config: { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Lectern <codes@lectern.test>' } });
    try {
      const api = apiClient(t.app, await xsrfToken(t.app));
      const sent = await api.call(endpoints.loginOtpSend, { body: { channel: 'email', email: 'smtp@example.com' } });
      expect(sent.status).toBe(200);
      const mail = received.at(-1)!;
      expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('smtp@example.com');
      expect(mail.from?.text).toContain('codes@lectern.test');
      expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toContain('/unsubscribe?t=');
      const code = mail.text!.match(/(\d{6}) is your/)![1];
      const res = await api.call(endpoints.loginOtpVerify, { body: { requestId: sent.body.requestId, code } });
      expect(res.status).toBe(200);
      expect(res.body.email).toBe('smtp@example.com');
    } finally {
      await t.close();
    }
  });

  it('answers 503 and sends nothing usable when the SMTP server is down', async () => {
    const t = await testApp(undefined, { config: { smtpUrl: 'smtp://127.0.0.1:1' } });
    try {
      const api = apiClient(t.app, await xsrfToken(t.app));
      const res = await api.call(endpoints.loginOtpSend, { body: { channel: 'email', email: 'down@example.com' } });
      expect(res.status).toBe(503);
      expect(res.error.message).toContain('could not send the OTP');
    } finally {
      await t.close();
    }
  });

  it('writes mail and SMS to the outbox when no SMTP server is set', async () => {
    const t = await testApp();
    try {
      const api = apiClient(t.app, await xsrfToken(t.app));
      await api.call(endpoints.loginOtpSend, { body: { channel: 'email', email: 'outbox@example.com' } });
      await api.call(endpoints.loginOtpSend, { body: { channel: 'mobile', countryCode: '+91', mobile: '9000000001' } });
      const mailDir = path.join(t.dataDir, 'outbox', 'mail');
      const [eml] = fs.readdirSync(mailDir);
      const mail = await simpleParser(fs.readFileSync(path.join(mailDir, eml)));
      expect(mail.subject).toMatch(/^\d{6} is your Lectern code$/);
      const [sms] = fs.readdirSync(path.join(t.dataDir, 'outbox', 'sms'));
      expect(fs.readFileSync(path.join(t.dataDir, 'outbox', 'sms', sms), 'utf8')).toMatch(
        /To: \+919000000001\n\n\d{6} is your Lectern one-time code/,
      );
    } finally {
      await t.close();
    }
  });
});
