import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { USER } from '../test/fixtures/users';
import { order } from '../test/fixtures/vip';
import { i18n, initI18n } from '../lib/i18n';
import { clearSession, setSession } from '../lib/session';
import en from '../locales/en/vip.json';
import { fakeApi, json } from '../test/fake-api';
import { renderRoute } from '../test/render-route';
import { shownToasts } from '../test/toasts';
import { Component as CheckoutPage } from './vip-checkout-page';

const ORDER = order({ order_no: 'VIP-9', mode: 'subscription' });
const PATH = '/en/vip/checkout';
const URL = `${PATH}?order_no=VIP-9`;
const CHECKOUT = '/api/vip/local-checkout/VIP-9';

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces('vip');
});

afterEach(() => {
  clearSession();
});

describe('local test checkout', () => {
  it('is clearly a test payment and shows the order', async () => {
    setSession({ token: 'tok', userInfo: USER });
    const api = fakeApi({ 'GET /api/order/VIP-9': () => json(ORDER) });
    renderRoute(<CheckoutPage />, { path: PATH, url: URL });

    expect(await screen.findByText(en.checkout.testTitle)).toBeTruthy();
    expect(screen.getByText(en.checkout.testText)).toBeTruthy();
    const summary = screen.getByRole('region', { name: en.checkout.summaryTitle });
    expect(within(summary).getByText(en.checkout.testBadge)).toBeTruthy();
    expect(within(summary).getByText('VIP-9')).toBeTruthy();
    expect(within(summary).getByText('40 USD')).toBeTruthy();
    expect(within(summary).getByText(en.mode.subscription)).toBeTruthy();
    const actions = screen.getByRole('group', { name: en.checkout.actionsLabel });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([en.checkout.pay, en.checkout.fail, en.checkout.cancel]);
    expect(api.to('GET', '/api/order/VIP-9')[0]!.headers.Authorization).toBe('Bearer tok');
  });

  it.each([
    ['pay', en.checkout.pay, 'paid'],
    ['fail', en.checkout.fail, 'failed'],
    ['cancel', en.checkout.cancel, 'canceled'],
  ] as const)(
    '%s: sends the outcome and replaces the checkout with the result page',
    async (outcome, label, status) => {
      setSession({ token: 'tok', userInfo: USER });
      const api = fakeApi({
        'GET /api/order/VIP-9': () => json(ORDER),
        [`POST ${CHECKOUT}`]: () => json({ ...ORDER, status }),
      });
      const { router } = renderRoute(<CheckoutPage />, { path: PATH, url: URL });
      fireEvent.click(await screen.findByRole('button', { name: label }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/en/vip/result'));
      expect(router.state.location.search).toBe('?order_no=VIP-9');
      expect(router.state.historyAction).toBe('REPLACE');
      expect(api.to('POST', CHECKOUT)).toHaveLength(1);
      expect(api.to('POST', CHECKOUT)[0]!.json).toEqual({ outcome });
    },
  );

  it('goes to the result when the order was settled meanwhile (409 ORDER_NOT_PENDING)', async () => {
    setSession({ token: 'tok', userInfo: USER });
    fakeApi({
      'GET /api/order/VIP-9': () => json(ORDER),
      [`POST ${CHECKOUT}`]: () => json({ detail: 'ORDER_NOT_PENDING' }, 409),
    });
    const { router } = renderRoute(<CheckoutPage />, { path: PATH, url: URL });
    fireEvent.click(await screen.findByRole('button', { name: en.checkout.pay }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/vip/result'));
  });

  it('stays and says so when the outcome cannot be sent', async () => {
    setSession({ token: 'tok', userInfo: USER });
    fakeApi({
      'GET /api/order/VIP-9': () => json(ORDER),
      [`POST ${CHECKOUT}`]: () => json({ detail: 'PAYMENT_PROVIDER_UNAVAILABLE' }, 503),
    });
    const { router } = renderRoute(<CheckoutPage />, { path: PATH, url: URL });
    fireEvent.click(await screen.findByRole('button', { name: en.checkout.pay }));
    await waitFor(() =>
      expect(shownToasts()).toContainEqual(
        expect.objectContaining({ title: en.checkout.failed, message: en.errors.PAYMENT_PROVIDER_UNAVAILABLE }),
      ),
    );
    expect(router.state.location.pathname).toBe(PATH);
    expect((screen.getByRole('button', { name: en.checkout.pay }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('offers the result instead of the buttons for an order that is no longer pending', async () => {
    setSession({ token: 'tok', userInfo: USER });
    fakeApi({ 'GET /api/order/VIP-9': () => json({ ...ORDER, status: 'paid' }) });
    renderRoute(<CheckoutPage />, { path: PATH, url: URL });
    expect(await screen.findByText(en.checkout.notPendingTitle)).toBeTruthy();
    expect(screen.getByText('Its status is now: Paid.')).toBeTruthy();
    expect(screen.getByRole('link', { name: en.checkout.viewResult }).getAttribute('href')).toBe(
      '/en/vip/result?order_no=VIP-9',
    );
    expect(screen.queryByRole('button', { name: en.checkout.pay })).toBeNull();
  });

  it("says when the order is not the user's, and links the orders", async () => {
    setSession({ token: 'tok', userInfo: USER });
    fakeApi({ 'GET /api/order/VIP-9': () => json({ detail: 'ORDER_NOT_FOUND' }, 404) });
    renderRoute(<CheckoutPage />, { path: PATH, url: URL });
    expect(await screen.findByRole('heading', { name: en.result.notFoundTitle })).toBeTruthy();
    expect(screen.getByRole('link', { name: en.result.toOrders }).getAttribute('href')).toBe('/en/user/orders');
  });

  it('sends a visitor to the login page and back', async () => {
    fakeApi();
    const { router } = renderRoute(<CheckoutPage />, { path: PATH, url: URL });
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/user/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent(URL)}`);
  });
});
