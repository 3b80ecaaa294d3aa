// A real SMTP server on loopback (smtp-server) that keeps what it receives, parsed: the server
// under test sends through it as through any SMTP_URL. `hold()` keeps every message waiting at
// the end of its DATA (as a slow mail server would) until `release()`.
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export async function startSmtp() {
  const received: ParsedMail[] = [];
  let gate: { promise: Promise<void>; open: () => void } | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      simpleParser(stream)
        .then(async (mail) => {
          await gate?.promise;
          received.push(mail);
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  const toOf = (m: ParsedMail) => (m.to && 'text' in m.to ? m.to.text : '');
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The mails sent to this address, oldest first. */
    mailsTo: (to: string) => received.filter((m) => toOf(m) === to),
    /** The newest one-time code sent to this address. */
    codeFor: (to: string) =>
      received
        .filter((m) => toOf(m) === to)
        .map((m) => m.text ?? '')
        .at(-1)
        ?.match(/(\d{4,8}) is your/)?.[1],
    hold() {
      let open = () => {};
      const promise = new Promise<void>((resolve) => (open = resolve));
      gate = { promise, open };
    },
    release() {
      gate?.open();
      gate = null;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
