import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '#shared/account-rules';
import { initI18n } from '../lib/i18n';
import { clearSession, getSession, registerNavigate, setSession } from '../lib/session';
import enCommon from '../locales/en/common.json';
import en from '../locales/en/account.json';
import { USER } from '../test/fixtures/users';
import { fakeApi, json, type RecordedRequest } from '../test/fake-api';
import { renderRoute } from '../test/render-route';
import { shownToasts } from '../test/toasts';
import { Component as ProfilePage } from './profile-page';

const PATH = '/en/user/profile';

function fileInput(): HTMLInputElement {
  return document.querySelector('input[type="file"]')!;
}

function pick(file: File) {
  fireEvent.change(fileInput(), { target: { files: [file] } });
}

/** A password input by its label's start (the required ones draw their '*' outside the text). */
function passwordInput(label: string | RegExp): HTMLInputElement {
  return screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
}

const currentPasswordInput = () =>
  screen.queryByLabelText<HTMLInputElement>(en.fields.currentPassword, { selector: 'input' });

function type(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

/** Opens the page and types a new password (both fields), which makes the page ask for the current one. */
async function typeNewPassword(password = 'new-secret') {
  type(await screen.findByLabelText(/^New password/, { selector: 'input' }), password);
  type(passwordInput(/^Confirm password/), password);
}

const save = () => fireEvent.click(screen.getByRole('button', { name: en.submit.save }));

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  setSession({ token: 'tok-old', userInfo: USER });
});

afterEach(() => {
  clearSession();
  registerNavigate(null);
});

describe('profile page: avatar', () => {
  it('refuses a picture over 5 MB before uploading anything', async () => {
    const api = fakeApi({ 'POST /api/users/me/avatar': () => json(USER) });
    renderRoute(<ProfilePage />, { path: PATH });
    await screen.findByRole('button', { name: en.profile.changeAvatar });
    expect(fileInput().getAttribute('accept')).toBe('image/png,image/jpeg,image/webp');

    pick(new File([new Uint8Array(AVATAR_MAX_BYTES + 1)], 'huge.png', { type: 'image/png' }));

    expect((await screen.findByRole('alert')).textContent).toBe('The picture must be 5 MB or smaller');
    expect(shownToasts()).toContainEqual(
      expect.objectContaining({ title: en.profile.avatarFailed, message: 'The picture must be 5 MB or smaller' }),
    );
    expect(api.to('POST', '/api/users/me/avatar')).toHaveLength(0);
  });

  it('uploads a picture of exactly 5 MB as multipart `file` and shows the new avatar', async () => {
    const api = fakeApi({
      'POST /api/users/me/avatar': () => json({ ...USER, avatar: '/media/avatars/new.webp' }),
    });
    renderRoute(<ProfilePage />, { path: PATH });
    await screen.findByRole('button', { name: en.profile.changeAvatar });
    const picture = new File([new Uint8Array(AVATAR_MAX_BYTES)], 'me.jpg', { type: 'image/jpeg' });
    pick(picture);

    await waitFor(() => expect(getSession().userInfo?.avatar).toBe('/media/avatars/new.webp'));
    const [upload] = api.to('POST', '/api/users/me/avatar');
    expect(upload!.body).toBeInstanceOf(FormData);
    expect((upload!.body as FormData).get('file')).toBe(picture);
    expect(upload!.headers.Authorization).toBe('Bearer tok-old');
    expect(shownToasts()).toContainEqual(expect.objectContaining({ message: 'Avatar uploaded' }));
    expect(screen.getByRole('img', { name: 'Avatar of Angler' }).getAttribute('src')).toBe('/media/avatars/new.webp');
  });

  it("says 'Avatar upload failed' when the server refuses the format", async () => {
    fakeApi({ 'POST /api/users/me/avatar': () => json({ detail: 'AVATAR_UNSUPPORTED_FORMAT' }, 415) });
    renderRoute(<ProfilePage />, { path: PATH });
    await screen.findByRole('button', { name: en.profile.changeAvatar });
    pick(new File(['not really a png'], 'fake.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(shownToasts()).toContainEqual(
        expect.objectContaining({ title: 'Avatar upload failed', message: en.profile.avatarBadType }),
      ),
    );
  });
});

