import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { clearSession, getSession, setSession } from '../../../lib/session';
import en from '../../../locales/en/account.json';
import { USER } from '../../../test/fixtures/users';
import { fakeApi, json } from '../../../test/fake-api';
import { renderRoute } from '../../../test/render-route';
import { shownToasts } from '../../../test/toasts';
import { DeleteAccount } from './delete-account';

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => setSession({ token: 'tok', userInfo: USER }));
afterEach(() => clearSession());

const PATH = '/en/user/profile';

async function confirmWith(password: string) {
  fireEvent.click(await screen.findByRole('button', { name: en.deleteAccount.button }));
  const dialog = await screen.findByRole('dialog', { name: en.deleteAccount.confirmTitle });
  fireEvent.change(within(dialog).getByLabelText(en.fields.currentPassword, { selector: 'input' }), {
    target: { value: password },
  });
  fireEvent.click(within(dialog).getByRole('button', { name: en.deleteAccount.confirm }));
  return dialog;
}

describe('DeleteAccount', () => {
  it('says what stays before anything is asked', async () => {
    fakeApi();
    renderRoute(<DeleteAccount />, { path: PATH });
    expect(await screen.findByText(en.deleteAccount.kept)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends the password, ends the session and goes home on success', async () => {
    const api = fakeApi({ 'POST /api/users/me/deletion': () => new Response(null, { status: 204 }) });
    const { router } = renderRoute(<DeleteAccount />, { path: PATH, toasts: true });
    await confirmWith('trout-season-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en'));
    expect(api.requests.at(-1)!.json).toEqual({ current_password: 'trout-season-1' });
    expect(getSession().token).toBe('');
    expect(shownToasts().map((shown) => shown.title ?? shown.message)).toContain(en.deleteAccount.done);
  });

  it('shows a wrong password on its field and keeps the session', async () => {
    fakeApi({
      'POST /api/users/me/deletion': () => json({ detail: 'UPDATE_USER_BAD_CURRENT_PASSWORD' }, 400),
    });
    const { router } = renderRoute(<DeleteAccount />, { path: PATH });
    const dialog = await confirmWith('wrong');
    expect(await within(dialog).findByText(en.errors.UPDATE_USER_BAD_CURRENT_PASSWORD)).toBeTruthy();
    expect(getSession().token).toBe('tok');
    expect(router.state.location.pathname).toBe(PATH);
  });

  it('asks for the password before sending anything', async () => {
    const api = fakeApi();
    renderRoute(<DeleteAccount />, { path: PATH });
    const dialog = await confirmWith('');
    expect(await within(dialog).findByText(en.validation.currentPasswordRequired)).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });
});
