/**
 * The VIP journeys (issue 12) in Chromium against the built site, paid through the `local` provider's test checkout
 * (the server signs the Pay / Fail choice and delivers it through its own webhook route): buying once as a visitor who
 * logs in on the way, with the result page, the order and its activation key, the VIP badge in the top bar and the
 * user centre and the expiry as `YYYY-MM-DD HH:mm:ss`; a failed payment; an auto-renewing subscription canceled in
 * the user centre, which keeps the membership until its expiry. Every test registers its own account.
 */
import { expect, test, type APIRequestContext, type Page } from './test';
import { LOCALES, localePath, type Locale } from '../../src/shared/locales';
import { PAGE_PATHS } from '../../src/shared/pages';
import { violationsInBothSchemes } from './axe-rules';
import { fill, texts } from './texts';

const en = texts('en');
const zh = texts('zh');
const PASSWORD = 'vip-pass-1';
/** Not the machine's zone, so the page has to turn the server's UTC times into the browser's local time. */
const TIME_ZONE = 'Asia/Shanghai';
const DAY_MS = 24 * 60 * 60 * 1000;
/** An activation key: seven groups of four Crockford base32 characters. */
const KEY = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){6}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

test.use({ timezoneId: TIME_ZONE });

const pathOf = (locale: Locale, key: keyof typeof PAGE_PATHS) => localePath(locale, PAGE_PATHS[key]);

/** An ISO time as the site writes it ('YYYY-MM-DD HH:mm:ss') in the browser's zone: Swedish is that order. */
function shown(iso: string): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

let accounts = 0;

