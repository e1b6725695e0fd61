/**
 * Sends the account e-mails (password reset, address verification, notices of a password or e-mail change). With
 * SMTP_URL it delivers through an SMTP pool; without it (the embedded default, docs/design.md §2 "Run modes") it writes
 * real MIME messages into DATA_DIR/outbox and logs the file's name, so a site with no mail server still lets its
 * operator find the mail and hand the link on. A link carries a token, a credential: it is never logged (logs are kept,
 * shipped and read by more people than the mailbox).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type NodemailerError, type SendMailOptions } from 'nodemailer';
import { localePath, type Locale } from '#shared/locales';
import { PAGE_PATHS } from '#shared/pages';
import type { Config } from '../../config';
import {
  type AccountMailKind,
  type NoticeKind,
  type RenderedMail,
  renderAccountMail,
  renderNoticeMail,
} from './mail-templates';
import { type AlertMailContent, renderAlertMail } from './alert-mail-templates';

export interface AccountMail {
  to: string; // recipient e-mail
  nickname: string; // greeting name
  locale: Locale; // 'zh' | 'en' | 'ja'
  token: string; // the JWT to put in the link
}

/** A notice of a change to the account, to the address it had before the change. */
export interface AccountNotice {
  to: string;
  nickname: string;
  locale: Locale;
}

/** An alert about a followed fish (decision 0036), its names already in `locale`. */
export interface AlertMail extends AlertMailContent {
  to: string;
  locale: Locale;
  fishId: number;
  /** The followed map (the guide link opens on it); null: all maps. */
  mapId: number | null;
  /** The unsubscribe link's signed token. */
  unsubscribeToken: string;
}

export interface Mailer {
  /** Password reset: link `${publicBaseUrl}${prefix}/user/reset-pwd?token=<token>` */
  sendPasswordReset(mail: AccountMail): Promise<void>;
  /** E-mail verification: link `${publicBaseUrl}${prefix}/user/verify?token=<token>` */
  sendVerification(mail: AccountMail): Promise<void>;
  /** "Your password was changed" (PATCH /users/me or a reset). */
  sendPasswordChanged(notice: AccountNotice): Promise<void>;
  /** "The e-mail address of your account was changed", to the old address. */
  sendEmailChanged(notice: AccountNotice): Promise<void>;
  /**
   * An alert about a followed fish: links to the bait guide, to My alerts and to the unsubscribe page
   * (`${publicBaseUrl}${prefix}/alerts/unsubscribe?token=<token>`), and the `List-Unsubscribe` one-click headers
   * (RFC 8058) pointing at `POST /api/alerts/unsubscribe?token=<token>`.
   */
  sendAlert(mail: AlertMail): Promise<void>;
  /** Closes the SMTP pool, if any. */
  close(): Promise<void>;
}

export interface MailerOptions {
  /**
   * Waits between SMTP attempts; its length + 1 is the number of attempts. Short on purpose: the caller may be
   * answering an HTTP request, and a mail server that is down for longer than a second is not coming back in time.
   */
  retryDelaysMs?: readonly number[];
}

const DEFAULT_RETRY_DELAYS_MS = [200, 1000] as const;

const PAGES = {
  'password-reset': PAGE_PATHS.resetPwd,
  verification: PAGE_PATHS.verify,
} satisfies Record<AccountMailKind, string>;

export type MailKind = AccountMailKind | NoticeKind | 'alert';

/** The header every account mail carries its kind in (`verification`, `password-reset`, …). */
export const MAIL_KIND_HEADER = 'X-Anglerdex-Mail';

const LOG_LABEL: Record<MailKind, string> = {
  'password-reset': 'password reset e-mail',
  verification: 'verification e-mail',
  'password-changed': 'password change notice',
  'email-changed': 'e-mail change notice',
  alert: 'alert e-mail',
};

/**
 * A 5xx reply (the server refused this message for good) or a configuration or credentials problem fails the same way
 * on every attempt, so retrying would only delay the caller.
 */
function isPermanent(err: unknown): boolean {
  const e = err as NodemailerError;
  return e.permanent === true || e.code === 'EAUTH' || e.code === 'ENOAUTH' || e.code === 'ECONFIG';
}

/** What the log lines need besides the message (never the link: it carries a token). */
interface DeliveryMeta {
  kind: MailKind;
  to: string;
}

type Deliver = (message: SendMailOptions, meta: DeliveryMeta) => Promise<void>;

