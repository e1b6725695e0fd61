/**
 * The account journey as a player makes it, in Chromium against the built site: register → log out → forgot
 * password → the link from the e-mail the server wrote (no SMTP_URL: the outbox folder) → new password → log in →
 * nickname and avatar → a new password and e-mail address with the current password (a wrong one first) → bind a
 * logger id → log out and in with the new address and password. Plus the 'Invalid link' path of a used or broken reset
 * link.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './test';
import { simpleParser } from 'mailparser';
import sharp from 'sharp';
import { localePath } from '../../src/shared/locales';
import { PAGE_PATHS } from '../../src/shared/pages';
import { bindingCode, registerLogger } from './loggers';
import { fill, texts } from './texts';

const en = texts('en');
const zh = texts('zh');
const OUTBOX = path.join(process.env.E2E_DATA_DIR!, 'outbox');

/** The English form of a page, and a check that the browser is exactly there (no query string). */
const enPath = (key: keyof typeof PAGE_PATHS) => localePath('en', PAGE_PATHS[key]);
const atPage = (key: keyof typeof PAGE_PATHS) => (url: URL) => `${url.pathname}${url.search}` === enPath(key);

/** The text of every mail to `to` in the server's outbox so far, oldest first. */
async function mailsTo(to: string): Promise<string[]> {
  const files = await readdir(OUTBOX).catch(() => [] as string[]);
  const bodies: string[] = [];
  for (const file of files.sort()) {
    const mail = await simpleParser(await readFile(path.join(OUTBOX, file)));
    const recipients = [mail.to].flat().flatMap((address) => address?.value.map((v) => v.address) ?? []);
    if (recipients.includes(to)) bodies.push(mail.text ?? '');
  }
  return bodies;
}

/** The link to the English `page` in the newest mail to `to` in the server's outbox, waiting for it to be written. */
async function mailedLink(to: string, page: keyof typeof PAGE_PATHS): Promise<string> {
  const links = async () =>
    (await mailsTo(to))
      .map((text) => text.match(/https?:\/\/\S+/)?.[0] ?? '')
      .filter((link) => link !== '' && new URL(link).pathname === enPath(page));
  await expect.poll(async () => (await links()).length).toBeGreaterThan(0);
  return (await links()).at(-1)!;
}

