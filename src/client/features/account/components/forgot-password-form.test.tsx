import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import en from '../../../locales/en/account.json';
import { fakeApi, json } from '../../../test/fake-api';
import { renderRoute } from '../../../test/render-route';
import { shownToasts } from '../../../test/toasts';
import { ForgotPasswordForm } from './forgot-password-form';

const PATH = '/en/user/forget-pwd';

async function send(email: string) {
  fireEvent.change(await screen.findByRole('textbox', { name: en.fields.email }), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: en.submit.sendEmail }));
}

beforeAll(async () => {
  await initI18n('en');
});

describe('ForgotPasswordForm', () => {
  it("sends the address in the page's language and says so on the page and in a toast", async () => {
    const api = fakeApi({ 'POST /api/auth/forgot-password': () => json(null, 202) });
    renderRoute(<ForgotPasswordForm />, { path: PATH });
    await send('angler@example.com');
    const heading = await screen.findByRole('heading', { name: 'Reset e-mail sent' });
    // The form and its button are gone: focus goes to the result instead of being lost.
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(shownToasts()).toContainEqual(expect.objectContaining({ message: en.forgot.sent }));
    const [request] = api.to('POST', '/api/auth/forgot-password');
    expect(request!.json).toEqual({ email: 'angler@example.com' });
    // The server writes the e-mail in this language.
    expect(request!.headers['Accept-Language']).toBe('en');
  });

  it("says 'The e-mail could not be sent' with the reason", async () => {
    fakeApi({ 'POST /api/auth/forgot-password': () => json({ detail: 'RATE_LIMITED' }, 429) });
    renderRoute(<ForgotPasswordForm />, { path: PATH });
    await send('angler@example.com');
    await waitFor(() =>
      expect(shownToasts()).toContainEqual(
        expect.objectContaining({ title: 'The e-mail could not be sent', message: en.errors.RATE_LIMITED }),
      ),
    );
    expect(screen.queryByRole('heading', { name: en.forgot.sent })).toBeNull();
  });
});
