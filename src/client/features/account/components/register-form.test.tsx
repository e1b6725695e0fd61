import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NICKNAME_TOO_SHORT, PASSWORD_TOO_SHORT } from '#shared/account-rules';
import { initI18n } from '../../../lib/i18n';
import { clearSession, getSession } from '../../../lib/session';
import en from '../../../locales/en/account.json';
import { fakeApi, json } from '../../../test/fake-api';
import { renderRoute } from '../../../test/render-route';
import { shownToasts } from '../../../test/toasts';
import { USER } from '../../../test/fixtures/users';
import { RegisterForm } from './register-form';

const PATH = '/en/user/register';

function fillIn(values: {
  email?: string;
  nickname?: string;
  password?: string;
  confirm?: string;
  loggerId?: string;
  code?: string;
}) {
  const set = (element: HTMLElement, value: string | undefined) => {
    if (value !== undefined) fireEvent.change(element, { target: { value } });
  };
  set(screen.getByRole('textbox', { name: en.fields.email }), values.email);
  set(screen.getByRole('textbox', { name: en.fields.nickname }), values.nickname);
  set(screen.getByLabelText(/^Password/, { selector: 'input' }), values.password);
  set(screen.getByLabelText(/^Confirm password/, { selector: 'input' }), values.confirm);
  set(screen.getByRole('textbox', { name: en.fields.loggerId }), values.loggerId);
  set(screen.getByRole('textbox', { name: en.fields.bindingCode }), values.code);
}

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  clearSession();
});

