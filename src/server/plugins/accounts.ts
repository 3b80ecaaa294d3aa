// What the account routes share: the mailer and SMS sender, the one-time code service, and the
// signed unsubscribe links.
import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import { createMailer, createOutboxSms, type Mailer, type SmsSender } from '../services/mailer';
import { createOtpService, type OtpService } from '../services/otp';
import { serverSecret } from '../services/secrets';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    sms: SmsSender;
    otp: OtpService;
    /** A link that stops mail to the address, usable without signing in. */
    unsubscribeUrl(email: string): string;
    /** The address an unsubscribe token names, or null when it was not made by us. */
    unsubscribeEmail(token: string): string | null;
  }
}

export default fp(async (app, opts: { mailer?: Mailer; sms?: SmsSender }) => {
  const { config, db } = app;
  app.decorate('mailer', opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir }));
  app.decorate('sms', opts.sms ?? createOutboxSms(config.outboxDir));
  app.decorate('otp', createOtpService(db, await serverSecret(db, 'otp-key'), config.otpLength));

  const key = await serverSecret(db, 'unsubscribe-key');
  const sign = (email: string) => crypto.createHmac('sha256', key).update(email).digest('base64url').slice(0, 32);
  app.decorate('unsubscribeUrl', (email: string) => {
    const token = `${Buffer.from(email).toString('base64url')}.${sign(email)}`;
    return `${config.publicUrl}/unsubscribe?t=${token}`;
  });
  app.decorate('unsubscribeEmail', (token: string) => {
    const [encoded, sig] = token.split('.');
    if (!encoded || !sig) return null;
    const email = Buffer.from(encoded, 'base64url').toString();
    const expected = Buffer.from(sign(email));
    return expected.length === sig.length && crypto.timingSafeEqual(expected, Buffer.from(sig)) ? email : null;
  });
});
