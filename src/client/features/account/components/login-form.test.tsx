import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { clearSession, getSession } from '../../../lib/session';
import en from '../../../locales/en/account.json';
import { fakeApi, json } from '../../../test/fake-api';
import { renderRoute } from '../../../test/render-route';
import { shownToasts } from '../../../test/toasts';
import { USER } from '../../../test/fixtures/users';
import { LoginForm } from './login-form';

const LOGIN_PATH = '/en/user/login';

function fillIn(email: string, password: string) {
  fireEvent.change(screen.getByRole('textbox', { name: en.fields.email }), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Password/, { selector: 'input' }), { target: { value: password } });
}

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  clearSession();
});

describe('LoginForm', () => {
  it('posts username and password form-encoded, stores {token, userInfo} and follows ?redirect=', async () => {
    let answerLogin: () => void = () => {};
    const api = fakeApi({
      'POST /api/auth/jwt/login': () =>
        new Promise((resolve) => {
          answerLogin = () => resolve(json({ access_token: 'tok-1', token_type: 'bearer' }));
        }),
      'GET /api/users/me': () => json(USER),
    });
    const { router } = renderRoute(<LoginForm />, {
      path: LOGIN_PATH,
      url: `${LOGIN_PATH}?redirect=${encodeURIComponent('/en/user/my-data?tab=1')}`,
    });
    await screen.findByRole('button', { name: en.submit.login });
    fillIn(' angler@example.com ', 'secret-1');
    fireEvent.click(screen.getByRole('button', { name: en.submit.login }));

    // The 'logging in' state while the server thinks.
    expect(await screen.findByRole('button', { name: en.submit.loggingIn })).toHaveProperty('disabled', true);
    answerLogin();

    await waitFor(() => expect(router.state.location.pathname).toBe('/en/user/my-data'));
    expect(router.state.location.search).toBe('?tab=1');
    expect(getSession()).toEqual({ token: 'tok-1', userInfo: USER });

    const [login] = api.to('POST', '/api/auth/jwt/login');
    expect(login!.body).toBeInstanceOf(URLSearchParams);
    expect(Object.fromEntries(login!.body as URLSearchParams)).toEqual({
      username: 'angler@example.com',
      password: 'secret-1',
    });
    expect(login!.headers['Content-Type']).toBeUndefined();
    expect(login!.headers['Accept-Language']).toBe('en');
    const [me] = api.to('GET', '/api/users/me');
    expect(me!.headers.Authorization).toBe('Bearer tok-1');
  });

  it('ignores a redirect to another site and goes to the user centre instead', async () => {
    fakeApi({
      'POST /api/auth/jwt/login': () => json({ access_token: 'tok-2', token_type: 'bearer' }),
      'GET /api/users/me': () => json(USER),
    });
    const { router } = renderRoute(<LoginForm />, {
      path: LOGIN_PATH,
      url: `${LOGIN_PATH}?redirect=${encodeURIComponent('//evil.example/steal')}`,
    });
    await screen.findByRole('button', { name: en.submit.login });
    fillIn('angler@example.com', 'secret-1');
    fireEvent.click(screen.getByRole('button', { name: en.submit.login }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/user'));
  });

  it("says 'Login failed' with a readable reason and stays logged out on bad credentials", async () => {
    const api = fakeApi({ 'POST /api/auth/jwt/login': () => json({ detail: 'LOGIN_BAD_CREDENTIALS' }, 400) });
    const { router } = renderRoute(<LoginForm />, { path: LOGIN_PATH });
    await screen.findByRole('button', { name: en.submit.login });
    fillIn('angler@example.com', 'wrong-password');
    fireEvent.click(screen.getByRole('button', { name: en.submit.login }));

    await waitFor(() =>
      expect(shownToasts()).toContainEqual(
        expect.objectContaining({ title: en.login.failed, message: en.errors.LOGIN_BAD_CREDENTIALS }),
      ),
    );
    expect(getSession().token).toBe('');
    expect(api.to('GET', '/api/users/me')).toHaveLength(0);
    expect(router.state.location.pathname).toBe(LOGIN_PATH);
    expect(await screen.findByRole('button', { name: en.submit.login })).toHaveProperty('disabled', false);
  });

  it('takes the failure toast away once a later try logs in', async () => {
    let tries = 0;
    fakeApi({
      'POST /api/auth/jwt/login': () =>
        (tries += 1) === 1
          ? json({ detail: 'LOGIN_BAD_CREDENTIALS' }, 400)
          : json({ access_token: 'tok-2', token_type: 'bearer' }),
      'GET /api/users/me': () => json(USER),
    });
    renderRoute(<LoginForm />, { path: LOGIN_PATH });
    await screen.findByRole('button', { name: en.submit.login });
    fillIn('angler@example.com', 'wrong-password');
    fireEvent.click(screen.getByRole('button', { name: en.submit.login }));
    await waitFor(() => expect(shownToasts()).toContainEqual(expect.objectContaining({ title: en.login.failed })));

    fillIn('angler@example.com', 'right-password');
    fireEvent.click(screen.getByRole('button', { name: en.submit.login }));
    await waitFor(() => expect(getSession().token).toBe('tok-2'));
    await waitFor(() => expect(shownToasts().filter((shown) => shown.title === en.login.failed)).toEqual([]));
  });

  it('explains a rate limit', async () => {
    fakeApi({ 'POST /api/auth/jwt/login': () => json({ detail: 'RATE_LIMITED' }, 429) });
    renderRoute(<LoginForm />, { path: LOGIN_PATH });
    await screen.findByRole('button', { name: en.submit.login });
    fillIn('angler@example.com', 'secret-1');
    fireEvent.click(screen.getByRole('button', { name: en.submit.login }));
    await waitFor(() =>
      expect(shownToasts()).toContainEqual(expect.objectContaining({ message: en.errors.RATE_LIMITED })),
    );
  });

  it('checks the inputs before sending anything and links to register and forgot password', async () => {
    const api = fakeApi();
    renderRoute(<LoginForm />, { path: LOGIN_PATH });
    fireEvent.click(await screen.findByRole('button', { name: en.submit.login }));
    expect(await screen.findByText(en.validation.emailRequired)).toBeTruthy();
    expect(screen.getByText(en.validation.passwordRequired)).toBeTruthy();
    expect(api.requests).toHaveLength(0);
    expect(screen.getByRole('link', { name: en.login.register }).getAttribute('href')).toBe('/en/user/register');
    expect(screen.getByRole('link', { name: en.login.forgot }).getAttribute('href')).toBe('/en/user/forget-pwd');
    // Focus moves to the first field in error, so a screen reader reads it and its message.
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: en.fields.email }));
  });

  it('keeps the way back when the visitor goes on to register instead', async () => {
    fakeApi();
    const back = encodeURIComponent('/en/user/my-data');
    renderRoute(<LoginForm />, { path: LOGIN_PATH, url: `${LOGIN_PATH}?redirect=${back}` });
    const register = await screen.findByRole('link', { name: en.login.register });
    expect(register.getAttribute('href')).toBe(`/en/user/register?redirect=${back}`);
  });
});