describe('RegisterForm', () => {
  it("shows the spec's validation messages and sends nothing while the form is invalid", async () => {
    const api = fakeApi();
    renderRoute(<RegisterForm />, { path: PATH });
    await screen.findByRole('button', { name: en.submit.register });
    fillIn({ email: 'angler@example.com', nickname: 'a', password: '12345', confirm: '12346' });
    fireEvent.click(screen.getByRole('button', { name: en.submit.register }));

    const nickname = screen.getByRole('textbox', { name: en.fields.nickname });
    await waitFor(() => expect(nickname.getAttribute('aria-invalid')).toBe('true'));
    // The English texts are the spec's (and the contract's) exactly; each is tied to its input.
    expect(screen.getByText(NICKNAME_TOO_SHORT).id).toBe(
      nickname
        .getAttribute('aria-describedby')
        ?.split(' ')
        .find((id) => id.endsWith('error')),
    );
    expect(screen.getByText(PASSWORD_TOO_SHORT)).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });

  it('asks for every required field, with an input prompt on each', async () => {
    const api = fakeApi();
    renderRoute(<RegisterForm />, { path: PATH });
    fireEvent.click(await screen.findByRole('button', { name: en.submit.register }));
    expect(await screen.findByText(en.validation.emailRequired)).toBeTruthy();
    expect(screen.getByText(en.validation.nicknameRequired)).toBeTruthy();
    expect(screen.getByText(en.validation.passwordRequired)).toBeTruthy();
    expect(screen.getByText(en.validation.confirmRequired)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: en.fields.email }).getAttribute('placeholder')).toBe(
      en.fields.emailPlaceholder,
    );
    expect(screen.getByRole('textbox', { name: en.fields.nickname }).getAttribute('placeholder')).toBe(
      en.fields.nicknamePlaceholder,
    );
    expect(screen.getByLabelText(/^Password/, { selector: 'input' }).getAttribute('placeholder')).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });

  it('registers, logs in at once and goes to the user centre', async () => {
    const api = fakeApi({
      'POST /api/auth/register': () => json({ ...USER, client_id: 'bird_0123456789abcdefABCDEF' }, 201),
      'POST /api/auth/jwt/login': () => json({ access_token: 'tok-new', token_type: 'bearer' }),
      'GET /api/users/me': () => json({ ...USER, client_id: 'bird_0123456789abcdefABCDEF' }),
    });
    const { router } = renderRoute(<RegisterForm />, { path: PATH });
    await screen.findByRole('button', { name: en.submit.register });
    fillIn({
      email: 'angler@example.com',
      nickname: ' Angler ',
      password: 'secret-1',
      confirm: 'secret-1',
      loggerId: 'bird_0123456789abcdefABCDEF',
      code: ' 7k3q-x9mz ',
    });
    fireEvent.click(screen.getByRole('button', { name: en.submit.register }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/en/user'));
    expect(api.to('POST', '/api/auth/register')[0]!.json).toEqual({
      email: 'angler@example.com',
      password: 'secret-1',
      nickname: 'Angler',
      client_id: 'bird_0123456789abcdefABCDEF',
      code: '7k3q-x9mz',
    });
    expect(Object.fromEntries(api.to('POST', '/api/auth/jwt/login')[0]!.body as URLSearchParams)).toEqual({
      username: 'angler@example.com',
      password: 'secret-1',
    });
    expect(getSession().token).toBe('tok-new');
    expect(getSession().userInfo?.client_id).toBe('bird_0123456789abcdefABCDEF');
    // The server mails the verification link on registering; the welcome says where it went.
    expect(shownToasts()).toContainEqual(
      expect.objectContaining({ message: en.register.verifySent.replace('{{email}}', USER.email) }),
    );
  });

  it('asks for the binding code with a logger id (and for the id with a code), saying where to find it', async () => {
    const api = fakeApi();
    renderRoute(<RegisterForm />, { path: PATH });
    await screen.findByRole('button', { name: en.submit.register });
    const code = screen.getByRole('textbox', { name: en.fields.bindingCode });
    expect(code.getAttribute('placeholder')).toBe(en.fields.bindingCodePlaceholder);
    expect(screen.getByText(en.fields.bindingCodeHint)).toBeTruthy();

    const filled = { email: 'angler@example.com', nickname: 'Angler', password: 'secret-1', confirm: 'secret-1' };
    fillIn({ ...filled, loggerId: 'bird_0123456789abcdefABCDEF' });
    fireEvent.click(screen.getByRole('button', { name: en.submit.register }));
    expect(await screen.findByText(en.validation.bindingCodeRequired)).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');

    fillIn({ code: '7K3Q' });
    fireEvent.click(screen.getByRole('button', { name: en.submit.register }));
    expect(await screen.findByText(en.validation.bindingCodeLength)).toBeTruthy();

    fillIn({ loggerId: '', code: '7K3QX9MZ' });
    fireEvent.click(screen.getByRole('button', { name: en.submit.register }));
    expect(await screen.findByText(en.validation.loggerIdRequired)).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });

  it('puts BINDING_CODE_INVALID under the binding code, in words', async () => {
    fakeApi({ 'POST /api/auth/register': () => json({ detail: 'BINDING_CODE_INVALID' }, 400) });
    renderRoute(<RegisterForm />, { path: PATH });
    await screen.findByRole('button', { name: en.submit.register });
    fillIn({
      email: 'angler@example.com',
      nickname: 'Angler',
      password: 'secret-1',
      confirm: 'secret-1',
      loggerId: 'bird_0123456789abcdefABCDEF',
      code: '7K3QX9MZ',
    });
    fireEvent.click(screen.getByRole('button', { name: en.submit.register }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: en.fields.bindingCode }).getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.getAllByText(en.errors.BINDING_CODE_INVALID).length).toBeGreaterThan(0);
    expect(shownToasts()).toContainEqual(
      expect.objectContaining({ title: en.register.failed, message: en.errors.BINDING_CODE_INVALID }),
    );
  });

  it('after registering goes where the login page would have gone (?redirect= carried from it)', async () => {
    fakeApi({
      'POST /api/auth/register': () => json(USER, 201),
      'POST /api/auth/jwt/login': () => json({ access_token: 'tok-new', token_type: 'bearer' }),
      'GET /api/users/me': () => json(USER),
    });
    const back = encodeURIComponent('/en/user/my-data');
    const { router } = renderRoute(<RegisterForm />, { path: PATH, url: `${PATH}?redirect=${back}` });
    await screen.findByRole('button', { name: en.submit.register });
    expect(screen.getByRole('link', { name: en.register.login }).getAttribute('href')).toBe(
      `/en/user/login?redirect=${back}`,
    );
    fillIn({ email: 'angler@example.com', nickname: 'Angler', password: 'secret-1', confirm: 'secret-1' });
    fireEvent.click(screen.getByRole('button', { name: en.submit.register }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/user/my-data'));
  });

  it("says 'Registration failed' and marks the e-mail when it is taken", async () => {
    fakeApi({ 'POST /api/auth/register': () => json({ detail: 'REGISTER_USER_ALREADY_EXISTS' }, 400) });
    const { router } = renderRoute(<RegisterForm />, { path: PATH });
    await screen.findByRole('button', { name: en.submit.register });
    fillIn({ email: 'angler@example.com', nickname: 'Angler', password: 'secret-1', confirm: 'secret-1' });
    fireEvent.click(screen.getByRole('button', { name: en.submit.register }));

    await waitFor(() =>
      expect(shownToasts()).toContainEqual(
        expect.objectContaining({ title: en.register.failed, message: en.errors.REGISTER_USER_ALREADY_EXISTS }),
      ),
    );
    expect(screen.getByRole('textbox', { name: en.fields.email }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(en.errors.REGISTER_USER_ALREADY_EXISTS)).toBeTruthy();
    expect(router.state.location.pathname).toBe(PATH);
    expect(getSession().token).toBe('');
  });

  it("puts a 422 list's messages under their inputs, translated", async () => {
    fakeApi({
      'POST /api/auth/register': () =>
        json(
          {
            detail: [
              {
                type: 'value_error',
                loc: ['body', 'email'],
                msg: 'value is not a valid email address: The domain name x.invalid does not exist.',
                input: 'a@x.invalid',
              },
            ],
          },
          422,
        ),
    });
    renderRoute(<RegisterForm />, { path: PATH });
    await screen.findByRole('button', { name: en.submit.register });
    fillIn({ email: 'a@x.invalid', nickname: 'Angler', password: 'secret-1', confirm: 'secret-1' });
    fireEvent.click(screen.getByRole('button', { name: en.submit.register }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: en.fields.email }).getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.getByText(en.validation.emailInvalid)).toBeTruthy();
  });
});
