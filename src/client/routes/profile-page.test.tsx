import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '#shared/account-rules';
import { initI18n } from '../lib/i18n';
import { clearSession, getSession, registerNavigate, setSession } from '../lib/session';
import enCommon from '../locales/en/common.json';
import en from '../locales/en/account.json';
import { USER } from '../features/account/test-fixtures';
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

    expect((await screen.findByRole('alert')).textContent).toBe('Image size can not bigger than 5mb');
    expect(shownToasts()).toContainEqual(
      expect.objectContaining({ title: en.profile.avatarFailed, message: 'Image size can not bigger than 5mb' }),
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
    expect(shownToasts()).toContainEqual(expect.objectContaining({ message: 'avatar upload success' }));
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

    await waitFor(() =>
      expect(shownToasts()).toContainEqual(expect.objectContaining({ message: 'profile update success' })),
    );
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
    fireEvent.change(await screen.findByLabelText(/^New password/, { selector: 'input' }), {
      target: { value: 'new-secret' },
    });
    fireEvent.change(screen.getByLabelText(/^Confirm password/, { selector: 'input' }), {
      target: { value: 'new-secret' },
    });
    fireEvent.click(screen.getByRole('button', { name: en.submit.save }));

    await waitFor(() => expect(getSession().token).toBe('tok-new'));
    expect(getSession().userInfo).toEqual(USER);
    expect(api.to('PATCH', '/api/users/me')[0]!.json).toEqual({ password: 'new-secret' });
    expect(Object.fromEntries(api.to('POST', '/api/auth/jwt/login')[0]!.body as URLSearchParams)).toEqual({
      username: USER.email,
      password: 'new-secret',
    });
    expect(
      api.requests.some((request) => request.headers.Authorization === 'Bearer tok-old' && request.method === 'GET'),
    ).toBe(false);
    await waitFor(() =>
      expect(shownToasts()).toContainEqual(expect.objectContaining({ message: 'profile update success' })),
    );
    expect(router.state.location.pathname).toBe(PATH);
    // The password inputs are blank again.
    expect((screen.getByLabelText(/^New password/, { selector: 'input' }) as HTMLInputElement).value).toBe('');
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

  it("says 'update failed' and marks a refused password", async () => {
    fakeApi({
      'PATCH /api/users/me': () =>
        json(
          { detail: { code: 'UPDATE_USER_INVALID_PASSWORD', reason: 'Password must be at most 256 bytes long' } },
          400,
        ),
    });
    renderRoute(<ProfilePage />, { path: PATH });
    fireEvent.change(await screen.findByLabelText(/^New password/, { selector: 'input' }), {
      target: { value: 'new-secret' },
    });
    fireEvent.change(screen.getByLabelText(/^Confirm password/, { selector: 'input' }), {
      target: { value: 'new-secret' },
    });
    fireEvent.click(screen.getByRole('button', { name: en.submit.save }));
    await waitFor(() =>
      expect(shownToasts()).toContainEqual(
        expect.objectContaining({ title: 'update failed', message: en.validation.passwordTooLong }),
      ),
    );
    expect(screen.getByLabelText(/^New password/, { selector: 'input' }).getAttribute('aria-invalid')).toBe('true');
    expect(getSession().token).toBe('tok-old');
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
