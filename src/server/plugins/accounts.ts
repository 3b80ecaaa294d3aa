// What the account routes share: the mailer and SMS sender, deliveries after the answer, the
// one-time code service, the owners' notices of failed sign-ins, and the signed unsubscribe links.
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, createOutboxSms, type Mailer, type SmsSender } from '../services/mailer';
import { createOtpService, type OtpService } from '../services/otp';
import { createOwnerNotices, type OwnerNotices } from '../services/owner-notice';
import { serverSecret } from '../services/secrets';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    sms: SmsSender;
    otp: OtpService;
    ownerNotices: OwnerNotices;
    /** Sends after the answer: what the caller must not wait for (a reset code, whose wait would
     * tell a known contact from an unknown one; a notice). A failure is logged; closing waits. */
    later(req: FastifyRequest, what: string, job: () => Promise<void>): void;
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
  const pending = new Set<Promise<void>>();
  app.decorate('later', (req: FastifyRequest, what: string, job: () => Promise<void>) => {
    const run = Promise.resolve()
      .then(job)
      .catch((err) => req.log.error({ err }, `${what} failed`))
      .finally(() => pending.delete(run));
    pending.add(run);
  });
  app.addHook('onClose', async () => {
    await Promise.all(pending);
  });

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

  app.decorate(
    'ownerNotices',
    createOwnerNotices({ db, mailer: app.mailer, sms: app.sms, unsubscribeUrl: app.unsubscribeUrl, later: app.later }),
  );
  app.decorate('otp', createOtpService(db, await serverSecret(db, 'otp-key'), config.otpLength, app.ownerNotices));
});