test('register, log out, reset the password from the e-mail, log in, edit the profile, change the password and e-mail, bind a logger, log in again', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = `journey.${Date.now()}@example.com`;
  const t = en.account;

  // Register (in English): lands in the user centre, logged in.
  await page.goto(enPath('register'));
  await page.getByLabel(t.fields.email, { exact: true }).fill(email);
  await page.getByLabel(t.fields.nickname, { exact: true }).fill('Pike Hunter');
  await page.getByLabel(t.fields.password, { exact: true }).fill('first-pass-1');
  await page.getByLabel(t.fields.confirmPassword, { exact: true }).fill('first-pass-1');
  await page.getByRole('button', { name: t.submit.register }).click();
  await expect(page).toHaveURL(atPage('user'));
  // The top bar's user button is named after the nickname (its text shows from xl; the name at every width).
  await expect(page.getByRole('link', { name: /\(Pike Hunter\)/ }).first()).toBeVisible();
  // The verification e-mail went out at once, in the language of the registration.
  expect(new URL(await mailedLink(email, 'verify')).searchParams.get('token')).toBeTruthy();

  // Log out.
  await page.getByRole('button', { name: t.user.logout }).click();
  await expect(page).toHaveURL(atPage('home'));
  expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();

  // Forgot password → the mail → the link.
  await page.goto(enPath('forgetPwd'));
  await page.getByLabel(t.fields.email, { exact: true }).fill(email);
  await page.getByRole('button', { name: t.submit.sendEmail }).click();
  await expect(page.getByText(t.forgot.sent).first()).toBeVisible();
  const link = await mailedLink(email, 'resetPwd');
  expect(new URL(link).searchParams.get('token')).toBeTruthy();

  // Set the new password from the link (the e-mail links to PUBLIC_BASE_URL; open the same path here).
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);
  await page.getByLabel(t.profile.newPassword, { exact: true }).fill('second-pass-2');
  await page.getByLabel(t.fields.confirmPassword, { exact: true }).fill('second-pass-2');
  await page.getByRole('button', { name: t.submit.resetPassword }).click();
  await expect(page.getByText(t.reset.success).first()).toBeVisible();

  // The old password no longer works; the new one does.
  await page.goto(enPath('login'));
  await page.getByLabel(t.fields.email, { exact: true }).fill(email);
  await page.getByLabel(t.fields.password, { exact: true }).fill('first-pass-1');
  await page.getByRole('button', { name: t.submit.login }).click();
  await expect(page.getByText(t.errors.LOGIN_BAD_CREDENTIALS).first()).toBeVisible();
  await page.getByLabel(t.fields.password, { exact: true }).fill('second-pass-2');
  await page.getByRole('button', { name: t.submit.login }).click();
  await expect(page).toHaveURL(atPage('user'));

  // Profile: nickname and avatar.
  await page.goto(enPath('profile'));
  const avatar = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#2f7d5b' } })
    .png()
    .toBuffer();
  await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: avatar });
  await expect(page.getByText(t.profile.avatarSuccess).first()).toBeVisible();
  await expect(page.locator('main img[src^="/media/avatars/"]').first()).toBeVisible();
  const nickname = page.getByLabel(t.fields.nickname, { exact: true });
  await nickname.fill('Zander Queen');
  await page.getByRole('button', { name: t.submit.save }).click();
  await expect(page.getByText(t.profile.saved).first()).toBeVisible();
  const me = await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? 'null'));
  expect(me.userInfo.nickname).toBe('Zander Queen');
  expect(me.userInfo.avatar).toMatch(/^\/media\/avatars\/[0-9a-f]{32}\.webp$/);

  // A new password and a new e-mail address need the current password: its field appears only then.
  const before = me.token as string;
  const currentPassword = page.getByLabel(t.fields.currentPassword, { exact: true });
  await expect(currentPassword).toHaveCount(0);
  await page.getByLabel(t.profile.newPassword, { exact: true }).fill('third-pass-3');
  await page.getByLabel(t.fields.confirmPassword, { exact: true }).fill('third-pass-3');
  const newEmail = `moved.${Date.now()}@example.com`;
  await page.getByLabel(t.fields.email, { exact: true }).fill(newEmail);
  const noticesBefore = (await mailsTo(email)).length;

  // A wrong current password is refused on its field, and nothing changes.
  await currentPassword.fill('not-my-password');
  await page.getByRole('button', { name: t.submit.save }).click();
  await expect(currentPassword).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(t.errors.UPDATE_USER_BAD_CURRENT_PASSWORD).first()).toBeVisible();
  const unchanged = await request.get('/api/users/me', { headers: { authorization: `Bearer ${before}` } });
  expect(unchanged.status()).toBe(200);
  expect((await unchanged.json()).email).toBe(email);

  // With the right one both change. The password change revokes every older token; the page logs in again with the
  // new address and password and carries on, and says that the old address was told and the new one is unverified.
  await currentPassword.fill('second-pass-2');
  await page.getByRole('button', { name: t.submit.save }).click();
  const storedToken = () => page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? 'null')?.token);
  await expect.poll(storedToken).not.toBe(before);
  await expect(page).toHaveURL(atPage('profile'));
  const notice = page.getByRole('status').filter({ hasText: t.profile.emailChanged });
  await expect(notice).toContainText(fill(t.profile.emailChangedText, { email: newEmail, old: email }));
  await expect(notice).toContainText(t.profile.emailUnverified);
  await expect(currentPassword).toHaveCount(0);
  const renewed = { token: (await storedToken()) as string };
  expect(renewed.token).toBeTruthy();
  const revoked = await request.get('/api/users/me', { headers: { authorization: `Bearer ${before}` } });
  expect(revoked.status()).toBe(401);
  const current = await request.get('/api/users/me', { headers: { authorization: `Bearer ${renewed.token}` } });
  expect(current.status()).toBe(200);
  expect(await current.json()).toMatchObject({ email: newEmail, is_verified: false });
  // The old address hears of the change (someone holding a stolen session would otherwise go unnoticed).
  await expect.poll(async () => (await mailsTo(email)).length).toBeGreaterThan(noticesBefore);

  // Bind a logger id with the binding code the logger shows (a wrong code first).
  const logger = await registerLogger(request, { player_name: 'E2E Angler' });
  const loggerId = logger.client_id;
  const code = await bindingCode(request, logger);
  await page.goto(enPath('myData'));
  await page.getByLabel(t.myData.loggerId, { exact: true }).fill(loggerId);
  await page.getByLabel(t.myData.bindingCode, { exact: true }).fill(code === '23456789' ? '98765432' : '23456789');
  await page.getByRole('button', { name: t.myData.bind, exact: true }).click();
  await expect(page.getByText(t.errors.BINDING_CODE_INVALID).first()).toBeVisible();
  await page.getByLabel(t.myData.bindingCode, { exact: true }).fill(code);
  await page.getByRole('button', { name: t.myData.bind, exact: true }).click();
  await expect(page.getByText(t.myData.bindSuccess).first()).toBeVisible();
  await expect(page.getByText(loggerId).first()).toBeVisible();
  const after = await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? 'null'));
  expect(after.userInfo.client_id).toBe(loggerId);

  // Log out; the old address no longer logs in, the new address with the new password does.
  await page.goto(enPath('user'));
  await page.getByRole('button', { name: t.user.logout }).click();
  await expect(page).toHaveURL(atPage('home'));
  expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
  await page.goto(enPath('login'));
  await page.getByLabel(t.fields.email, { exact: true }).fill(email);
  await page.getByLabel(t.fields.password, { exact: true }).fill('third-pass-3');
  await page.getByRole('button', { name: t.submit.login }).click();
  await expect(page.getByText(t.errors.LOGIN_BAD_CREDENTIALS).first()).toBeVisible();
  await page.getByLabel(t.fields.email, { exact: true }).fill(newEmail);
  await page.getByRole('button', { name: t.submit.login }).click();
  await expect(page).toHaveURL(atPage('user'));
  await expect(page.getByText(newEmail).first()).toBeVisible();
});

