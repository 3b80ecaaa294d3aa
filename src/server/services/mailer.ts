// Outgoing mail through nodemailer. With SMTP_URL set it goes to that server; without, each
// message is written to the outbox ($DATA_DIR/outbox/mail/*.eml) for the operator to read.
// SMS uses the same idea: a pluggable sender whose default is the outbox (outbox/sms/*.txt).
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  attachments?: { filename: string; content: string; contentType: string }[];
  /** A fixed Message-ID, so a mail sent twice (a worker died after the server took it) can be told apart as one. */
  messageId?: string;
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
}
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

const stamp = (to: string) => `${new Date().toISOString().replace(/[:.]/g, '-')}-${to.replace(/[^A-Za-z0-9@+._-]/g, '_')}`;

export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      send: async (mail) => {
        await transport.sendMail({ from: opts.from, ...mail });
      },
    };
  }
  const dir = path.join(opts.outboxDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `${stamp(mail.to)}.eml`), info.message as Buffer);
    },
  };
}

export function createOutboxSms(outboxDir: string): SmsSender {
  const dir = path.join(outboxDir, 'sms');
  return {
    async send(to, text) {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `${stamp(to)}.txt`), `To: ${to}\n\n${text}\n`);
    },
  };
}