describe('profile page: details and password', () => {
  it('sends only the changed fields', async () => {
    const api = fakeApi({
      'PATCH /api/users/me': (request) => json({ ...USER, ...(request.json as object) }),
    });
    renderRoute(<ProfilePage />, { path: PATH });
    fireEvent.change(await screen.findByRole('textbox', { name: en.fields.nickname }), {
      target: { value: 'Pike Hunter' },
    });
    fireEvent.click(screen.getByRole('button', { name: en.submit.save }));

    await waitFor(() => expect(shownToasts()).toContainEqual(expect.objectContaining({ message: 'Profile updated' })));
    expect(api.to('PATCH', '/api/users/me')[0]!.json).toEqual({ nickname: 'Pike Hunter' });
    expect(getSession()).toEqual({ token: 'tok-old', userInfo: { ...USER, nickname: 'Pike Hunter' } });
  });

  it('logs in again after a password change, so the revoked token is replaced and the user stays', async () => {
    let passwordChanged = false;
    // The server as the contract describes it: a password change revokes every token issued before it.
    const authorised = (request: RecordedRequest) =>
      request.headers.Authorization === (passwordChanged ? 'Bearer tok-new' : 'Bearer tok-old');
    const api = fakeApi({
      'PATCH /api/users/me': (request) => {
        if (!authorised(request)) return json({ detail: 'Unauthorized' }, 401);
        passwordChanged = true;
        return json(USER);
      },
      'POST /api/auth/jwt/login': () => json({ access_token: 'tok-new', token_type: 'bearer' }),
      'GET /api/users/me': (request) => (authorised(request) ? json(USER) : json({ detail: 'Unauthorized' }, 401)),
    });
    const { router } = renderRoute(<ProfilePage />, { path: PATH });
    await typeNewPassword();
    type(currentPasswordInput()!, 'old-secret');
    save();

    await waitFor(() => expect(getSession().token).toBe('tok-new'));
    expect(getSession().userInfo).toEqual(USER);
    expect(api.to('PATCH', '/api/users/me')[0]!.json).toEqual({
      password: 'new-secret',
      current_password: 'old-secret',
    });
    expect(Object.fromEntries(api.to('POST', '/api/auth/jwt/login')[0]!.body as URLSearchParams)).toEqual({
      username: USER.email,
      password: 'new-secret',
    });
    expect(
      api.requests.some((request) => request.headers.Authorization === 'Bearer tok-old' && request.method === 'GET'),
    ).toBe(false);
    await waitFor(() => expect(shownToasts()).toContainEqual(expect.objectContaining({ message: 'Profile updated' })));
    expect(router.state.location.pathname).toBe(PATH);
    // The password inputs are blank again, so the current password is no longer asked for.
    expect((screen.getByLabelText(/^New password/, { selector: 'input' }) as HTMLInputElement).value).toBe('');
    expect(currentPasswordInput()).toBeNull();
  });

  it('leaves the password alone when both fields are blank and checks them when one is filled', async () => {
    const api = fakeApi();
    renderRoute(<ProfilePage />, { path: PATH });
    fireEvent.change(await screen.findByLabelText(/^New password/, { selector: 'input' }), {
      target: { value: 'new-secret' },
    });
    fireEvent.click(screen.getByRole('button', { name: en.submit.save }));
    expect(await screen.findByText(en.validation.confirmRequired)).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });

  it('replaces the failure toast of a save with the success of the next try', async () => {
    let tries = 0;
    fakeApi({
      'PATCH /api/users/me': (request) =>
        (tries += 1) === 1 ? json({ detail: 'DATABASE_BUSY' }, 503) : json({ ...USER, ...(request.json as object) }),
    });
    renderRoute(<ProfilePage />, { path: PATH });
    fireEvent.change(await screen.findByRole('textbox', { name: en.fields.nickname }), {
      target: { value: 'Pike Hunter' },
    });
    save();
    await waitFor(() =>
      expect(shownToasts()).toContainEqual(expect.objectContaining({ title: 'The profile could not be updated' })),
    );
    save();
    await waitFor(() => expect(shownToasts()).toContainEqual(expect.objectContaining({ message: 'Profile updated' })));
    expect(shownToasts().filter((shown) => shown.title === 'The profile could not be updated')).toEqual([]);
  });

  it('says the profile could not be updated and marks a refused password', async () => {
    fakeApi({
      'PATCH /api/users/me': () =>
        json(
          { detail: { code: 'UPDATE_USER_INVALID_PASSWORD', reason: 'Password must be at most 256 bytes long' } },
          400,
        ),
    });
    renderRoute(<ProfilePage />, { path: PATH });
    await typeNewPassword();
    type(currentPasswordInput()!, 'old-secret');
    save();
    await waitFor(() =>
      expect(shownToasts()).toContainEqual(
        expect.objectContaining({ title: 'The profile could not be updated', message: en.validation.passwordTooLong }),
      ),
    );
    expect(screen.getByLabelText(/^New password/, { selector: 'input' }).getAttribute('aria-invalid')).toBe('true');
    expect(getSession().token).toBe('tok-old');
  });
});

