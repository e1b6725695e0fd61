import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER } from '../test/fixtures/users';
import { PaymentResult } from '../features/vip/components/payment-result';
import { order, PAID_KEY, paidOrder } from '../test/fixtures/vip';
import { formatDateTime } from '../lib/format-date';
import { i18n, initI18n } from '../lib/i18n';
import { clearSession, getSession, setSession } from '../lib/session';
import en from '../locales/en/vip.json';
import { fakeApi, json } from '../test/fake-api';
import { renderRoute } from '../test/render-route';
import { shownToasts } from '../test/toasts';
import { Component as ResultPage } from './vip-result-page';

const NO = 'VIP20260101ABCDEF';
const PATH = '/en/vip/result';
const URL = `${PATH}?order_no=${NO}`;
const ORDER_PATH = `/api/order/${NO}`;
const NEW_EXPIRY = '2026-03-02T08:09:30.000Z';

const writeText = vi.fn(async (_text: string) => {});

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces('vip');
});

beforeEach(() => {
  setSession({ token: 'tok', userInfo: USER });
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

afterEach(() => {
  clearSession();
  writeText.mockClear();
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('VIP result page', () => {
  it('follows a pending order until it is paid, then shows the new expiry and the key, and refreshes the user', async () => {
    let asked = 0;
    const api = fakeApi({
      // The webhook lands between the second and the third look.
      [`GET ${ORDER_PATH}`]: () => json((asked += 1) < 3 ? order() : paidOrder()),
      'GET /api/users/me': () => json({ ...USER, is_vip: true, vip_expire_at: NEW_EXPIRY }),
    });
    renderRoute(<ResultPage />, { path: PATH, url: URL });

    expect(await screen.findByText(en.result.pendingTitle)).toBeTruthy();
    expect(api.to('GET', '/api/users/me')).toHaveLength(0);

    const title = await screen.findByRole('heading', { name: en.result.paidTitle }, { timeout: 8000 });
    expect(api.to('GET', ORDER_PATH)).toHaveLength(3);
    expect(screen.getByTestId('activation-key').textContent).toBe(PAID_KEY);
    // The focus moves to the outcome, which replaced the waiting state.
    expect(document.activeElement).toBe(title);

    await waitFor(() => expect(getSession().userInfo?.is_vip).toBe(true));
    expect(api.to('GET', '/api/users/me')).toHaveLength(1);
    expect(getSession().userInfo?.vip_expire_at).toBe(NEW_EXPIRY);
    await waitFor(() =>
      expect(screen.getByTestId('vip-expiry').textContent).toBe(
        `Welcome to VIP! Your membership is valid until ${formatDateTime(NEW_EXPIRY)}.`,
      ),
    );
    const partner = screen.getByRole('link', { name: en.orders.partnerLinkLabel });
    expect(partner.getAttribute('href')).toBe('https://partner.example/activate');
    expect(partner.getAttribute('target')).toBe('_blank');
    expect(partner.getAttribute('rel')).toContain('noopener');

    fireEvent.click(screen.getByRole('button', { name: en.key.copy }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(PAID_KEY));
    expect(await screen.findByRole('button', { name: en.key.copied })).toBeTruthy();
    expect(shownToasts()).toContainEqual(expect.objectContaining({ message: en.key.copiedToast }));

    // Paid: the polling has stopped.
    const looks = api.to('GET', ORDER_PATH).length;
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(api.to('GET', ORDER_PATH)).toHaveLength(looks);
  }, 15_000);

  it('shows a failed payment with the way to try again', async () => {
    const api = fakeApi({ [`GET ${ORDER_PATH}`]: () => json(order({ status: 'failed' })) });
    renderRoute(<ResultPage />, { path: PATH, url: URL });
    expect(await screen.findByRole('heading', { name: en.result.failedTitle })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(en.result.failedText);
    expect(screen.getByRole('link', { name: en.result.tryAgain }).getAttribute('href')).toBe('/en/vip/buy');
    expect(screen.getByRole('link', { name: en.result.toOrders }).getAttribute('href')).toBe('/en/user/orders');
    expect(api.to('GET', '/api/users/me')).toHaveLength(0);
  });

  it('shows a canceled payment', async () => {
    fakeApi({ [`GET ${ORDER_PATH}`]: () => json(order({ status: 'canceled' })) });
    renderRoute(<ResultPage />, { path: PATH, url: URL });
    expect(await screen.findByRole('heading', { name: en.result.canceledTitle })).toBeTruthy();
    expect(screen.getByText(en.result.canceledText)).toBeTruthy();
    expect(screen.getByRole('link', { name: en.result.tryAgain })).toBeTruthy();
  });

  it('shows an order whose checkout expired unpaid, with the way to buy again (issue 26)', async () => {
    fakeApi({ [`GET ${ORDER_PATH}`]: () => json(order({ status: 'expired' })) });
    renderRoute(<ResultPage />, { path: PATH, url: URL });
    expect(await screen.findByRole('heading', { name: en.result.expiredTitle })).toBeTruthy();
    expect(screen.getByText(en.result.expiredText)).toBeTruthy();
    expect(screen.getByRole('link', { name: en.result.tryAgain }).getAttribute('href')).toBe('/en/vip/buy');
  });

  it('shows a refunded order and refreshes the user, whose days were taken back', async () => {
    const api = fakeApi({
      [`GET ${ORDER_PATH}`]: () => json(paidOrder({ status: 'refunded', activation_key: null })),
      'GET /api/users/me': () => json(USER),
    });
    renderRoute(<ResultPage />, { path: PATH, url: URL });
    expect(await screen.findByRole('heading', { name: en.result.refundedTitle })).toBeTruthy();
    await waitFor(() => expect(api.to('GET', '/api/users/me')).toHaveLength(1));
    expect(screen.queryByTestId('activation-key')).toBeNull();
  });

  it("says so for an order that is not the user's, with the way to the orders", async () => {
    fakeApi({ [`GET ${ORDER_PATH}`]: () => json({ detail: 'ORDER_NOT_FOUND' }, 404) });
    renderRoute(<ResultPage />, { path: PATH, url: URL });
    expect(await screen.findByRole('heading', { name: en.result.notFoundTitle })).toBeTruthy();
    expect(screen.getByRole('link', { name: en.result.toOrders }).getAttribute('href')).toBe('/en/user/orders');
  });

  it('says so without an order number, asking nothing', async () => {
    const api = fakeApi();
    renderRoute(<ResultPage />, { path: PATH, url: PATH });
    expect(await screen.findByRole('heading', { name: en.result.missingTitle })).toBeTruthy();
    expect(screen.getByRole('link', { name: en.result.toOrders })).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });

  it('offers a retry when the order cannot be loaded', async () => {
    let fail = true;
    fakeApi({
      [`GET ${ORDER_PATH}`]: () => (fail ? json({ detail: 'boom' }, 500) : json(order({ status: 'failed' }))),
    });
    renderRoute(<ResultPage />, { path: PATH, url: URL });
    expect(await screen.findByText(en.result.loadFailed)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: en.result.retry }));
    expect(await screen.findByRole('heading', { name: en.result.failedTitle })).toBeTruthy();
  });

  it('stops after its time limit with "still processing" and the orders, and can look again', async () => {
    let status: 'pending' | 'paid' = 'pending';
    const api = fakeApi({
      [`GET ${ORDER_PATH}`]: () => json(status === 'pending' ? order() : paidOrder()),
      'GET /api/users/me': () => json({ ...USER, is_vip: true, vip_expire_at: NEW_EXPIRY }),
    });
    renderRoute(<PaymentResult orderNo={NO} pollLimitMs={1500} />, { path: PATH, url: URL });

    expect(await screen.findByRole('heading', { name: en.result.slowTitle }, { timeout: 6000 })).toBeTruthy();
    expect(screen.getByText(en.result.slowText)).toBeTruthy();
    expect(screen.getByRole('link', { name: en.result.toOrders }).getAttribute('href')).toBe('/en/user/orders');
    const looks = api.to('GET', ORDER_PATH).length;
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(api.to('GET', ORDER_PATH)).toHaveLength(looks);

    status = 'paid';
    fireEvent.click(screen.getByRole('button', { name: en.result.checkAgain }));
    expect(await screen.findByRole('heading', { name: en.result.paidTitle })).toBeTruthy();
  }, 15_000);
});
