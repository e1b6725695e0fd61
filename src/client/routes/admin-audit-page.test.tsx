import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../lib/i18n';
import { clearSession, setSession } from '../lib/session';
import en from '../locales/en/admin.json';
import common from '../locales/en/common.json';
import { fakeApi, json } from '../test/fake-api';
import { auditEntry, OPERATOR, pageOf } from '../test/fixtures/admin';
import { USER } from '../test/fixtures/users';
import { renderRoute } from '../test/render-route';
import { clearToasts, shownToasts } from '../test/toasts';
import { Component as AdminAuditPage } from './admin-audit-page';

const PATH = '/en/admin/audit';

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces(['admin']);
});
afterEach(() => {
  clearSession();
  clearToasts();
});

// The console's first render (Mantine's selects and dialogs in jsdom) is slow on a loaded machine.
describe('/admin/audit', { timeout: 15_000 }, () => {
  it('is the not-found page for a player, who asks nothing of the console API', async () => {
    setSession({ token: 'tok', userInfo: USER });
    const api = fakeApi();
    renderRoute(<AdminAuditPage />, { path: PATH });
    expect(await screen.findByRole('heading', { name: common.notFound.title })).toBeTruthy();
    expect(api.requests.filter((r) => r.path.startsWith('/api/admin'))).toEqual([]);
  });

  it('lists each action with its reason and operator; its fields before and after on demand', async () => {
    setSession({ token: 'boss', userInfo: OPERATOR });
    const api = fakeApi({ 'GET /api/admin/audit': () => json(pageOf([auditEntry(7)])) });
    renderRoute(<AdminAuditPage />, { path: PATH, url: `${PATH}?action=vip.grant` });
    const row = await screen.findByTestId('audit-row');
    expect(within(row).getByText(en.actions.vip.grant)).toBeTruthy();
    expect(within(row).getByText('“Spring contest prize”')).toBeTruthy();
    expect(row.textContent).toContain(OPERATOR.email);
    expect(api.to('GET', '/api/admin/audit')[0]!.url).toContain('action=vip.grant');
    fireEvent.click(within(row).getByRole('button', { name: en.audit.details }));
    expect(await within(row).findByText('vip_expire_at')).toBeTruthy();
    expect(within(row).getByText('2026-11-30T08:00:00.000Z')).toBeTruthy();
  });

  it('reverts with the password: a wrong one is said in the dialog, the right one reverts and reloads', async () => {
    setSession({ token: 'boss', userInfo: OPERATOR });
    let reverted = false;
    const api = fakeApi({
      'GET /api/admin/audit': () => json(pageOf([auditEntry(7, reverted ? { reverted_by: 8 } : {})])),
      'POST /api/admin/audit/7/revert': (request) => {
        if ((request.json as { current_password: string }).current_password !== 'right')
          return json({ detail: 'ADMIN_BAD_CURRENT_PASSWORD' }, 403);
        reverted = true;
        return json({ revert: auditEntry(8, { action: 'audit.revert', reverts: 7 }), reverted: auditEntry(7) });
      },
    });
    renderRoute(<AdminAuditPage />, { path: PATH });
    const row = await screen.findByTestId('audit-row');
    fireEvent.click(within(row).getByRole('button', { name: 'Revert action #7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revert action #7?' });
    const confirm = within(dialog).getByRole('button', { name: en.audit.revert });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(en.confirm.password, { exact: false }), {
      target: { value: 'wrong' },
    });
    fireEvent.click(confirm);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(en.errors.ADMIN_BAD_CURRENT_PASSWORD);

    fireEvent.change(within(dialog).getByLabelText(en.confirm.password, { exact: false }), {
      target: { value: 'right' },
    });
    fireEvent.change(within(dialog).getByLabelText(en.confirm.reason), { target: { value: 'by mistake' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.getByTestId('reverted-badge')).toBeTruthy());
    expect(api.to('POST', '/api/admin/audit/7/revert').at(-1)!.json).toEqual({
      current_password: 'right',
      reason: 'by mistake',
    });
    expect(shownToasts().map((toast) => toast.title ?? toast.message)).toContain(en.audit.reverted);
  });
});