describe('profile page: the current password for a new e-mail or password', () => {
  it('asks for the current password only while a new password is typed or the e-mail differs', async () => {
    fakeApi();
    renderRoute(<ProfilePage />, { path: PATH });
    const email = (await screen.findByRole('textbox', { name: en.fields.email })) as HTMLInputElement;
    expect(email.value).toBe(USER.email);
    expect(email.readOnly).toBe(false);
    expect(currentPasswordInput()).toBeNull();

    // The nickname and bio need no password.
    type(screen.getByRole('textbox', { name: en.fields.nickname }), 'Pike Hunter');
    expect(currentPasswordInput()).toBeNull();

    type(passwordInput(/^New password/), 'n');
    expect(currentPasswordInput()).not.toBeNull();
    expect(currentPasswordInput()!.required).toBe(true);
    expect(currentPasswordInput()!.getAttribute('autocomplete')).toBe('current-password');
    type(passwordInput(/^New password/), '');
    expect(currentPasswordInput()).toBeNull();

    type(email, 'pike@example.com');
    expect(currentPasswordInput()).not.toBeNull();
    // The stored address retyped with spaces and an upper-case domain is the same address to the server.
    type(email, `  ${USER.email.replace('example.com', 'EXAMPLE.COM')} `);
    expect(currentPasswordInput()).toBeNull();
  });

  it('refuses to send a new password without the current one', async () => {
    const api = fakeApi();
    renderRoute(<ProfilePage />, { path: PATH });
    await typeNewPassword();
    save();
    expect(await screen.findByText(en.validation.currentPasswordRequired)).toBeTruthy();
    expect(currentPasswordInput()!.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(currentPasswordInput());
    expect(api.requests).toHaveLength(0);
  });

  it('marks the current password when the server says it is wrong, and keeps the session', async () => {
    const api = fakeApi({
      'PATCH /api/users/me': () => json({ detail: 'UPDATE_USER_BAD_CURRENT_PASSWORD' }, 400),
    });
    renderRoute(<ProfilePage />, { path: PATH });
    await typeNewPassword();
    type(currentPasswordInput()!, 'not-my-password');
    save();

    await waitFor(() => expect(currentPasswordInput()!.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(en.errors.UPDATE_USER_BAD_CURRENT_PASSWORD)).toBeTruthy();
    expect(document.activeElement).toBe(currentPasswordInput());
    expect(shownToasts()).toContainEqual(
      expect.objectContaining({ title: en.profile.failed, message: en.errors.UPDATE_USER_BAD_CURRENT_PASSWORD }),
    );
    expect(api.to('PATCH', '/api/users/me')[0]!.json).toEqual({
      password: 'new-secret',
      current_password: 'not-my-password',
    });
    expect(api.to('POST', '/api/auth/jwt/login')).toHaveLength(0);
    expect(getSession()).toEqual({ token: 'tok-old', userInfo: USER });
    // What was typed stays, for a second try.
    expect(passwordInput(/^New password/).value).toBe('new-secret');
  });

  it('changes the e-mail with the current password, says where the notice went and offers verification', async () => {
    const NEW = 'pike@example.com';
    const api = fakeApi({
      // The server stores the new address unverified (a verified old address says nothing about the new one).
      'PATCH /api/users/me': () => json({ ...USER, email: NEW, is_verified: false }),
      'POST /api/auth/request-verify-token': () => json(null, 202),
    });
    renderRoute(<ProfilePage />, { path: PATH });
    type(await screen.findByRole('textbox', { name: en.fields.email }), ` ${NEW} `);
    type(currentPasswordInput()!, 'old-secret');
    save();

    const notice = await screen.findByRole('status');
    expect(api.to('PATCH', '/api/users/me')[0]!.json).toEqual({ email: NEW, current_password: 'old-secret' });
    // No password change: the token stays valid and nobody logs in again.
    expect(api.to('POST', '/api/auth/jwt/login')).toHaveLength(0);
    expect(getSession()).toEqual({ token: 'tok-old', userInfo: { ...USER, email: NEW, is_verified: false } });
    expect(notice.textContent).toContain(en.profile.emailChanged);
    expect(notice.textContent).toContain(
      en.profile.emailChangedText.replace('{{email}}', NEW).replace('{{old}}', USER.email),
    );
    expect(notice.textContent).toContain(en.profile.emailUnverified);
    expect(shownToasts()).toContainEqual(expect.objectContaining({ message: en.profile.saved }));
    expect((screen.getByRole('textbox', { name: en.fields.email }) as HTMLInputElement).value).toBe(NEW);
    expect(currentPasswordInput()).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: en.user.sendVerify }));
    await waitFor(() => expect(api.to('POST', '/api/auth/request-verify-token')).toHaveLength(1));
    expect(api.to('POST', '/api/auth/request-verify-token')[0]!.json).toEqual({ email: NEW });
  });

  it('after changing the e-mail and the password together, logs in again with the new e-mail', async () => {
    const NEW = 'pike@example.com';
    const api = fakeApi({
      'PATCH /api/users/me': () => json({ ...USER, email: NEW }),
      'POST /api/auth/jwt/login': () => json({ access_token: 'tok-new', token_type: 'bearer' }),
      'GET /api/users/me': () => json({ ...USER, email: NEW }),
    });
    renderRoute(<ProfilePage />, { path: PATH });
    type(await screen.findByRole('textbox', { name: en.fields.email }), NEW);
    await typeNewPassword();
    type(currentPasswordInput()!, 'old-secret');
    save();

    await waitFor(() => expect(getSession().token).toBe('tok-new'));
    expect(api.to('PATCH', '/api/users/me')[0]!.json).toEqual({
      email: NEW,
      password: 'new-secret',
      current_password: 'old-secret',
    });
    expect(Object.fromEntries(api.to('POST', '/api/auth/jwt/login')[0]!.body as URLSearchParams)).toEqual({
      username: NEW,
      password: 'new-secret',
    });
    expect(getSession().userInfo?.email).toBe(NEW);
  });

  it('marks the e-mail when another account uses it', async () => {
    fakeApi({ 'PATCH /api/users/me': () => json({ detail: 'UPDATE_USER_EMAIL_ALREADY_EXISTS' }, 400) });
    renderRoute(<ProfilePage />, { path: PATH });
    const email = await screen.findByRole('textbox', { name: en.fields.email });
    type(email, 'taken@example.com');
    type(currentPasswordInput()!, 'old-secret');
    save();

    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(en.errors.UPDATE_USER_EMAIL_ALREADY_EXISTS)).toBeTruthy();
    expect(currentPasswordInput()!.getAttribute('aria-invalid')).toBeNull();
    expect(getSession().userInfo).toEqual(USER);
  });
});

