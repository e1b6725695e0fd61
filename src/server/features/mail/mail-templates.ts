/**
 * The account e-mails in every site language, as subject, plain text and HTML. Kept apart from the transport so the
 * wording can be read and reviewed in one place, and so rendering stays a pure function that tests can call directly.
 */
import type { Locale } from '#shared/locales';

export type AccountMailKind = 'password-reset' | 'verification';

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

const SITE = 'Anglerdex';

// Greetings fall back to a plain salutation because a nickname may be empty.
const zhGreeting = (n: string) => (n ? `${n}，你好：` : '你好：');
const enGreeting = (n: string) => (n ? `Hi ${n},` : 'Hi,');
const jaGreeting = (n: string) => (n ? `${n} さん` : 'こんにちは。');

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

/** The nickname is user input and the link carries a token, so both are escaped wherever they enter the HTML. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
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
  const font =
    "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Hiragino Sans', 'Microsoft YaHei', sans-serif";
  const p = 'margin:0 0 16px;font-size:15px;line-height:1.6;color:#1f2933;';
  // Table layout and inline styles because many mail clients drop <style> blocks and ignore flexbox.
  const html = `<!DOCTYPE html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f5f7;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f5f7;">
<tr><td align="center" style="padding:32px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;font-family:${font};">
<tr><td style="padding:24px 32px;border-bottom:1px solid #e4e7eb;font-size:20px;font-weight:700;color:#0b7285;">${SITE}</td></tr>
<tr><td style="padding:32px;">
<p style="${p}">${escapeHtml(t.greeting(name))}</p>
<p style="${p}">${escapeHtml(t.intro)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0;"><tr>
<td style="border-radius:6px;background:#0b7285;"><a href="${href}" target="_blank" rel="noopener" style="display:inline-block;padding:12px 24px;font-size:15px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:6px;">${escapeHtml(t.button)}</a></td>
</tr></table>
<p style="${p}">${escapeHtml(closing)}</p>
<p style="margin:0 0 8px;font-size:13px;line-height:1.6;color:#52606d;">${escapeHtml(t.fallback)}</p>
<p style="margin:0 0 24px;font-size:13px;line-height:1.6;word-break:break-all;"><a href="${href}" style="color:#0b7285;">${href}</a></p>
<p style="${p}margin-bottom:0;">${escapeHtml(t.signature)}</p>
</td></tr>
<tr><td style="padding:16px 32px;border-top:1px solid #e4e7eb;font-size:12px;line-height:1.5;color:#7b8794;">${escapeHtml(t.footer)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;

  return { subject: t.subject, text, html };
}
