/**
 * The mailer against a real loopback SMTP server and a real outbox folder: what a recipient's mail client would parse
 * is what we assert, so encoding, headers and links are checked end to end rather than through a mocked transport.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type AddressObject, simpleParser } from 'mailparser';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Locale } from '#shared/locales';
import { startSmtp, type TestSmtp } from '../../test/test-smtp';
import { type AccountMail, createMailer, type Mailer, type MailerOptions } from './mailer';

const PUBLIC_BASE_URL = 'https://anglerdex.example';
const MAIL_FROM = 'Anglerdex <no-reply@anglerdex.example>';
// Not base64url on purpose: '+', '/', '=' and '&' must reach the page percent-encoded to survive the query string.
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.a+b/c=d&e';
const ENCODED_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.a%2Bb%2Fc%3Dd%26e';
const FAST_RETRIES = { retryDelaysMs: [10, 10] };

const silent = pino({ level: 'silent' });

const mailTo = (overrides: Partial<AccountMail> = {}): AccountMail => ({
  to: 'angler@example.com',
  nickname: 'Pike Hunter',
  locale: 'en',
  token: TOKEN,
  ...overrides,
});

const config = (smtpUrl: string | undefined, dataDir = os.tmpdir()) => ({
  smtpUrl,
  mailFrom: MAIL_FROM,
  publicBaseUrl: PUBLIC_BASE_URL,
  dataDir,
});

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  [field ?? []].flat().flatMap((a) => a.value.map((v) => v.address));

describe('over SMTP', () => {
  let smtp: TestSmtp;
  let mailer: Mailer;

  beforeAll(async () => {
    smtp = await startSmtp();
    mailer = createMailer(config(smtp.url), silent, FAST_RETRIES);
  });
  afterAll(async () => {
    await mailer.close();
    await smtp.close();
  });
  afterEach(() => {
    smtp.messages.length = 0;
  });

  const cases: { locale: Locale; prefix: string; reset: string; verify: string }[] = [
    { locale: 'zh', prefix: '', reset: '重置你的 Anglerdex 密码', verify: '验证你的 Anglerdex 邮箱' },
    {
      locale: 'en',
      prefix: '/en',
      reset: 'Reset your Anglerdex password',
      verify: 'Confirm your e-mail address for Anglerdex',
    },
    {
      locale: 'ja',
      prefix: '/ja',
      reset: 'Anglerdex パスワード再設定のご案内',
      verify: 'Anglerdex メールアドレス確認のお願い',
    },
  ];

  it.each(cases)('sends the password reset e-mail in $locale', async ({ locale, prefix, reset }) => {
    await mailer.sendPasswordReset(mailTo({ locale }));

    expect(smtp.messages).toHaveLength(1);
    const { rcptTo, mail } = smtp.messages[0]!;
    const link = `${PUBLIC_BASE_URL}${prefix}/user/reset-pwd?token=${ENCODED_TOKEN}`;
    expect(rcptTo).toEqual(['angler@example.com']);
    expect(addresses(mail.to)).toEqual(['angler@example.com']);
    expect(mail.from?.value).toEqual([{ name: 'Anglerdex', address: 'no-reply@anglerdex.example' }]);
    expect(mail.subject).toBe(reset);
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('Pike Hunter');
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain(`<html lang="${locale}">`);
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
  });

  it.each(cases)('sends the verification e-mail in $locale', async ({ locale, prefix, verify }) => {
    await mailer.sendVerification(mailTo({ locale }));

    const { mail } = smtp.messages[0]!;
    const link = `${PUBLIC_BASE_URL}${prefix}/user/verify?token=${ENCODED_TOKEN}`;
    expect(mail.subject).toBe(verify);
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
  });

  it('says how long the link lives and that an unexpected mail can be ignored', async () => {
    await mailer.sendPasswordReset(mailTo({ locale: 'en' }));
    await mailer.sendPasswordReset(mailTo({ locale: 'zh' }));
    await mailer.sendPasswordReset(mailTo({ locale: 'ja' }));

    const [en, zh, ja] = smtp.messages.map((m) => m.mail);
    expect(en!.text).toMatch(/valid for 1 hour/);
    expect(en!.text).toMatch(/ignore this e-mail/);
    expect(zh!.text).toMatch(/1 小时内有效/);
    expect(zh!.text).toMatch(/请忽略这封邮件/);
    expect(ja!.text).toMatch(/有効期限は 1 時間/);
    expect(ja!.text).toMatch(/破棄してください/);
  });

  it('escapes the nickname in the HTML part', async () => {
    await mailer.sendPasswordReset(mailTo({ nickname: '<script>x</script>' }));

    const { mail } = smtp.messages[0]!;
    expect(mail.html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    // The plain-text part is not markup, so it shows the name as typed.
    expect(mail.text).toContain('Hi <script>x</script>,');
  });

  it.each([
    ['en', 'Your Anglerdex password was changed', 'The e-mail address of your Anglerdex account was changed'],
    ['zh', '你的 Anglerdex 密码已修改', '你的 Anglerdex 账号邮箱已更改'],
    ['ja', 'Anglerdex パスワード変更のお知らせ', 'Anglerdex アカウントのメールアドレス変更のお知らせ'],
  ] as const)('sends the change notices in %s, without a link, the nickname escaped', async (locale, pwd, email) => {
    const notice = { to: 'angler@example.com', nickname: '<b>Pike</b>', locale };
    await mailer.sendPasswordChanged(notice);
    await mailer.sendEmailChanged(notice);

    const [password, address] = smtp.messages.map((m) => m.mail);
    expect([password!.subject, address!.subject]).toEqual([pwd, email]);
    for (const mail of [password!, address!]) {
      expect(addresses(mail.to)).toEqual(['angler@example.com']);
      expect(mail.html).toContain(`<html lang="${locale}">`);
      expect(mail.html).toContain('&lt;b&gt;Pike&lt;/b&gt;');
      expect(mail.html).not.toContain('<b>Pike');
      expect(mail.text).toContain('<b>Pike</b>');
      expect(mail.text).not.toMatch(/https?:\/\//);
      expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
    }
  });

  it('keeps a comma in the address from adding a second recipient', async () => {
    // The whole string is one (invalid) address: the server refuses it rather than splitting it into two.
    await expect(
      mailer.sendVerification(mailTo({ to: 'angler@example.com, thief@evil.example' })),
    ).rejects.toMatchObject({ code: 'EENVELOPE' });
    // Control: the same mailer does deliver to the real address, so the refusal above is the address's doing.
    await mailer.sendVerification(mailTo({ to: 'angler@example.com' }));

    expect(smtp.messages.map((m) => m.rcptTo)).toEqual([['angler@example.com']]);
    expect(addresses(smtp.messages[0]!.mail.to)).toEqual(['angler@example.com']);
  });
});

describe('SMTP failures', () => {
  const servers: TestSmtp[] = [];
  const mailers: Mailer[] = [];
  const setUp = async (refuse: Parameters<typeof startSmtp>[0], options: MailerOptions = FAST_RETRIES) => {
    const smtp = await startSmtp(refuse);
    const mailer = createMailer(config(smtp.url), silent, options);
    servers.push(smtp);
    mailers.push(mailer);
    return { smtp, mailer };
  };
  afterEach(async () => {
    await Promise.all(mailers.splice(0).map((m) => m.close()));
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  it('retries a temporarily refused recipient three times in all, then rejects', async () => {
    const { smtp, mailer } = await setUp({ at: 'rcpt', code: 451 });

    await expect(mailer.sendPasswordReset(mailTo())).rejects.toMatchObject({ responseCode: 451 });
    expect(smtp.attempts.rcpt).toBe(3);
    expect(smtp.messages).toHaveLength(0);
  });

  it('retries a temporarily refused message body three times in all, then rejects', async () => {
    const { smtp, mailer } = await setUp({ at: 'data', code: 452 });

    await expect(mailer.sendVerification(mailTo())).rejects.toMatchObject({ responseCode: 452 });
    expect(smtp.attempts.data).toBe(3);
  });

  it('uses the default backoff between attempts: 200 ms, then 1 s', async () => {
    const { smtp } = await setUp({ at: 'rcpt', code: 451 });
    const lines: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    // No retry delays given: the defaults apply. The waits are announced before they are taken; how long they really
    // last is the timer's business, not something to assert against a clock.
    const mailer = createMailer(config(smtp.url), log, {});
    mailers.push(mailer);

    await expect(mailer.sendPasswordReset(mailTo())).rejects.toThrow();
    expect(smtp.attempts.rcpt).toBe(3);
    expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual([
      'password reset e-mail delivery failed, retrying in 200 ms',
      'password reset e-mail delivery failed, retrying in 1000 ms',
      'password reset e-mail could not be delivered',
    ]);
  });

  it('delivers when a retry succeeds', async () => {
    const { smtp, mailer } = await setUp({ at: 'data', code: 421, when: (attempt) => attempt === 1 });

    await mailer.sendPasswordReset(mailTo());
    expect(smtp.attempts.data).toBe(2);
    expect(smtp.messages).toHaveLength(1);
  });

  it('does not retry a permanent refusal', async () => {
    const { smtp, mailer } = await setUp({ at: 'rcpt', code: 550 });

    await expect(mailer.sendPasswordReset(mailTo())).rejects.toMatchObject({ responseCode: 550 });
    expect(smtp.attempts.rcpt).toBe(1);
  });

  it('rejects when no server listens', async () => {
    const { smtp } = await setUp(undefined);
    const url = smtp.url;
    await Promise.all(servers.splice(0).map((s) => s.close()));
    const lines: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    const mailer = createMailer(config(url), log, FAST_RETRIES);
    mailers.push(mailer);

    await expect(mailer.sendPasswordReset(mailTo())).rejects.toThrow();
    // Nothing listens to count attempts, so count the mailer's own warnings instead: two retries, one final failure.
    const levels = lines.map((l) => (JSON.parse(l) as { level: number }).level);
    expect(levels).toEqual([40, 40, 40]);
  });
});

describe('without SMTP_URL (outbox)', () => {
  // A DATA_DIR of its own for every test: each one reads the outbox it writes.
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'anglerdex-mail-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('writes a parseable .eml into DATA_DIR/outbox and logs its file name, never the token or the link', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const mailer = createMailer(config(undefined, dataDir), log);

    await mailer.sendPasswordReset(mailTo({ locale: 'ja', nickname: 'ヌシ釣り' }));
    await mailer.close();

    const files = await readdir(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f]{8}\.eml$/);
    const raw = await readFile(path.join(dataDir, 'outbox', files[0]!));
    expect(raw.includes('\r\n')).toBe(true);

    const mail = await simpleParser(raw);
    const link = `${PUBLIC_BASE_URL}/ja/user/reset-pwd?token=${ENCODED_TOKEN}`;
    expect(mail.subject).toBe('Anglerdex パスワード再設定のご案内');
    expect(addresses(mail.to)).toEqual(['angler@example.com']);
    expect(mail.from?.value[0]?.address).toBe('no-reply@anglerdex.example');
    expect(mail.text).toContain('ヌシ釣り さん');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);

    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries).toEqual([
      expect.objectContaining({
        level: 30,
        to: 'angler@example.com',
        file: path.join(dataDir, 'outbox', files[0]!),
        msg: 'password reset e-mail written to outbox',
      }),
    ]);
    // Neither the token (raw or as the link encodes it) nor the link appears anywhere in the log.
    const logged = lines.join('\n');
    for (const secret of [TOKEN, ENCODED_TOKEN, 'eyJzdWIiOiIxIn0', link]) expect(logged).not.toContain(secret);
  });

  it('gives every message its own file', async () => {
    const mailer = createMailer(config(undefined, dataDir), silent);

    await Promise.all([mailer.sendVerification(mailTo()), mailer.sendVerification(mailTo({ locale: 'zh' }))]);

    const files = await readdir(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(2);
    const subjects = await Promise.all(
      files.map(async (f) => (await simpleParser(await readFile(path.join(dataDir, 'outbox', f)))).subject),
    );
    expect(subjects.sort()).toEqual(['Confirm your e-mail address for Anglerdex', '验证你的 Anglerdex 邮箱'].sort());
  });
});