test("a broken or missing reset link shows 'Invalid link'", async ({ page }) => {
  await page.goto(`${localePath('zh', PAGE_PATHS.resetPwd)}?token=not-a-real-token`);
  await page.getByLabel(zh.account.profile.newPassword, { exact: true }).fill('whatever-1');
  await page.getByLabel(zh.account.fields.confirmPassword, { exact: true }).fill('whatever-1');
  await page.getByRole('button', { name: zh.account.submit.resetPassword }).click();
  await expect(page.getByText(zh.account.linkError.title).first()).toBeVisible();

  await page.goto(enPath('resetPwd'));
  await expect(page.getByText(en.account.linkError.title).first()).toBeVisible();
});

test('the user centre sends a visitor to the login page and back after logging in', async ({ page, request }) => {
  const email = `back.${Date.now()}@example.com`;
  const res = await request.post('/api/auth/register', {
    data: { email, password: 'return-pass-1', nickname: 'Rudd' },
  });
  expect(res.status()).toBe(201);
  await page.goto(enPath('myData'));
  await expect(page).toHaveURL(
    (url) => url.pathname === enPath('login') && url.searchParams.get('redirect') === enPath('myData'),
  );
  await page.getByLabel(en.account.fields.email, { exact: true }).fill(email);
  await page.getByLabel(en.account.fields.password, { exact: true }).fill('return-pass-1');
  await page.getByRole('button', { name: en.account.submit.login }).click();
  await expect(page).toHaveURL(atPage('myData'));
});