/** A new account registered through the API; answers its e-mail address and a token for checking the API. */
async function newAccount(request: APIRequestContext, label: string, nickname: string) {
  const email = `vip.${label}.${Date.now()}.${(accounts += 1)}@example.com`;
  const res = await request.post('/api/auth/register', { data: { email, password: PASSWORD, nickname } });
  expect(res.status()).toBe(201);
  const login = await request.post('/api/auth/jwt/login', { form: { username: email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  return { email, token: (await login.json()).access_token as string };
}

/** Logs a new account in by storing its session as the site keeps it (once: a payment later changes the user). */
async function signedIn(page: Page, request: APIRequestContext, label: string, nickname: string) {
  const account = await newAccount(request, label, nickname);
  const headers = { authorization: `Bearer ${account.token}` };
  const me = await (await request.get('/api/users/me', { headers })).json();
  await page.goto('/health');
  await page.evaluate(
    (session) => localStorage.setItem('session', session),
    JSON.stringify({ token: account.token, userInfo: me }),
  );
  return { ...account, headers };
}

/** The order number the page's URL names (checkout and result pages). */
function orderNoOf(page: Page): string {
  return new URL(page.url()).searchParams.get('order_no') ?? '';
}

const atPath = (path: string) => (url: URL) => url.pathname === path;

test('a visitor logs in, buys VIP once and sees the result, the order with its key, the badge and the expiry', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const t = en.vip;
  const { email, token } = await newAccount(request, 'once', 'Carp Royal');
  const headers = { authorization: `Bearer ${token}` };

  // A visitor sees the price and is asked to log in; the login brings them back to the buy page.
  await page.goto(pathOf('en', 'vipBuy'));
  await expect(page.getByRole('heading', { level: 1, name: en.common.pages.vipBuy.title })).toBeVisible();
  await expect(page.getByTestId('vip-price')).toContainText('40 USD');
  await expect(page.getByRole('button', { name: fill(t.buy.buyOnce, { days: 30, price: '40 USD' }) })).toHaveCount(0);
  await page.getByRole('link', { name: t.buy.login }).click();
  await expect(page).toHaveURL(
    (url) => url.pathname === pathOf('en', 'login') && url.searchParams.get('redirect') === pathOf('en', 'vipBuy'),
  );
  await page.getByLabel(en.account.fields.email, { exact: true }).fill(email);
  await page.getByLabel(en.account.fields.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: en.account.submit.login }).click();
  await expect(page).toHaveURL(atPath(pathOf('en', 'vipBuy')));

  // Not a member yet: no badge in the top bar.
  const userButton = page
    .getByRole('banner')
    .getByRole('link', { name: fill(en.common.actions.userCentreOf, { name: 'Carp Royal' }) });
  await expect(userButton).toBeVisible();
  await expect(page.getByTestId('header-vip-badge')).toHaveCount(0);

  // One-time is the default option; Buy opens the local provider's test checkout for a new pending order.
  await expect(page.getByRole('radio', { name: t.buy.modes.once.title })).toBeChecked();
  await page.getByRole('button', { name: fill(t.buy.buyOnce, { days: 30, price: '40 USD' }) }).click();
  await expect(page).toHaveURL(atPath(pathOf('en', 'vipCheckout')));
  const orderNo = orderNoOf(page);
  expect(orderNo).not.toBe('');
  const summary = page.getByRole('region', { name: t.checkout.summaryTitle });
  await expect(summary).toContainText(orderNo);
  await expect(summary).toContainText(t.mode.once);
  await expect(summary).toContainText('40 USD');
  await expect(summary).toContainText(t.checkout.testBadge);
  const pending = await request.get(`/api/order/${orderNo}`, { headers });
  expect(await pending.json()).toMatchObject({
    order_no: orderNo,
    status: 'pending',
    mode: 'once',
    activation_key: null,
  });

  // Pay: the result page says so, with the new expiry and the activation key.
  const before = Date.now();
  await page
    .getByRole('group', { name: t.checkout.actionsLabel })
    .getByRole('button', { name: t.checkout.pay, exact: true })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === pathOf('en', 'vipResult') && orderNoOf(page) === orderNo);
  const paid = page.getByTestId('result-paid');
  await expect(paid.getByRole('heading', { name: t.result.paidTitle })).toBeVisible();

  const me = await (await request.get('/api/users/me', { headers })).json();
  expect(me.is_vip).toBe(true);
  const expiresAt = new Date(me.vip_expire_at).getTime();
  expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * DAY_MS - 60_000);
  expect(expiresAt).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS + 60_000);
  const expiry = shown(me.vip_expire_at);
  expect(expiry).toMatch(DATE_TIME);
  await expect(page.getByTestId('vip-expiry')).toHaveText(fill(t.result.paidText, { date: expiry }));

  const order = await (await request.get(`/api/order/${orderNo}`, { headers })).json();
  expect(order).toMatchObject({ status: 'paid', mode: 'once', amount: 4000 });
  expect(order.activation_key).toMatch(KEY);
  await expect(paid.getByTestId('activation-key')).toHaveText(order.activation_key);

  // The badge is in the top bar at once (the page refreshed the stored user), named in the user button.
  await expect(page.getByTestId('header-vip-badge')).toBeVisible();
  await expect(page.getByTestId('header-vip-badge')).toHaveText(en.common.vip.badge);
  await expect(
    page
      .getByRole('banner')
      .getByRole('link', { name: fill(en.common.actions.userCentreOfVip, { name: 'Carp Royal' }) }),
  ).toBeVisible();

  // The orders list has the order, paid, with the same key.
  await paid.getByRole('link', { name: t.result.toOrders }).click();
  await expect(page).toHaveURL(atPath(pathOf('en', 'orders')));
  const table = page.getByRole('table', { name: t.orders.caption });
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.locator(`tr[data-order="${orderNo}"]`);
  await expect(row).toContainText(t.status.paid);
  await expect(row).toContainText(t.mode.once);
  await expect(row).toContainText('40 USD');
  await expect(row.getByTestId('activation-key')).toHaveText(order.activation_key);
  await expect(row.locator('time')).toHaveText(shown(order.created_at));
  await expect(row.getByRole('link', { name: t.orders.partnerLinkLabel })).toHaveAttribute('target', '_blank');
  await expect(page.getByTestId('order-total')).toHaveText(fill(t.orders.total_one, { count: 1 }));

  // The user centre: the badge beside the name, the expiry, auto-renew off (a one-time order renews nothing).
  await page.goto(pathOf('en', 'user'));
  await expect(page.getByRole('main').getByText(en.common.vip.badge, { exact: true })).toBeVisible();
  const membership = page.getByRole('region', { name: t.membership.title });
  await expect(membership).toContainText(fill(t.membership.validUntil, { date: expiry }));
  await expect(membership.getByTestId('auto-renew')).toHaveText(t.membership.autoRenewOff);
  await expect(membership.getByRole('button', { name: t.membership.cancel })).toHaveCount(0);
  await expect(membership.getByRole('link', { name: t.membership.extend })).toBeVisible();

  // Back on the buy page the member is told until when, and that buying again adds 30 days after it.
  await page.goto(pathOf('en', 'vipBuy'));
  await expect(page.getByText(fill(t.buy.memberUntil, { date: expiry }))).toBeVisible();
});

