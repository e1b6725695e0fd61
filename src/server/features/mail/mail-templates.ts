/**
 * The account e-mails in every site language, as subject, plain text and HTML. Kept apart from the transport so the
 * wording can be read and reviewed in one place, and so rendering stays a pure function that tests can call directly.
 */
import type { Locale } from '#shared/locales';

/** Mails carrying a link with a token. */
export type AccountMailKind = 'password-reset' | 'verification';
/** Notices of a change to the account, without a link: sent to the address the account had before the change. */
export type NoticeKind = 'password-changed' | 'email-changed';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface Texts {
  subject: string;
  /** Shown before the first paragraph; the nickname is spliced in by `greeting`. */
  greeting: (nickname: string) => string;
  /** Speaks of "the link", not "the button": the same sentence opens the plain-text part, which has no button. */
  intro: string;
  button: string;
  /** Both links live for an hour: the auth contract's reset and verify token lifetimes default to 3600 s. */
  validity: string;
  ignore: string;
  fallback: string;
  signature: string;
  footer: string;
}

export const SITE = 'Anglerdex';

// Greetings fall back to a plain salutation because a nickname may be empty.
export const zhGreeting = (n: string) => (n ? `${n}，你好：` : '你好：');
export const enGreeting = (n: string) => (n ? `Hi ${n},` : 'Hi,');
export const jaGreeting = (n: string) => (n ? `${n} さん` : 'こんにちは。');

const TEXTS: Record<AccountMailKind, Record<Locale, Texts>> = {
  'password-reset': {
    zh: {
      subject: `重置你的 ${SITE} 密码`,
      greeting: zhGreeting,
      intro: `我们收到了重置你的 ${SITE} 账号密码的请求。请打开下面的链接设置新密码。`,
      button: '重置密码',
      validity: '该链接 1 小时内有效。',
      ignore: '如果这不是你本人的操作，请忽略这封邮件，你的密码不会有任何变化。',
      fallback: '如果按钮无法点击，请将下面的链接复制到浏览器地址栏中：',
      signature: `${SITE} 团队`,
      footer: `此邮件由 ${SITE} 自动发送，请勿直接回复。`,
    },
    en: {
      subject: `Reset your ${SITE} password`,
      greeting: enGreeting,
      intro: `We received a request to reset the password of your ${SITE} account. Open the link below to choose a new password.`,
      button: 'Reset password',
      validity: 'This link is valid for 1 hour.',
      ignore: "If you didn't ask for this, you can safely ignore this e-mail; your password will stay the same.",
      fallback: "If the button doesn't work, copy this link into your browser:",
      signature: `The ${SITE} team`,
      footer: `This e-mail was sent automatically by ${SITE}. Please do not reply to it.`,
    },
    ja: {
      subject: `${SITE} パスワード再設定のご案内`,
      greeting: jaGreeting,
      intro: `${SITE} アカウントのパスワード再設定のリクエストを受け付けました。以下のリンクから新しいパスワードを設定してください。`,
      button: 'パスワードを再設定する',
      validity: 'このリンクの有効期限は 1 時間です。',
      ignore: 'お心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。',
      fallback: 'ボタンが機能しない場合は、次のリンクをブラウザのアドレスバーに貼り付けてください：',
      signature: `${SITE} チーム`,
      footer: `このメールは ${SITE} から自動送信されています。送信専用のため、ご返信いただいてもお答えできません。`,
    },
  },
  verification: {
    zh: {
      subject: `验证你的 ${SITE} 邮箱`,
      greeting: zhGreeting,
      intro: `请打开下面的链接，确认这是你在 ${SITE} 使用的邮箱地址。`,
      button: '验证邮箱',
      validity: '该链接 1 小时内有效。',
      ignore: '如果你并没有请求验证邮箱，请忽略这封邮件。',
      fallback: '如果按钮无法点击，请将下面的链接复制到浏览器地址栏中：',
      signature: `${SITE} 团队`,
      footer: `此邮件由 ${SITE} 自动发送，请勿直接回复。`,
    },
    en: {
      subject: `Confirm your e-mail address for ${SITE}`,
      greeting: enGreeting,
      intro: `Please confirm that this is the e-mail address you use on ${SITE} by opening the link below.`,
      button: 'Confirm e-mail address',
      validity: 'This link is valid for 1 hour.',
      ignore: "If you didn't ask for this, you can safely ignore this e-mail.",
      fallback: "If the button doesn't work, copy this link into your browser:",
      signature: `The ${SITE} team`,
      footer: `This e-mail was sent automatically by ${SITE}. Please do not reply to it.`,
    },
    ja: {
      subject: `${SITE} メールアドレス確認のお願い`,
      greeting: jaGreeting,
      intro: `以下のリンクを開いて、${SITE} でご利用のメールアドレスの確認を完了してください。`,
      button: 'メールアドレスを確認する',
      validity: 'このリンクの有効期限は 1 時間です。',
      ignore: 'お心当たりのない場合は、このメールを破棄してください。',
      fallback: 'ボタンが機能しない場合は、次のリンクをブラウザのアドレスバーに貼り付けてください：',
      signature: `${SITE} チーム`,
      footer: `このメールは ${SITE} から自動送信されています。送信専用のため、ご返信いただいてもお答えできません。`,
    },
  },
};

