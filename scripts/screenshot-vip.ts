/**
 * The VIP pages for scripts/screenshots.ts (issue 12): a second demo account buys through the `local` provider's test
 * checkout, as a player would (one-time paid, an auto-renewing subscription paid, one failed, one canceled and one
 * left pending), so the buy page of a member, the test checkout, the paid and failed results, the orders and the user
 * centre of a member have something to show. The first demo account stays a non-member for the buy page of a
 * logged-in user who has not bought yet.
 */
import { PAGE_PATHS } from '../src/shared/pages';

export interface VipShot {
  name: string;
  path: string;
  /**
   * true: the demo account (no VIP); 'vip': the member this module makes; 'admin': the superuser of
   * screenshot-catalogue-admin.ts.
   */
  session?: boolean | 'vip' | 'admin';
}

const PASSWORD = 'screenshots-1';

/**
 * Adds the VIP pages to `pages` and answers the member's stored session (`{token, userInfo}`), or null when the server
 * refuses something (the pages that need the member are then left out).
 */
export async function addVipShots(baseUrl: string, pages: VipShot[]): Promise<string | null> {
  pages.push(
    { name: 'vip-buy', path: PAGE_PATHS.vipBuy },
    { name: 'vip-buy-user', path: PAGE_PATHS.vipBuy, session: true },
  );
  try {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are the API's, read as JSON
    const call = async (path: string, init: RequestInit = {}): Promise<any> => {
      const res = await fetch(`${baseUrl}${path}`, init);
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const email = `screenshots.vip.${Date.now()}@example.com`;
    await call('/api/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, nickname: '金冠会员 Golden Angler' }),
    });
    const login = await call('/api/auth/jwt/login', {
      method: 'POST',
      body: new URLSearchParams({ username: email, password: PASSWORD }),
    });
    const auth = { authorization: `Bearer ${login.access_token as string}` };
    const order = async (mode: 'once' | 'subscription', outcome?: 'pay' | 'fail' | 'cancel'): Promise<string> => {
      const { order_no: orderNo } = await call(`/api/vip/subscribe?mode=${mode}`, { headers: auth });
      if (outcome) {
        await call(`/api/vip/local-checkout/${encodeURIComponent(orderNo)}`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ outcome }),
        });
      }
      return orderNo as string;
    };
    const paid = await order('once', 'pay');
    await order('subscription', 'pay');
    const failed = await order('once', 'fail');
    await order('once', 'cancel');
    const pending = await order('once');
    const me = await call('/api/users/me', { headers: auth });
    const query = (orderNo: string) => `?order_no=${encodeURIComponent(orderNo)}`;
    pages.push(
      { name: 'vip-buy-member', path: PAGE_PATHS.vipBuy, session: 'vip' },
      { name: 'vip-checkout', path: `${PAGE_PATHS.vipCheckout}${query(pending)}`, session: 'vip' },
      { name: 'vip-result-paid', path: `${PAGE_PATHS.vipResult}${query(paid)}`, session: 'vip' },
      { name: 'vip-result-failed', path: `${PAGE_PATHS.vipResult}${query(failed)}`, session: 'vip' },
      { name: 'orders', path: PAGE_PATHS.orders, session: 'vip' },
      { name: 'user-vip', path: PAGE_PATHS.user, session: 'vip' },
    );
    return JSON.stringify({ token: login.access_token, userInfo: me });
  } catch (error) {
    console.error(`VIP shots without a member: ${(error as Error).message}`);
    return null;
  }
}