test('a failed payment ends on a failed result, with no membership and no key', async ({ page, request }) => {
  const t = zh.vip;
  const { headers } = await signedIn(page, request, 'failed', '鲈鱼');

  await page.goto(pathOf('zh', 'vipBuy'));
  await page.getByRole('button', { name: fill(t.buy.buyOnce, { days: 30, price: '40 USD' }) }).click();
  await expect(page).toHaveURL(atPath(pathOf('zh', 'vipCheckout')));
  const orderNo = orderNoOf(page);
  await expect(page.getByRole('region', { name: t.checkout.summaryTitle })).toContainText(orderNo);

  await page
    .getByRole('group', { name: t.checkout.actionsLabel })
    .getByRole('button', { name: t.checkout.fail, exact: true })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === pathOf('zh', 'vipResult') && orderNoOf(page) === orderNo);
  const failed = page.getByTestId('result-failed');
  await expect(failed).toHaveAttribute('role', 'alert');
  await expect(failed.getByRole('heading', { name: t.result.failedTitle })).toBeVisible();
  await expect(failed).toContainText(t.result.failedText);
  await expect(page.getByTestId('result-paid')).toHaveCount(0);
  await expect(page.getByTestId('activation-key')).toHaveCount(0);
  await expect(failed.getByRole('link', { name: t.result.tryAgain })).toHaveAttribute('href', pathOf('zh', 'vipBuy'));

  // Nothing granted: the server agrees and the page shows no badge.
  const order = await (await request.get(`/api/order/${orderNo}`, { headers })).json();
  expect(order).toMatchObject({ status: 'failed', activation_key: null });
  const me = await (await request.get('/api/users/me', { headers })).json();
  expect(me.is_vip).toBe(false);
  expect(me.vip_expire_at).toBeNull();
  await expect(page.getByTestId('header-vip-badge')).toHaveCount(0);

  // The order is listed as failed, without a key; the user centre says the user is not a member.
  await failed.getByRole('link', { name: t.result.toOrders }).click();
  await expect(page).toHaveURL(atPath(pathOf('zh', 'orders')));
  const row = page.getByRole('table', { name: t.orders.caption }).locator(`tr[data-order="${orderNo}"]`);
  await expect(row).toContainText(t.status.failed);
  await expect(row.getByTestId('activation-key')).toHaveCount(0);
  await expect(row).toContainText(t.orders.noKey);
  await page.goto(pathOf('zh', 'user'));
  await expect(page.getByRole('region', { name: t.membership.title })).toContainText(t.membership.notVip);
  await expect(page.getByRole('main').getByText(zh.common.vip.badge, { exact: true })).toHaveCount(0);

  // The checkout of a closed order cannot be paid again.
  await page.goto(`${pathOf('zh', 'vipCheckout')}?order_no=${orderNo}`);
  await expect(page.getByRole('heading', { name: t.checkout.notPendingTitle })).toBeVisible();
  await expect(page.getByRole('button', { name: t.checkout.pay, exact: true })).toHaveCount(0);

  // Cancel payment on the checkout of a new order: canceled, nothing charged, and still no membership.
  await page.goto(pathOf('zh', 'vipBuy'));
  await page.getByRole('button', { name: fill(t.buy.buyOnce, { days: 30, price: '40 USD' }) }).click();
  await expect(page).toHaveURL((url) => url.pathname === pathOf('zh', 'vipCheckout') && orderNoOf(page) !== orderNo);
  const second = orderNoOf(page);
  await page
    .getByRole('group', { name: t.checkout.actionsLabel })
    .getByRole('button', { name: t.checkout.cancel, exact: true })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === pathOf('zh', 'vipResult') && orderNoOf(page) === second);
  await expect(
    page.getByTestId('result-canceled').getByRole('heading', { name: t.result.canceledTitle }),
  ).toBeVisible();
  expect((await (await request.get(`/api/order/${second}`, { headers })).json()).status).toBe('canceled');
  expect((await (await request.get('/api/users/me', { headers })).json()).is_vip).toBe(false);
});

