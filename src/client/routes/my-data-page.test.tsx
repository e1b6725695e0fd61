import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { USER } from '../test/fixtures/users';
import { initI18n } from '../lib/i18n';
import { clearSession, getSession, setSession } from '../lib/session';
import en from '../locales/en/account.json';
import { fakeApi, json } from '../test/fake-api';
import { renderRoute } from '../test/render-route';
import { shownToasts } from '../test/toasts';
import { Component as MyDataPage } from './my-data-page';

const PATH = '/en/user/my-data';
const LOGGER_ID = 'bird_0123456789abcdefABCDEF';
const BIND = '/api/c_report/user/bind_client_id';

/** Types the logger id and the binding code the logger shows, and presses Bind. */
async function bind(id: string, code = '7K3QX9MZ') {
  fireEvent.change(await screen.findByRole('textbox', { name: en.myData.loggerId }), { target: { value: id } });
  fireEvent.change(screen.getByRole('textbox', { name: en.myData.bindingCode }), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: en.myData.bind }));
}

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  setSession({ token: 'tok', userInfo: USER });
});

afterEach(() => {
  clearSession();
});

describe('my data page', () => {
  it('asks for the logger id and the binding code, saying where the logger shows them', async () => {
    const api = fakeApi();
    renderRoute(<MyDataPage />, { path: PATH });
    expect(await screen.findByText(en.myData.birdIntro)).toBeTruthy();
    expect(screen.getByText(en.myData.loggerIdHint)).toBeTruthy();
    expect(screen.getByText(en.myData.bindingCodeHint)).toBeTruthy();
    const code = screen.getByRole('textbox', { name: en.myData.bindingCode });
    expect(code.getAttribute('placeholder')).toBe(en.fields.bindingCodePlaceholder);

    // Nothing is sent without a code, or with one of the wrong length.
    await bind(LOGGER_ID, '');
    expect(await screen.findByText(en.validation.bindingCodeRequired)).toBeTruthy();
    await bind(LOGGER_ID, '7K3');
    expect(await screen.findByText(en.validation.bindingCodeLength)).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(api.requests).toHaveLength(0);
  });

  it("binds a logger id with its code, says 'Logger bound' and then shows the bound id", async () => {
    const api = fakeApi({ [`POST ${BIND}`]: () => json({ ...USER, client_id: LOGGER_ID }) });
    renderRoute(<MyDataPage />, { path: PATH });
    await bind(` ${LOGGER_ID} `, ' 7k3q-x9mz ');

    expect((await screen.findByTestId('bound-logger-id')).textContent).toBe(LOGGER_ID);
    expect(shownToasts()).toContainEqual(expect.objectContaining({ message: 'Logger bound' }));
    expect(api.to('POST', BIND)[0]!.json).toEqual({ client_id: LOGGER_ID, code: '7k3q-x9mz' });
    expect(getSession().userInfo?.client_id).toBe(LOGGER_ID);
    expect(screen.getByRole('button', { name: en.myData.copy })).toBeTruthy();
  });

  it('explains a wrong, used or expired binding code (400 BINDING_CODE_INVALID) under the code', async () => {
    fakeApi({ [`POST ${BIND}`]: () => json({ detail: 'BINDING_CODE_INVALID' }, 400) });
    renderRoute(<MyDataPage />, { path: PATH });
    await bind(LOGGER_ID);

    const code = screen.getByRole('textbox', { name: en.myData.bindingCode });
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('textbox', { name: en.myData.loggerId }).getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.getByText(en.errors.BINDING_CODE_INVALID)).toBeTruthy();
    expect(shownToasts()).toContainEqual(
      expect.objectContaining({ title: en.myData.bindFailed, message: en.errors.BINDING_CODE_INVALID }),
    );
    expect(getSession().userInfo?.client_id).toBeNull();
  });

  it('explains a logger id bound to another account (409) under the input', async () => {
    fakeApi({ [`POST ${BIND}`]: () => json({ detail: 'CLIENT_ALREADY_BOUND' }, 409) });
    renderRoute(<MyDataPage />, { path: PATH });
    await bind(LOGGER_ID);

    const input = screen.getByRole('textbox', { name: en.myData.loggerId });
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(en.errors.CLIENT_ALREADY_BOUND)).toBeTruthy();
    expect(shownToasts()).toContainEqual(
      expect.objectContaining({ title: en.myData.bindFailed, message: en.errors.CLIENT_ALREADY_BOUND }),
    );
    expect(getSession().userInfo?.client_id).toBeNull();
  });

  it('explains an unknown logger id (404)', async () => {
    fakeApi({ [`POST ${BIND}`]: () => json({ detail: 'CLIENT_NOT_FOUND' }, 404) });
    renderRoute(<MyDataPage />, { path: PATH });
    await bind('bird_doesnotexist');
    expect(await screen.findByText(en.errors.CLIENT_NOT_FOUND)).toBeTruthy();
  });

  it('unbinds after a confirmation', async () => {
    setSession({ token: 'tok', userInfo: { ...USER, client_id: LOGGER_ID } });
    const api = fakeApi({ [`DELETE ${BIND}`]: () => json({ ...USER, client_id: null }) });
    renderRoute(<MyDataPage />, { path: PATH });
    fireEvent.click(await screen.findByRole('button', { name: en.myData.unbind }));
    const dialog = await screen.findByRole('dialog', { name: en.myData.unbindTitle });
    expect(api.to('DELETE', BIND)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: en.myData.unbindConfirm }));

    expect(await screen.findByRole('textbox', { name: en.myData.loggerId })).toBeTruthy();
    expect(api.to('DELETE', BIND)).toHaveLength(1);
    expect(getSession().userInfo?.client_id).toBeNull();
  });

  it('shows an honest empty state for the personal stats', async () => {
    fakeApi();
    renderRoute(<MyDataPage />, { path: PATH });
    const stats = (await screen.findByRole('heading', { name: en.myData.statsTitle })).closest('section')!;
    expect(within(stats).getByText(en.myData.statsEmpty)).toBeTruthy();
    expect(within(stats).queryByText(/\d/)).toBeNull();
  });

  it('sends a visitor to the login page and back', async () => {
    clearSession();
    fakeApi();
    const { router } = renderRoute(<MyDataPage />, { path: PATH });
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/user/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent(PATH)}`);
  });
});
