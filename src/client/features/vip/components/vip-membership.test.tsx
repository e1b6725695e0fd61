import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/format-date';
import { i18n, initI18n } from '../../../lib/i18n';
import { clearSession, setSession } from '../../../lib/session';
import en from '../../../locales/en/vip.json';
import { fakeApi, json } from '../../../test/fake-api';
import { renderRoute } from '../../../test/render-route';
import { shownToasts } from '../../../test/toasts';
import { USER } from '../../../test/fixtures/users';
import { vipStatus } from '../../../test/fixtures/vip';
import { VipMembership } from './vip-membership';

const PATH = '/en/user';
const EXPIRY = '2031-02-03T04:05:06Z';
const RENEWAL = '2031-02-02T04:05:06Z';
const MEMBER = { ...USER, is_vip: true, vip_expire_at: EXPIRY };
const SUBSCRIBED = vipStatus({ is_vip: true, vip_expire_at: EXPIRY, auto_renew: true, next_renewal_at: RENEWAL });

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces('vip');
});

afterEach(() => {
  clearSession();
});

describe('user centre VIP section', () => {
  it('shows a member the expiry as YYYY-MM-DD HH:mm:ss, auto-renew on with the next renewal, and the orders', async () => {
    setSession({ token: 'tok', userInfo: MEMBER });
    fakeApi({ 'GET /api/vip/status': () => json(SUBSCRIBED) });
    renderRoute(<VipMembership user={MEMBER} />, { path: PATH });

    expect(screen.getByRole('heading', { level: 2, name: en.membership.title })).toBeTruthy();
    expect(screen.getByText(`Valid until ${formatDateTime(EXPIRY)}`)).toBeTruthy();
    expect(formatDateTime(EXPIRY)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await waitFor(() => expect(screen.getByTestId('auto-renew').textContent).toBe(en.membership.autoRenewOn));
    expect(screen.getByText(`Next renewal: ${formatDateTime(RENEWAL)}`)).toBeTruthy();
    expect(screen.getByRole('link', { name: en.membership.orders }).getAttribute('href')).toBe('/en/user/orders');
    expect(screen.getByRole('link', { name: en.membership.extend }).getAttribute('href')).toBe('/en/vip/buy');
    expect(screen.queryByRole('link', { name: en.membership.getVip })).toBeNull();
  });

  it('cancels auto-renew after a confirmation, and shows it off', async () => {
    setSession({ token: 'tok', userInfo: MEMBER });
    const api = fakeApi({
      'GET /api/vip/status': () => json(SUBSCRIBED),
      'POST /api/vip/cancel': () => json({ ...SUBSCRIBED, auto_renew: false, next_renewal_at: null }),
    });
    renderRoute(<VipMembership user={MEMBER} />, { path: PATH });

    // Keeping it sends nothing.
    fireEvent.click(await screen.findByRole('button', { name: en.membership.cancel }));
    expect(
      await screen.findByText(`Your membership will not renew. You stay a VIP member until ${formatDateTime(EXPIRY)}.`),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en.membership.keep }));
    await waitFor(() => expect(screen.queryByRole('button', { name: en.membership.confirm })).toBeNull());
    expect(api.to('POST', '/api/vip/cancel')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: en.membership.cancel }));
    fireEvent.click(await screen.findByRole('button', { name: en.membership.confirm }));

    await waitFor(() => expect(screen.getByTestId('auto-renew').textContent).toBe(en.membership.autoRenewOff));
    expect(api.to('POST', '/api/vip/cancel')).toHaveLength(1);
    expect(api.to('POST', '/api/vip/cancel')[0]!.headers.Authorization).toBe('Bearer tok');
    expect(screen.queryByRole('button', { name: en.membership.cancel })).toBeNull();
    expect(shownToasts()).toContainEqual(
      expect.objectContaining({
        title: en.membership.canceled,
        message: `You stay a VIP member until ${formatDateTime(EXPIRY)}.`,
      }),
    );
    // The expiry stays.
    expect(screen.getByText(`Valid until ${formatDateTime(EXPIRY)}`)).toBeTruthy();
  });

  it('says why cancelling failed and shows what the server knows now', async () => {
    setSession({ token: 'tok', userInfo: MEMBER });
    let status = SUBSCRIBED;
    fakeApi({
      'GET /api/vip/status': () => json(status),
      'POST /api/vip/cancel': () => {
        // The subscription ended elsewhere meanwhile.
        status = { ...SUBSCRIBED, auto_renew: false, next_renewal_at: null };
        return json({ detail: 'VIP_NO_SUBSCRIPTION' }, 409);
      },
    });
    renderRoute(<VipMembership user={MEMBER} />, { path: PATH });
    fireEvent.click(await screen.findByRole('button', { name: en.membership.cancel }));
    fireEvent.click(await screen.findByRole('button', { name: en.membership.confirm }));

    await waitFor(() =>
      expect(shownToasts()).toContainEqual(
        expect.objectContaining({ title: en.membership.cancelFailed, message: en.errors.VIP_NO_SUBSCRIPTION }),
      ),
    );
    await waitFor(() => expect(screen.getByTestId('auto-renew').textContent).toBe(en.membership.autoRenewOff));
  });

  it('offers VIP to a user who is not a member, auto-renew off', async () => {
    setSession({ token: 'tok', userInfo: USER });
    fakeApi({ 'GET /api/vip/status': () => json(vipStatus()) });
    renderRoute(<VipMembership user={USER} />, { path: PATH });
    expect(screen.getByText(en.membership.notVip)).toBeTruthy();
    expect(screen.getByRole('link', { name: en.membership.getVip }).getAttribute('href')).toBe('/en/vip/buy');
    await waitFor(() => expect(screen.getByTestId('auto-renew').textContent).toBe(en.membership.autoRenewOff));
    expect(screen.queryByRole('button', { name: en.membership.cancel })).toBeNull();
  });

  it('says the auto-renew setting could not be loaded, and retries', async () => {
    setSession({ token: 'tok', userInfo: MEMBER });
    let fail = true;
    fakeApi({ 'GET /api/vip/status': () => (fail ? json({ detail: 'boom' }, 500) : json(SUBSCRIBED)) });
    renderRoute(<VipMembership user={MEMBER} />, { path: PATH });
    expect(await screen.findByText(en.membership.statusFailed)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: en.membership.retry }));
    await waitFor(() => expect(screen.getByTestId('auto-renew').textContent).toBe(en.membership.autoRenewOn));
  });
});