describe('profile page: a session or values that change underneath', () => {
  it('on an expired session says so once and goes to the login page, without an extra failure toast', async () => {
    fakeApi({ 'PATCH /api/users/me': () => json({ detail: 'Unauthorized' }, 401) });
    const { router } = renderRoute(<ProfilePage />, { path: PATH });
    registerNavigate((to, options) => router.navigate(to, options));
    window.history.replaceState(null, '', PATH);
    fireEvent.change(await screen.findByRole('textbox', { name: en.fields.nickname }), {
      target: { value: 'Pike Hunter' },
    });
    fireEvent.click(screen.getByRole('button', { name: en.submit.save }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/en/user/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent(PATH)}`);
    expect(getSession().token).toBe('');
    expect(shownToasts()).toEqual([expect.objectContaining({ message: enCommon.errors.sessionExpired })]);
  });

  it('shows newer values that arrive after the page opened, and never writes the old ones back', async () => {
    const api = fakeApi({ 'PATCH /api/users/me': (request) => json({ ...USER, ...(request.json as object) }) });
    renderRoute(<ProfilePage />, { path: PATH });
    const nickname = (await screen.findByRole('textbox', { name: en.fields.nickname })) as HTMLInputElement;
    expect(nickname.value).toBe(USER.nickname);

    // The start-up check brings the nickname another device saved meanwhile.
    act(() => setSession({ userInfo: { ...USER, nickname: 'Changed Elsewhere' } }));
    await waitFor(() => expect(nickname.value).toBe('Changed Elsewhere'));

    fireEvent.change(screen.getByRole('textbox', { name: en.profile.bio }), { target: { value: 'Pike only.' } });
    fireEvent.click(screen.getByRole('button', { name: en.submit.save }));
    await waitFor(() => expect(api.to('PATCH', '/api/users/me')).toHaveLength(1));
    expect(api.to('PATCH', '/api/users/me')[0]!.json).toEqual({ bio: 'Pike only.' });
  });

  it('keeps what the user typed when newer values arrive', async () => {
    fakeApi();
    renderRoute(<ProfilePage />, { path: PATH });
    const nickname = (await screen.findByRole('textbox', { name: en.fields.nickname })) as HTMLInputElement;
    fireEvent.change(nickname, { target: { value: 'Typed Here' } });
    act(() => setSession({ userInfo: { ...USER, nickname: 'Changed Elsewhere' } }));
    await waitFor(() => expect(getSession().userInfo?.nickname).toBe('Changed Elsewhere'));
    expect(nickname.value).toBe('Typed Here');
  });
});
