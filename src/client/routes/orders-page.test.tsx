import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER } from '../test/fixtures/users';
import { order, orderPage, PAID_KEY, paidOrder } from '../test/fixtures/vip';
import type { Order } from '#shared/contracts/vip';
import { formatDateTime } from '../lib/format-date';
import { i18n, initI18n } from '../lib/i18n';
import { clearSession, setSession } from '../lib/session';
import en from '../locales/en/vip.json';
import { fakeApi, json, type RecordedRequest } from '../test/fake-api';
import { renderRoute } from '../test/render-route';
import { shownToasts } from '../test/toasts';
import { Component as OrdersPage } from './orders-page';

const PATH = '/en/user/orders';
const writeText = vi.fn(async (_text: string) => {});

/** 23 orders, newest first: the first paid (with a key), the second pending, the rest failed. */
const ORDERS: Order[] = Array.from({ length: 23 }, (_, index) => {
  const no = `VIP-${String(23 - index).padStart(3, '0')}`;
  if (index === 0) return paidOrder({ order_no: no, mode: 'subscription' });
  if (index === 1) return order({ order_no: no });
  return order({ order_no: no, status: 'failed' });
});

function listAnswer(request: RecordedRequest) {
  const page = Number(request.search.get('page'));
  const size = Number(request.search.get('page_size'));
  return json(orderPage(ORDERS.slice((page - 1) * size, page * size), ORDERS.length, page, size));
}

const rows = () => within(screen.getByTestId('order-table')).getAllByRole('row').slice(1);

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
  vi.unstubAllGlobals();
});