function smtpDelivery(
  smtpUrl: string,
  mailFrom: string,
  log: FastifyBaseLogger,
  retryDelaysMs: readonly number[],
): { deliver: Deliver; close: () => void } {
  const transport = nodemailer.createTransport(
    {
      url: smtpUrl,
      pool: true,
      maxConnections: 3,
      // Fail within seconds instead of nodemailer's minutes-long defaults: a request may be waiting on us.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    },
    { from: mailFrom },
  );

  const deliver: Deliver = async (message, { kind, to }) => {
    for (let attempt = 1; ; attempt++) {
      try {
        const info = await transport.sendMail(message);
        log.info({ to, messageId: info.messageId, attempt }, `${LOG_LABEL[kind]} sent`);
        return;
      } catch (err) {
        const delay = retryDelaysMs[attempt - 1];
        if (delay === undefined || isPermanent(err)) {
          // Warn, not error: the caller gets the rejection and decides how loudly to report it.
          log.warn({ err, to, attempt }, `${LOG_LABEL[kind]} could not be delivered`);
          throw err;
        }
        log.warn({ err, to, attempt }, `${LOG_LABEL[kind]} delivery failed, retrying in ${delay} ms`);
        await sleep(delay);
      }
    }
  };

  return { deliver, close: () => transport.close() };
}

function outboxDelivery(dataDir: string, mailFrom: string, log: FastifyBaseLogger): Deliver {
  const outbox = path.join(dataDir, 'outbox');
  // The stream transport builds the same MIME message SMTP would carry, so the .eml opens in any mail client.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

  return async (message, { kind, to }) => {
    const info = await transport.sendMail({ from: mailFrom, ...message });
    await mkdir(outbox, { recursive: true });
    const name = `${new Date().toISOString().replace(/:/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
    const file = path.join(outbox, name);
    // The message holds a live token: readable by the server's user only.
    await writeFile(file, info.message as Buffer, { mode: 0o600 });
    // The file's name, never the link: whoever may read the outbox may read the token; the log reaches more people.
    log.info({ to, file }, `${LOG_LABEL[kind]} written to outbox`);
  };
}

export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'publicBaseUrl' | 'dataDir'>,
  log: FastifyBaseLogger,
  options: MailerOptions = {},
): Mailer {
  const baseUrl = config.publicBaseUrl.replace(/\/+$/, '');
  const smtp = config.smtpUrl
    ? smtpDelivery(config.smtpUrl, config.mailFrom, log, options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS)
    : undefined;
  const deliver = smtp?.deliver ?? outboxDelivery(config.dataDir, config.mailFrom, log);

  function deliverRendered(
    kind: MailKind,
    to: string,
    { subject, text, html }: RenderedMail,
    headers: Record<string, string> = {},
  ): Promise<void> {
    return deliver(
      {
        // An address object, not a string, so a stray comma in the address can never add a second recipient.
        to: { name: '', address: to },
        subject,
        text,
        html,
        // RFC 3834: tells auto-responders (out-of-office replies) not to answer. The kind lets a mailbox rule (or a
        // test) tell our mails apart without reading their words, which differ by language.
        headers: { 'Auto-Submitted': 'auto-generated', [MAIL_KIND_HEADER]: kind, ...headers },
      },
      { kind, to },
    );
  }

  function send(kind: AccountMailKind, mail: AccountMail): Promise<void> {
    // Links come from PUBLIC_BASE_URL only: a Host header is attacker-controlled and would leak the token elsewhere.
    const link = `${baseUrl}${localePath(mail.locale, PAGES[kind])}?token=${encodeURIComponent(mail.token)}`;
    return deliverRendered(kind, mail.to, renderAccountMail(kind, mail.locale, { nickname: mail.nickname, link }));
  }

  function notify(kind: NoticeKind, notice: AccountNotice): Promise<void> {
    return deliverRendered(kind, notice.to, renderNoticeMail(kind, notice.locale, { nickname: notice.nickname }));
  }

  function sendAlert(mail: AlertMail): Promise<void> {
    const page = (path: string) => `${baseUrl}${localePath(mail.locale, path)}`;
    const guide = new URLSearchParams({ fish_id: String(mail.fishId) });
    if (mail.mapId !== null) guide.set('map_id', String(mail.mapId));
    const token = encodeURIComponent(mail.unsubscribeToken);
    const links = {
      guide: `${page(PAGE_PATHS.baitGuide)}?${guide.toString()}`,
      alerts: page(PAGE_PATHS.alerts),
      unsubscribe: `${page(PAGE_PATHS.alertsUnsubscribe)}?token=${token}`,
    };
    return deliverRendered('alert', mail.to, renderAlertMail(mail.locale, mail, links), {
      // RFC 8058: a mail client's own "unsubscribe" button posts here, with no page and no login.
      'List-Unsubscribe': `<${baseUrl}/api/alerts/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  }

  return {
    sendAlert,
    sendPasswordReset: (mail) => send('password-reset', mail),
    sendVerification: (mail) => send('verification', mail),
    sendPasswordChanged: (notice) => notify('password-changed', notice),
    sendEmailChanged: (notice) => notify('email-changed', notice),
    close: async () => smtp?.close(),
  };
}
