import type { UserRead } from '#shared/contracts/auth';
import type { Order, OrderPage, VipStatus } from '#shared/contracts/vip';

/** A logged-in user as `GET /api/users/me` answers (not yet a member), for the VIP feature's own tests. */
export const USER: UserRead = {
  id: '7f1c2a9e-0000-4000-8000-000000000002',
  email: 'angler@example.com',
  is_active: true,
  is_superuser: false,
  is_verified: true,
  nickname: 'Angler',
  avatar: null,
  bio: '',
  client_id: null,
  vip_expire_at: null,
  is_vip: false,
};

/** An order as `GET /api/order/{order_no}` answers it, for the VIP tests. */
export function order(overrides: Partial<Order> = {}): Order {
  return {
    order_no: 'VIP20260101ABCDEF',
    created_at: '2026-01-01T08:09:10.000Z',
    status: 'pending',
    mode: 'once',
    amount: 4000,
    currency: 'USD',
    paid_at: null,
    period_end: null,
    activation_key: null,
    partner_url: 'https://partner.example/activate',
    provider: 'local',
    renews_order_no: null,
    ...overrides,
  };
}

export const PAID_KEY = 'K7Q2-M9XD-4HTA-PW3E-8ZRC-6VNB-1JYF';

export function paidOrder(overrides: Partial<Order> = {}): Order {
  return order({
    status: 'paid',
    paid_at: '2026-01-01T08:09:30.000Z',
    period_end: '2026-01-31T08:09:30.000Z',
    activation_key: PAID_KEY,
    ...overrides,
  });
}

export function orderPage(items: Order[], total = items.length, page = 1, pageSize = 10): OrderPage {
  return { items, total, page, page_size: pageSize };
}

export function vipStatus(overrides: Partial<VipStatus> = {}): VipStatus {
  return {
    is_vip: false,
    vip_expire_at: null,
    auto_renew: false,
    next_renewal_at: null,
    price: { amount: 4000, currency: 'USD', period_days: 30 },
    provider: 'local',
    ...overrides,
  };
}
