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

    const pending = within(rows()[1]!);
    expect(pending.getByText(en.status.pending)).toBeTruthy();
    expect(pending.getByText('—')).toBeTruthy();
    expect(pending.queryByRole('button', { name: en.key.copy })).toBeNull();
    expect(within(rows()[2]!).getByText(en.status.failed)).toBeTruthy();

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
    expect(within(pending!).getByText(en.status.pending)).toBeTruthy();
    expect(within(pending!).getByText(en.orders.noKey)).toBeTruthy();
  });

  it('sends a visitor to the login page and back', async () => {
    clearSession();
    fakeApi();
    const { router } = renderRoute(<OrdersPage />, { path: PATH });
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/user/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fen%2Fuser%2Forders');
  });
});
