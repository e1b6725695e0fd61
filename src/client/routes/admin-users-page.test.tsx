import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../lib/i18n';
import { clearSession, setSession } from '../lib/session';
import en from '../locales/en/admin.json';
import { fakeApi, json } from '../test/fake-api';
import { OPERATOR, PLAYER, PLAYER_DETAIL } from '../test/fixtures/admin';
import { renderRoute } from '../test/render-route';
import { clearToasts } from '../test/toasts';
import { Component as AdminUsersPage } from './admin-users-page';

const PATH = '/en/admin/users';

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces(['admin']);
});
afterEach(() => {
  clearSession();
  clearToasts();
});

// The console's first render (Mantine's selects and dialogs in jsdom) is slow on a loaded machine.
describe('/admin/users', { timeout: 15_000 }, () => {
  it('searches by the words in the URL, opens a user, and grants VIP days only with a reason', async () => {
    setSession({ token: 'boss', userInfo: OPERATOR });
    let vip: string | null = null;
    const detail = () => json({ ...PLAYER_DETAIL, user: { ...PLAYER, vip_expire_at: vip, is_vip: vip !== null } });
    const api = fakeApi({
      'GET /api/admin/users': () => json({ items: [PLAYER], total: 1, page: 1, page_size: 20 }),
      [`GET /api/admin/users/${PLAYER.id}`]: detail,
      [`POST /api/admin/users/${PLAYER.id}/vip`]: () => {
        vip = '2026-12-01T00:00:00.000Z';
        return json({ user: { ...PLAYER, vip_expire_at: vip, is_vip: true }, audit_id: 3 });
      },
    });
    renderRoute(<AdminUsersPage />, { path: PATH, url: `${PATH}?q=pike` });
    const row = await screen.findByTestId('user-row');
    expect(api.to('GET', '/api/admin/users')[0]!.url).toContain('q=pike');
    fireEvent.click(row);

    const panel = await screen.findByRole('region', { name: PLAYER.nickname });
    expect(within(panel).getByTestId('vip-until').textContent).toBe(en.users.never);
    fireEvent.click(within(panel).getByRole('button', { name: en.users.grantVip }));
    const dialog = await screen.findByRole('dialog');
    const grant = within(dialog).getByRole('button', { name: en.users.grant });
    expect((grant as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(en.users.days, { exact: false }), { target: { value: '10' } });
    fireEvent.change(within(dialog).getByLabelText(en.confirm.reasonRequired, { exact: false }), {
      target: { value: 'Spring contest prize' },
    });
    expect((grant as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(grant);
    await waitFor(() => expect(within(panel).getByTestId('vip-until').textContent).not.toBe(en.users.never));
    expect(api.to('POST', `/api/admin/users/${PLAYER.id}/vip`)[0]!.json).toEqual({
      days: 10,
      reason: 'Spring contest prize',
    });
  });
});