test('an auto-renewing subscription canceled in the user centre stays VIP until its expiry', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const t = en.vip;
  const { headers } = await signedIn(page, request, 'renew', 'Pike Baron');

  // Buy as a subscription and pay.
  await page.goto(pathOf('en', 'vipBuy'));
  await page.getByRole('radio', { name: t.buy.modes.subscription.title }).click();
  await expect(page.getByRole('radio', { name: t.buy.modes.subscription.title })).toBeChecked();
  await page.getByRole('button', { name: fill(t.buy.buySubscription, { days: 30, price: '40 USD' }) }).click();
  await expect(page).toHaveURL(atPath(pathOf('en', 'vipCheckout')));
  const orderNo = orderNoOf(page);
  await expect(page.getByRole('region', { name: t.checkout.summaryTitle })).toContainText(t.mode.subscription);
  await page
    .getByRole('group', { name: t.checkout.actionsLabel })
    .getByRole('button', { name: t.checkout.pay, exact: true })
    .click();
  await expect(page.getByTestId('result-paid').getByRole('heading', { name: t.result.paidTitle })).toBeVisible();
  const order = await (await request.get(`/api/order/${orderNo}`, { headers })).json();
  expect(order).toMatchObject({ status: 'paid', mode: 'subscription' });

  const status = await (await request.get('/api/vip/status', { headers })).json();
  expect(status).toMatchObject({ is_vip: true, auto_renew: true });
  const expiry = shown(status.vip_expire_at);

  // The user centre shows auto-renew on, with its next renewal.
  await page.getByRole('link', { name: t.result.toUser }).click();
  await expect(page).toHaveURL(atPath(pathOf('en', 'user')));
  const membership = page.getByRole('region', { name: t.membership.title });
  await expect(membership).toContainText(fill(t.membership.validUntil, { date: expiry }));
  await expect(membership.getByTestId('auto-renew')).toHaveText(t.membership.autoRenewOn);
  await expect(membership).toContainText(fill(t.membership.nextRenewal, { date: shown(status.next_renewal_at) }));

  // While it runs, the buy page offers no second subscription.
  await page.goto(pathOf('en', 'vipBuy'));
  await expect(page.getByRole('radio', { name: t.buy.modes.subscription.title })).toBeDisabled();
  await expect(page.getByText(t.buy.modes.subscription.alreadyOn)).toBeVisible();
  await page.goto(pathOf('en', 'user'));

  // Cancel, after a confirmation that says until when the membership stays; keeping it first changes nothing.
  await membership.getByRole('button', { name: t.membership.cancel }).click();
  const dialog = page.getByRole('dialog', { name: t.membership.confirmTitle });
  await expect(dialog).toContainText(fill(t.membership.confirmText, { date: expiry }));
  await dialog.getByRole('button', { name: t.membership.keep }).click();
  await expect(dialog).toBeHidden();
  await expect(membership.getByTestId('auto-renew')).toHaveText(t.membership.autoRenewOn);
  expect((await (await request.get('/api/vip/status', { headers })).json()).auto_renew).toBe(true);

  await membership.getByRole('button', { name: t.membership.cancel }).click();
  await dialog.getByRole('button', { name: t.membership.confirm }).click();
  await expect(page.getByText(t.membership.canceled).first()).toBeVisible();
  await expect(membership.getByTestId('auto-renew')).toHaveText(t.membership.autoRenewOff);
  await expect(membership.getByRole('button', { name: t.membership.cancel })).toHaveCount(0);
  // Still VIP, until the same expiry.
  await expect(membership).toContainText(fill(t.membership.validUntil, { date: expiry }));
  await expect(page.getByRole('main').getByText(en.common.vip.badge, { exact: true })).toBeVisible();
  await expect(page.getByTestId('header-vip-badge')).toBeVisible();

  const after = await (await request.get('/api/vip/status', { headers })).json();
  expect(after).toMatchObject({ is_vip: true, auto_renew: false, next_renewal_at: null });
  expect(after.vip_expire_at).toBe(status.vip_expire_at);

  // A reload asks the server again: still off, still VIP until the same time.
  await page.reload();
  await expect(membership.getByTestId('auto-renew')).toHaveText(t.membership.autoRenewOff);
  await expect(membership).toContainText(fill(t.membership.validUntil, { date: expiry }));

  // With the subscription stopped, the buy page offers auto-renew again.
  await page.goto(pathOf('en', 'vipBuy'));
  await expect(page.getByText(fill(t.buy.memberUntil, { date: expiry }))).toBeVisible();
  await expect(page.getByRole('radio', { name: t.buy.modes.subscription.title })).toBeEnabled();
  await expect(page.getByText(t.buy.modes.subscription.alreadyOn)).toHaveCount(0);
});

