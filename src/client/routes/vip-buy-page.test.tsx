import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { USER } from '../test/fixtures/users';
import { vipStatus } from '../test/fixtures/vip';
import { formatDateTime } from '../lib/format-date';
import { i18n, initI18n } from '../lib/i18n';
import { clearSession, setSession } from '../lib/session';
import en from '../locales/en/vip.json';
import { fakeApi, json } from '../test/fake-api';
import { renderRoute } from '../test/render-route';
import { shownToasts } from '../test/toasts';
import { Component as VipBuyPage } from './vip-buy-page';

const leaveSite = vi.hoisted(() => vi.fn());
vi.mock('../features/vip/leave-site', () => ({ leaveSite }));

const PATH = '/en/vip/buy';
const BUY_ONCE = 'Buy 30 days for 40 USD';
const SUBSCRIBE = 'Subscribe for 40 USD every 30 days';

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces('vip');
});

afterEach(() => {
  clearSession();
  leaveSite.mockReset();
});

describe('VIP buy page', () => {
  it('shows a visitor the benefits, the price and a login button that comes back here, and asks nothing', async () => {
    const api = fakeApi();
    renderRoute(<VipBuyPage />, { path: PATH });

    expect(await screen.findByRole('heading', { level: 1, name: 'Get VIP' })).toBeTruthy();
    for (const benefit of Object.values(en.buy.benefits)) expect(screen.getByText(benefit.title)).toBeTruthy();
    expect(screen.getByText(en.buy.openToAll)).toBeTruthy();
    expect(screen.getByTestId('vip-price').textContent).toBe('40 USD / 30 days');
    const login = screen.getByRole('link', { name: en.buy.login });
    expect(login.getAttribute('href')).toBe('/en/user/login?redirect=%2Fen%2Fvip%2Fbuy');
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.queryByRole('button', { name: BUY_ONCE })).toBeNull();
    expect(api.requests).toHaveLength(0);
  });

  it('lets a user choose one-time or auto-renew, and opens our test checkout inside the app', async () => {
    setSession({ token: 'tok', userInfo: USER });
    const api = fakeApi({
      'GET /api/vip/status': () => json(vipStatus()),
      'GET /api/vip/subscribe': () => json({ order_no: 'VIP-1', checkout_url: '/vip/checkout?order_no=VIP-1' }),
    });
    const { router } = renderRoute(<VipBuyPage />, { path: PATH });

    const group = await screen.findByRole('radiogroup', { name: en.buy.modeLabel });
    const [once, subscription] = within(group).getAllByRole('radio');
    expect(once!.getAttribute('aria-checked')).toBe('true');
    expect(subscription!.textContent).toContain(en.buy.modes.subscription.title);
    expect(screen.queryByText(en.buy.memberTitle)).toBeNull();

    fireEvent.click(subscription!);
    expect(subscription!.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: SUBSCRIBE }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/en/vip/checkout'));
    expect(router.state.location.search).toBe('?order_no=VIP-1');
    const [subscribe] = api.to('GET', '/api/vip/subscribe');
    expect(subscribe!.search.get('mode')).toBe('subscription');
    expect(subscribe!.headers.Authorization).toBe('Bearer tok');
    expect(leaveSite).not.toHaveBeenCalled();
  });

  it("sends the browser to a provider's https checkout", async () => {
    setSession({ token: 'tok', userInfo: USER });
    const api = fakeApi({
      'GET /api/vip/status': () => json(vipStatus({ provider: 'stripe' })),
      'GET /api/vip/subscribe': () =>
        json({ order_no: 'VIP-2', checkout_url: 'https://checkout.stripe.com/c/pay/cs_test_2' }),
    });
    const { router } = renderRoute(<VipBuyPage />, { path: PATH });
    fireEvent.click(await screen.findByRole('button', { name: BUY_ONCE }));

    await waitFor(() => expect(leaveSite).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_2'));
    expect(api.to('GET', '/api/vip/subscribe')[0]!.search.get('mode')).toBe('once');
    expect(router.state.location.pathname).toBe(PATH);
    // Leaving: the button stays busy so the order is not made twice.
    expect(screen.getByRole('button', { name: en.buy.opening })).toBeTruthy();
  });

  it('refuses a checkout address that is neither ours nor https', async () => {
    setSession({ token: 'tok', userInfo: USER });
    fakeApi({
      'GET /api/vip/status': () => json(vipStatus()),
      'GET /api/vip/subscribe': () => json({ order_no: 'VIP-3', checkout_url: 'javascript:alert(1)' }),
    });
    const { router } = renderRoute(<VipBuyPage />, { path: PATH });
    fireEvent.click(await screen.findByRole('button', { name: BUY_ONCE }));
    await waitFor(() =>
      expect(shownToasts()).toContainEqual(
        expect.objectContaining({ title: en.buy.failed, message: en.buy.badCheckout }),
      ),
    );
    expect(leaveSite).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe(PATH);
  });

  it('shows a member the expiry, that buying adds 30 days after it, and no second subscription', async () => {
    const expiry = '2031-02-03T04:05:06Z';
    const renewal = '2031-02-02T04:05:06Z';
    setSession({ token: 'tok', userInfo: { ...USER, is_vip: true, vip_expire_at: expiry } });
    const api = fakeApi({
      'GET /api/vip/status': () =>
        json(vipStatus({ is_vip: true, vip_expire_at: expiry, auto_renew: true, next_renewal_at: renewal })),
      'GET /api/vip/subscribe': () => json({ order_no: 'VIP-4', checkout_url: '/vip/checkout?order_no=VIP-4' }),
    });
    const { router } = renderRoute(<VipBuyPage />, { path: PATH });

    expect(await screen.findByText(en.buy.memberTitle)).toBeTruthy();
    expect(screen.getByText(`Your membership is valid until ${formatDateTime(expiry)}.`)).toBeTruthy();
    expect(screen.getByText('Buying now adds 30 days after that date.')).toBeTruthy();
    expect(
      await screen.findByText(`Auto-renew is on: the next renewal is due on ${formatDateTime(renewal)}.`),
    ).toBeTruthy();
    const subscription = screen.getAllByRole('radio')[1]!;
    expect((subscription as HTMLButtonElement).disabled).toBe(true);
    expect(subscription.textContent).toContain(en.buy.modes.subscription.alreadyOn);

    fireEvent.click(screen.getByRole('button', { name: BUY_ONCE }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/vip/checkout'));
    expect(api.to('GET', '/api/vip/subscribe')[0]!.search.get('mode')).toBe('once');
  });

  it('says why a purchase could not start, and stays', async () => {
    setSession({ token: 'tok', userInfo: USER });
    fakeApi({
      'GET /api/vip/status': () => json(vipStatus()),
      'GET /api/vip/subscribe': () => json({ detail: 'PAYMENT_PROVIDER_UNAVAILABLE' }, 503),
    });
    const { router } = renderRoute(<VipBuyPage />, { path: PATH });
    fireEvent.click(await screen.findByRole('button', { name: BUY_ONCE }));
    await waitFor(() =>
      expect(shownToasts()).toContainEqual(
        expect.objectContaining({ title: en.buy.failed, message: en.errors.PAYMENT_PROVIDER_UNAVAILABLE }),
      ),
    );
    expect(router.state.location.pathname).toBe(PATH);
    expect(screen.getByRole('button', { name: BUY_ONCE })).toBeTruthy();
  });

  it('says a subscription already runs (another tab) in words, and turns the option off from the new status', async () => {
    setSession({ token: 'tok', userInfo: USER });
    let subscribed = false;
    fakeApi({
      'GET /api/vip/status': () =>
        json(
          subscribed
            ? vipStatus({
                is_vip: true,
                vip_expire_at: '2031-02-03T04:05:06Z',
                auto_renew: true,
                next_renewal_at: '2031-02-03T04:05:06Z',
              })
            : vipStatus(),
        ),
      'GET /api/vip/subscribe': () => {
        subscribed = true;
        return json({ detail: 'VIP_ALREADY_SUBSCRIBED' }, 409);
      },
    });
    const { router } = renderRoute(<VipBuyPage />, { path: PATH });
    fireEvent.click(await screen.findByRole('radio', { name: new RegExp(en.buy.modes.subscription.title) }));
    fireEvent.click(screen.getByRole('button', { name: SUBSCRIBE }));

    await waitFor(() =>
      expect(shownToasts()).toContainEqual(
        expect.objectContaining({ title: en.buy.failed, message: en.errors.VIP_ALREADY_SUBSCRIBED }),
      ),
    );
    expect(await screen.findByText(en.buy.modes.subscription.alreadyOn)).toBeTruthy();
    const [once, subscription] = screen.getAllByRole('radio');
    expect((subscription as HTMLButtonElement).disabled).toBe(true);
    expect(once!.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('button', { name: BUY_ONCE })).toBeTruthy();
    expect(router.state.location.pathname).toBe(PATH);
  });

  it('says too many purchases a minute in the page language, not as a code', async () => {
    setSession({ token: 'tok', userInfo: USER });
    fakeApi({
      'GET /api/vip/status': () => json(vipStatus()),
      'GET /api/vip/subscribe': () => json({ detail: 'RATE_LIMITED' }, 429),
    });
    renderRoute(<VipBuyPage />, { path: PATH });
    fireEvent.click(await screen.findByRole('button', { name: BUY_ONCE }));
    await waitFor(() =>
      expect(shownToasts()).toContainEqual(
        expect.objectContaining({ title: en.buy.failed, message: en.errors.RATE_LIMITED }),
      ),
    );
  });
});