describe('orders page', () => {
  it('lists the orders with their number, time, status, option, amount, key and partner link', async () => {
    const api = fakeApi({ 'GET /api/order/list': listAnswer });
    renderRoute(<OrdersPage />, { path: PATH });

    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(screen.getByTestId('order-total').textContent).toBe('23 orders');
    const [request] = api.to('GET', '/api/order/list');
    expect(request!.search.get('page')).toBe('1');
    expect(request!.search.get('page_size')).toBe('10');
    expect(request!.headers.Authorization).toBe('Bearer tok');

    const headers = within(screen.getByTestId('order-table'))
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      en.orders.orderNo,
      en.orders.created,
      en.orders.status,
      en.orders.mode,
      en.orders.amount,
      en.orders.key,
      en.orders.partner,
    ]);

    const paid = within(rows()[0]!);
    expect(paid.getByText('VIP-023')).toBeTruthy();
    expect(paid.getByText(formatDateTime(ORDERS[0]!.created_at))).toBeTruthy();
    expect(paid.getByText(en.status.paid)).toBeTruthy();
    expect(paid.getByText(en.mode.subscription)).toBeTruthy();
    expect(paid.getByText('40 USD')).toBeTruthy();
    expect(paid.getByTestId('activation-key').textContent).toBe(PAID_KEY);
    const partner = paid.getByRole('link', { name: en.orders.partnerLinkLabel });
    expect(partner.getAttribute('href')).toBe('https://partner.example/activate');
    expect(partner.getAttribute('target')).toBe('_blank');

    // An open order: what can be done with it instead of a key, and no partner link until it is paid.
    const pending = within(rows()[1]!);
    expect(pending.getByText(en.status.pending)).toBeTruthy();
    expect(pending.getByRole('button', { name: en.orders.resume })).toBeTruthy();
    expect(pending.getByRole('button', { name: en.orders.cancel })).toBeTruthy();
    expect(pending.queryByRole('button', { name: en.key.copy })).toBeNull();
    expect(pending.queryByRole('link', { name: en.orders.partnerLinkLabel })).toBeNull();
    const failed = within(rows()[2]!);
    expect(failed.getByText(en.status.failed)).toBeTruthy();
    expect(failed.getAllByText('—')).toHaveLength(2);
    expect(failed.queryByRole('link', { name: en.orders.partnerLinkLabel })).toBeNull();
    expect(failed.queryByRole('button', { name: en.orders.resume })).toBeNull();

    fireEvent.click(paid.getByRole('button', { name: en.key.copy }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(PAID_KEY));
    expect(shownToasts()).toContainEqual(expect.objectContaining({ message: en.key.copiedToast }));
  });

  it('pages through the orders with the page in the URL', async () => {
    const api = fakeApi({ 'GET /api/order/list': listAnswer });
    const { router } = renderRoute(<OrdersPage />, { path: PATH });
    await waitFor(() => expect(rows()).toHaveLength(10));

    const pages = screen.getByRole('navigation', { name: en.orders.pagination.label });
    fireEvent.click(within(pages).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(within(rows()[0]!).getByText('VIP-003')).toBeTruthy();
    expect(api.to('GET', '/api/order/list').at(-1)!.search.get('page')).toBe('3');

    fireEvent.click(within(pages).getByRole('button', { name: en.orders.pagination.previous }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(within(rows()[0]!).getByText('VIP-013')).toBeTruthy());
  });

  it('opens the page the URL names, and moves to the last one when it names a page past the end', async () => {
    const api = fakeApi({ 'GET /api/order/list': listAnswer });
    const { router } = renderRoute(<OrdersPage />, { path: PATH, url: `${PATH}?page=9` });
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(api.to('GET', '/api/order/list')[0]!.search.get('page')).toBe('9');
  });

  it('says there are no orders yet and links the VIP page', async () => {
    fakeApi({ 'GET /api/order/list': () => json(orderPage([])) });
    renderRoute(<OrdersPage />, { path: PATH });
    expect(await screen.findByText(en.orders.emptyTitle)).toBeTruthy();
    expect(screen.getByRole('link', { name: en.orders.getVip }).getAttribute('href')).toBe('/en/vip/buy');
    expect(screen.queryByRole('navigation', { name: en.orders.pagination.label })).toBeNull();
  });

  it('shows a skeleton while loading, and a retry after a failure', async () => {
    let answer: () => Response | Promise<Response> = () => new Promise(() => {});
    fakeApi({ 'GET /api/order/list': () => answer() });
    const first = renderRoute(<OrdersPage />, { path: PATH });
    expect(await screen.findByText(en.orders.loading)).toBeTruthy();
    first.unmount();

    answer = () => json({ detail: 'boom' }, 500);
    renderRoute(<OrdersPage />, { path: PATH });
    expect(await screen.findByText(en.orders.loadFailed)).toBeTruthy();
    answer = () => json(orderPage([paidOrder()]));
    fireEvent.click(screen.getByRole('button', { name: en.orders.retry }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('shows cards on a phone', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }));
    fakeApi({ 'GET /api/order/list': () => json(orderPage([paidOrder(), order({ order_no: 'VIP-2' })])) });
    renderRoute(<OrdersPage />, { path: PATH });
    const cards = await screen.findByTestId('order-cards');
    expect(screen.queryByTestId('order-table')).toBeNull();
    const [paid, pending] = within(cards).getAllByRole('listitem');
    expect(within(paid!).getByTestId('activation-key').textContent).toBe(PAID_KEY);
    expect(within(paid!).getByRole('button', { name: en.key.copy })).toBeTruthy();
    expect(within(paid!).getByRole('link', { name: en.orders.partnerLinkLabel })).toBeTruthy();
    expect(within(pending!).getByText(en.status.pending)).toBeTruthy();
    expect(within(pending!).getByRole('button', { name: en.orders.resume })).toBeTruthy();
    expect(within(pending!).queryByRole('link', { name: en.orders.partnerLinkLabel })).toBeNull();
  });

  it('sends a visitor to the login page and back', async () => {
    clearSession();
    fakeApi();
    const { router } = renderRoute(<OrdersPage />, { path: PATH });
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/user/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fen%2Fuser%2Forders');
  });

  it('shows when an open order expires and an expired one as expired, neither with a partner link (issue 26)', async () => {
    const now = Date.now();
    fakeApi({
      'GET /api/order/list': () =>
        json(
          orderPage([
            order({ order_no: 'VIP-OPEN', expires_at: new Date(now + 12 * 60_000 - 1_000).toISOString() }),
            order({ order_no: 'VIP-LATE', expires_at: new Date(now - 1_000).toISOString() }),
            order({ order_no: 'VIP-GONE', status: 'expired', expires_at: new Date(now - 3_600_000).toISOString() }),
            paidOrder({ order_no: 'VIP-PAID' }),
          ]),
        ),
    });
    renderRoute(<OrdersPage />, { path: PATH });
    await waitFor(() => expect(rows()).toHaveLength(4));
    const [open, late, gone, paid] = rows().map((row) => within(row));

    expect(open!.getByText(en.status.pending)).toBeTruthy();
    expect(open!.getByTestId('order-deadline').textContent).toBe('Expires in 12 minutes');
    expect(open!.getByRole('button', { name: en.orders.resume })).toBeTruthy();
    // Still "pending" on the server's answer, but past its deadline by the page's clock: expired, no actions.
    for (const expired of [late!, gone!]) {
      expect(expired.getByText(en.status.expired)).toBeTruthy();
      expect(expired.queryByRole('button', { name: en.orders.resume })).toBeNull();
      expect(expired.queryByRole('button', { name: en.orders.cancel })).toBeNull();
      expect(expired.queryByTestId('order-deadline')).toBeNull();
    }
    for (const unpaid of [open!, late!, gone!])
      expect(unpaid.queryByRole('link', { name: en.orders.partnerLinkLabel })).toBeNull();
    expect(paid!.getByRole('link', { name: en.orders.partnerLinkLabel })).toBeTruthy();
  });

  it('resumes an open order at its own checkout', async () => {
    const expiresAt = new Date(Date.now() + 20 * 60_000).toISOString();
    const api = fakeApi({
      'GET /api/order/list': () => json(orderPage([order({ order_no: 'VIP-OPEN', expires_at: expiresAt })])),
      'POST /api/order/VIP-OPEN/resume': () =>
        json({ order_no: 'VIP-OPEN', checkout_url: '/vip/checkout?order_no=VIP-OPEN', expires_at: expiresAt }),
    });
    const { router } = renderRoute(<OrdersPage />, { path: PATH });
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(within(rows()[0]!).getByRole('button', { name: en.orders.resume }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/vip/checkout'));
    expect(router.state.location.search).toBe('?order_no=VIP-OPEN');
    expect(api.to('POST', '/api/order/VIP-OPEN/resume')).toHaveLength(1);
  });

  it('says why an order can no longer be resumed, and shows the list as it is now', async () => {
    const expiresAt = new Date(Date.now() + 20 * 60_000).toISOString();
    let status: Order['status'] = 'pending';
    const api = fakeApi({
      'GET /api/order/list': () => json(orderPage([order({ order_no: 'VIP-OPEN', status, expires_at: expiresAt })])),
      'POST /api/order/VIP-OPEN/resume': () => {
        status = 'expired';
        return json({ detail: 'ORDER_EXPIRED' }, 409);
      },
    });
    renderRoute(<OrdersPage />, { path: PATH });
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(within(rows()[0]!).getByRole('button', { name: en.orders.resume }));
    await waitFor(() =>
      expect(shownToasts()).toContainEqual(
        expect.objectContaining({ title: en.orders.resumeFailed, message: en.errors.ORDER_EXPIRED }),
      ),
    );
    await waitFor(() => expect(within(rows()[0]!).getByText(en.status.expired)).toBeTruthy());
    expect(api.to('GET', '/api/order/list').length).toBeGreaterThan(1);
  });

  it('cancels an open order and shows it canceled', async () => {
    const expiresAt = new Date(Date.now() + 20 * 60_000).toISOString();
    let status: Order['status'] = 'pending';
    const api = fakeApi({
      'GET /api/order/list': () => json(orderPage([order({ order_no: 'VIP-OPEN', status, expires_at: expiresAt })])),
      'POST /api/order/VIP-OPEN/cancel': () => {
        status = 'canceled';
        return json(order({ order_no: 'VIP-OPEN', status, expires_at: expiresAt }));
      },
    });
    renderRoute(<OrdersPage />, { path: PATH });
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(within(rows()[0]!).getByRole('button', { name: en.orders.cancel }));
    await waitFor(() => expect(within(rows()[0]!).getByText(en.status.canceled)).toBeTruthy());
    expect(within(rows()[0]!).queryByRole('button', { name: en.orders.resume })).toBeNull();
    expect(shownToasts()).toContainEqual(expect.objectContaining({ title: en.orders.canceled }));
    expect(api.to('POST', '/api/order/VIP-OPEN/cancel')).toHaveLength(1);
  });
});
