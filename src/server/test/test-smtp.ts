/**
 * A real SMTP server on loopback for tests: collects every message as a mail client would parse it, and can refuse
 * RCPT or DATA to exercise retries. Tests that send account e-mails point SMTP_URL at it.
 */
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { MAIL_KIND_HEADER, type MailKind } from '../features/mail/mailer';

export interface TestSmtp {
  url: string;
  messages: { rcptTo: string[]; mail: ParsedMail }[];
  attempts: { rcpt: number; data: number };
  /**
   * Resolves with the first message to `to` that arrives (account mails go out after the HTTP answer), of `kind`
   * when given (registering sends a verification mail of its own).
   */
  waitFor(to: string, kind?: MailKind, timeoutMs?: number): Promise<ParsedMail>;
  /** The messages to `to` that have arrived, of `kind` when given. */
  mailsTo(to: string, kind?: MailKind): ParsedMail[];
  close(): Promise<void>;
}

/** A loopback SMTP server; `refuse` decides, per attempt number, whether that RCPT or DATA is answered with an error. */
export async function startSmtp(
  refuse: { at: 'rcpt' | 'data'; code: number; when?: (attempt: number) => boolean } | undefined = undefined,
): Promise<TestSmtp> {
  const messages: TestSmtp['messages'] = [];
  const attempts = { rcpt: 0, data: 0 };
  const refusal = (at: 'rcpt' | 'data', attempt: number) => {
    if (!refuse || refuse.at !== at || !(refuse.when?.(attempt) ?? true)) return null;
    return Object.assign(new Error(`Refused by test server (${at} #${attempt})`), { responseCode: refuse.code });
  };
  const options: SMTPServerOptions = {
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 500,
    onRcptTo(_address, _session, callback) {
      callback(refusal('rcpt', ++attempts.rcpt));
    },
    onData(stream, session, callback) {
      const attempt = ++attempts.data;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const err = refusal('data', attempt);
        if (err) return callback(err);
        simpleParser(Buffer.concat(chunks)).then(
          (mail) => {
            messages.push({ rcptTo: session.envelope.rcptTo.map((r) => r.address), mail });
            callback();
          },
          (e: Error) => callback(e),
        );
      });
    },
  };
  const mailsTo = (to: string, kind?: MailKind) =>
    messages
      .filter((m) => m.rcptTo.includes(to) && (kind === undefined || mailKind(m.mail) === kind))
      .map((m) => m.mail);
  const server = new SMTPServer(options);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    attempts,
    mailsTo,
    async waitFor(to, kind, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [found] = mailsTo(to, kind);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no e-mail to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}

/** The kind an account mail says it is (the mailer's header). */
export function mailKind(mail: ParsedMail): string | undefined {
  const value = mail.headers.get(MAIL_KIND_HEADER.toLowerCase());
  return typeof value === 'string' ? value : undefined;
}