/** A notice says what changed and what to do if the reader did not do it; nothing to click. */
interface NoticeTexts {
  subject: string;
  greeting: (nickname: string) => string;
  what: string;
  advice: string;
  signature: string;
  footer: string;
}

export const SIGNATURE: Record<Locale, Pick<NoticeTexts, 'signature' | 'footer'>> = {
  zh: { signature: TEXTS['password-reset'].zh.signature, footer: TEXTS['password-reset'].zh.footer },
  en: { signature: TEXTS['password-reset'].en.signature, footer: TEXTS['password-reset'].en.footer },
  ja: { signature: TEXTS['password-reset'].ja.signature, footer: TEXTS['password-reset'].ja.footer },
};

// The advice names the login page's "forgot password" link as the client labels it (pages.forgetPwd.title).
const NOTICES: Record<NoticeKind, Record<Locale, NoticeTexts>> = {
  'password-changed': {
    zh: {
      subject: `你的 ${SITE} 密码已修改`,
      greeting: zhGreeting,
      what: `你的 ${SITE} 账号密码刚刚被修改，所有设备上的登录均已退出。`,
      advice: '如果这是你本人的操作，无需理会这封邮件。如果不是，请立即在登录页面点击“忘记密码”重新设置密码。',
      ...SIGNATURE.zh,
    },
    en: {
      subject: `Your ${SITE} password was changed`,
      greeting: enGreeting,
      what: `The password of your ${SITE} account was just changed, and every device signed in to it has been signed out.`,
      advice:
        'If you made this change, there is nothing more to do. If you didn\'t, choose a new password right away with "Forgot password" on the login page.',
      ...SIGNATURE.en,
    },
    ja: {
      subject: `${SITE} パスワード変更のお知らせ`,
      greeting: jaGreeting,
      what: `${SITE} アカウントのパスワードが変更されました。ログイン中のすべての端末からログアウトしています。`,
      advice:
        'ご自身で変更された場合は、このメールへの対応は不要です。お心当たりのない場合は、ログイン画面の「パスワードをお忘れの方」からすぐに新しいパスワードを設定してください。',
      ...SIGNATURE.ja,
    },
  },
  'email-changed': {
    zh: {
      subject: `你的 ${SITE} 账号邮箱已更改`,
      greeting: zhGreeting,
      what: `你的 ${SITE} 账号的邮箱地址刚刚被更改，今后账号相关的邮件（包括重置密码邮件）将不再发送到这个地址。`,
      advice: `如果这是你本人的操作，无需理会这封邮件。如果不是，他人可能已经控制了你的账号，请尽快联系 ${SITE} 团队。`,
      ...SIGNATURE.zh,
    },
    en: {
      subject: `The e-mail address of your ${SITE} account was changed`,
      greeting: enGreeting,
      what: `The e-mail address of your ${SITE} account was just changed: mail about the account, password resets included, no longer comes to this address.`,
      advice: `If you made this change, there is nothing more to do. If you didn't, someone else may have taken over your account: contact the ${SITE} team as soon as you can.`,
      ...SIGNATURE.en,
    },
    ja: {
      subject: `${SITE} アカウントのメールアドレス変更のお知らせ`,
      greeting: jaGreeting,
      what: `${SITE} アカウントのメールアドレスが変更されました。今後、パスワード再設定を含むアカウントに関するメールは、このアドレスには届きません。`,
      advice: `ご自身で変更された場合は、このメールへの対応は不要です。お心当たりのない場合は、第三者がアカウントを乗っ取った可能性がありますので、至急 ${SITE} チームまでご連絡ください。`,
      ...SIGNATURE.ja,
    },
  },
};