/**
 * The pages with what a member has (a pending order's checkout, a paid and a failed result, several orders, the user
 * centre and the buy page of a subscriber) checked by axe in both colour schemes and every language: the generic
 * accessibility suite sees them only empty. One account per worker, made through the API's own checkout calls; the
 * checks only read it.
 */
let memberSession: Promise<{ session: string; pending: string; paid: string; failed: string }> | null = null;
function member(request: APIRequestContext) {
  memberSession ??= (async () => {
    const { token } = await newAccount(request, 'axe', '无障碍 Member');
    const headers = { authorization: `Bearer ${token}` };
    const order = async (mode: 'once' | 'subscription', outcome?: 'pay' | 'fail') => {
      const res = await request.get(`/api/vip/subscribe?mode=${mode}`, { headers });
      expect(res.status()).toBe(200);
      const orderNo = (await res.json()).order_no as string;
      if (outcome) {
        const paid = await request.post(`/api/vip/local-checkout/${orderNo}`, { headers, data: { outcome } });
        expect(paid.status()).toBe(200);
      }
      return orderNo;
    };
    const paid = await order('once', 'pay');
    await order('subscription', 'pay');
    const failed = await order('once', 'fail');
    const pending = await order('once');
    const me = await (await request.get('/api/users/me', { headers })).json();
    return { session: JSON.stringify({ token, userInfo: me }), pending, paid, failed };
  })();
  return memberSession;
}

for (const locale of LOCALES) {
  test(`the VIP pages of a member in ${locale} have no accessibility violations, light or dark`, async ({
    page,
    request,
  }) => {
    test.slow();
    const { session, pending, paid, failed } = await member(request);
    await page.addInitScript((stored) => localStorage.setItem('session', stored), session);
    const withOrder = (key: 'vipCheckout' | 'vipResult', orderNo: string) =>
      `${pathOf(locale, key)}?order_no=${orderNo}`;
    const pages: [string, string, string][] = [
      ['checkout', withOrder('vipCheckout', pending), '[role="group"] button'],
      ['paid result', withOrder('vipResult', paid), '[data-testid="result-paid"]'],
      ['failed result', withOrder('vipResult', failed), '[data-testid="result-failed"]'],
      ['orders', pathOf(locale, 'orders'), '[data-testid="order-table"] [data-order]'],
      ['user centre', pathOf(locale, 'user'), '[data-testid="auto-renew"]'],
      ['buy', pathOf(locale, 'vipBuy'), '[data-mode="subscription"][disabled]'],
    ];
    const found: string[] = [];
    for (const [name, path, ready] of pages) {
      await page.goto(path);
      await expect(page.locator(ready).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      for (const violation of await violationsInBothSchemes(page)) found.push(`${name}: ${violation}`);
    }
    expect(found).toEqual([]);
  });
}
