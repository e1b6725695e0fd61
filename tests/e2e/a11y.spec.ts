/**
 * docs/design.md §6: no axe-core violations on any page, in all three languages. Both colour schemes, because contrast
 * is decided per scheme: each page is judged light with every rule, then turned dark and judged by the colour rules
 * (axe-rules.ts). Every rule axe has runs, of any impact, not only the WCAG-tagged defaults: axe leaves its
 * experimental rules out unless asked, and one of them (label-content-name-mismatch, WCAG 2.5.3) is how a control
 * whose accessible name hides its visible text is found; best-practice rules (landmarks, headings) count too.
 */
import { expect, test, type APIRequestContext } from './test';
import { violationsInBothSchemes } from './axe-rules';
import { LOCALES, localePath } from '../../src/shared/locales';
import { PAGE_PATHS, PAGES } from '../../src/shared/pages';

// Dozens of independent page checks: spread them over the workers.
test.describe.configure({ mode: 'parallel' });

// The account pages a visitor sees without logging in, and the user centre pages, checked logged in.
const ACCOUNT_FORMS = new Set<string>(['login', 'register', 'forgetPwd', 'resetPwd', 'verify', 'alertsUnsubscribe']);
const USER_CENTRE = new Set<string>(['user', 'profile', 'myData', 'orders', 'collection', 'alerts']);

// One account per worker (the auth routes are rate-limited per IP), stored as the client stores its session.
let sessionJson: Promise<string> | null = null;
function session(request: APIRequestContext): Promise<string> {
  sessionJson ??= (async () => {
    const email = `a11y.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
    await request.post('/api/auth/register', { data: { email, password: 'a11y-pass-1', nickname: '无障碍' } });
    const login = await request.post('/api/auth/jwt/login', { form: { username: email, password: 'a11y-pass-1' } });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const me = await request.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } });
    return JSON.stringify({ token, userInfo: await me.json() });
  })();
  return sessionJson;
}
interface Target {
  name: string;
  path: string;
  /** What shows once the page has rendered. */
  ready: string;
  /** Clicked to open a drawer, which is judged open. */
  open?: string;
  /** Links followed in turn, each to another page (the item pages, whose ids the demo world decides). */
  follow?: string[];
  /** Checked logged in. */
  session?: boolean;
  /** The encyclopedia's 160 fish cards: an axe run over them can take a minute on a loaded 2-core machine. */
  slow?: boolean;
}

const targets: Target[] = [
  ...PAGES.filter((page) => page.public || ACCOUNT_FORMS.has(page.key)).map((page) => ({
    name: page.key,
    path: page.path,
    ready: 'main h1',
    slow: page.key === 'fishes',
  })),
  ...PAGES.filter((page) => USER_CENTRE.has(page.key)).map((page) => ({
    name: page.key,
    path: page.path,
    ready: 'main h1',
    session: true,
  })),
  { name: 'notFound', path: '/no-such-page', ready: 'main h1' },
  // A fish's own page (issue 23), from the first fish card, and the page of the first map it lives on.
  { name: 'fishPage', path: PAGE_PATHS.fishes, ready: 'main ul a', follow: ['main ul a'], slow: true },
  {
    name: 'mapPage',
    path: PAGE_PATHS.fishes,
    ready: 'main ul a',
    follow: ['main ul a', '[data-testid="map-link"]'],
    slow: true,
  },
  // A catch's detail drawer (map preview, compass): the first catch of the demo world's AI records opens it (its time's
  // link; the fish's and map's lead to their pages).
  { name: 'birdLogDetail', path: PAGE_PATHS.birdLogs, ready: 'main table a', open: 'main table a[href*="id="]' },
];

for (const locale of LOCALES) {
  for (const target of targets) {
    test(`${target.name} in ${locale} has no accessibility violations, light or dark`, async ({ page, request }) => {
      if (target.slow) test.slow();
      if (target.session) {
        await page.addInitScript((value) => window.localStorage.setItem('session', value), await session(request));
      }
      await page.goto(localePath(locale, target.path));
      await expect(page.locator(target.ready).first()).toBeVisible();
      for (const link of target.follow ?? []) {
        // The next page is judged once its own heading has replaced this one's.
        const heading = page.locator('main h1').first();
        const from = (await heading.textContent()) ?? '';
        await page.locator(link).first().click();
        await expect(heading).not.toHaveText(from);
      }
      if (target.open) {
        await page.locator(target.open).first().click();
        await expect(page.getByRole('dialog')).toBeVisible();
      }
      // Let data-driven content (lists, skeletons → cards) settle before judging it.
      await page.waitForLoadState('networkidle');
      expect(await violationsInBothSchemes(page)).toEqual([]);
    });
  }
}