/** The nickname is user input and the link carries a token, so both are escaped wherever they enter the HTML. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const FONT =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Hiragino Sans', 'Microsoft YaHei', sans-serif";
export const P = 'margin:0 0 16px;font-size:15px;line-height:1.6;color:#1f2933;';

/**
 * The HTML document around a mail's content (already HTML): the site's header, the card, the footer (text, or HTML
 * with `footerIsHtml`: the alert mails' links).
 */
export function htmlFrame(
  locale: Locale,
  subject: string,
  content: string,
  footer: string,
  { footerIsHtml = false } = {},
): string {
  // Table layout and inline styles because many mail clients drop <style> blocks and ignore flexbox.
  return `<!DOCTYPE html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f5f7;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f5f7;">
<tr><td align="center" style="padding:32px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;font-family:${FONT};">
<tr><td style="padding:24px 32px;border-bottom:1px solid #e4e7eb;font-size:20px;font-weight:700;color:#0b7285;">${SITE}</td></tr>
<tr><td style="padding:32px;">
${content}
</td></tr>
<tr><td style="padding:16px 32px;border-top:1px solid #e4e7eb;font-size:12px;line-height:1.5;color:#7b8794;">${footerIsHtml ? footer : escapeHtml(footer)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

export function renderAccountMail(
  kind: AccountMailKind,
  locale: Locale,
  { nickname, link }: { nickname: string; link: string },
): RenderedMail {
  const t = TEXTS[kind][locale];
  const name = nickname.trim();
  // Chinese and Japanese sentences end in 。 and run on without a space; English needs one.
  const closing = [t.validity, t.ignore].join(locale === 'en' ? ' ' : '');

  const text = [t.greeting(name), '', t.intro, '', link, '', closing, '', t.signature, '', '--', t.footer, ''].join(
    '\n',
  );

  const href = escapeHtml(link);
  const content = `<p style="${P}">${escapeHtml(t.greeting(name))}</p>
<p style="${P}">${escapeHtml(t.intro)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0;"><tr>
<td style="border-radius:6px;background:#0b7285;"><a href="${href}" target="_blank" rel="noopener" style="display:inline-block;padding:12px 24px;font-size:15px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:6px;">${escapeHtml(t.button)}</a></td>
</tr></table>
<p style="${P}">${escapeHtml(closing)}</p>
<p style="margin:0 0 8px;font-size:13px;line-height:1.6;color:#52606d;">${escapeHtml(t.fallback)}</p>
<p style="margin:0 0 24px;font-size:13px;line-height:1.6;word-break:break-all;"><a href="${href}" style="color:#0b7285;">${href}</a></p>
<p style="${P}margin-bottom:0;">${escapeHtml(t.signature)}</p>`;

  return { subject: t.subject, text, html: htmlFrame(locale, t.subject, content, t.footer) };
}

/** A notice of a password or e-mail change, in the reader's language; the nickname is escaped in the HTML. */
export function renderNoticeMail(kind: NoticeKind, locale: Locale, { nickname }: { nickname: string }): RenderedMail {
  const t = NOTICES[kind][locale];
  const name = nickname.trim();
  const text = [t.greeting(name), '', t.what, '', t.advice, '', t.signature, '', '--', t.footer, ''].join('\n');
  const content = `<p style="${P}">${escapeHtml(t.greeting(name))}</p>
<p style="${P}">${escapeHtml(t.what)}</p>
<p style="${P}">${escapeHtml(t.advice)}</p>
<p style="${P}margin-bottom:0;">${escapeHtml(t.signature)}</p>`;
  return { subject: t.subject, text, html: htmlFrame(locale, t.subject, content, t.footer) };
}
