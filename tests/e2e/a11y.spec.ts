/**
 * DESIGN §6: no serious or critical axe-core violations on any page, in all three languages. Both colour schemes,
 * because contrast is decided per scheme.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PAGES } from '../../src/shared/pages';

// Over a hundred independent page checks: spread them over the workers. (An axe run over the 160 fish cards takes
// many seconds on a busy 2-core machine; the config's 60 s test timeout allows for it.)
test.describe.configure({ mode: 'parallel' });

const LOCALES = ['zh', 'en', 'ja'] as const;
// The account pages a visitor sees without logging in, and the user centre pages, checked logged in.
const ACCOUNT_FORMS = new Set<string>(['login', 'register', 'forgetPwd', 'resetPwd', 'verify']);
const USER_CENTRE = new Set<string>(['user', 'profile', 'myData']);

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
const SCHEMES = ['light', 'dark'] as const;

function localePath(locale: string, path: string): string {
  if (locale === 'zh') return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes
          .slice(0, 5)
          .map((node) => node.target.join(' '))
          .join('\n  ')}`,
    );
}

const targets = [
  ...PAGES.filter((page) => page.public || ACCOUNT_FORMS.has(page.key)).map((page) => ({
    name: page.key,
    path: page.path,
    ready: 'main h1',
  })),
  ...PAGES.filter((page) => USER_CENTRE.has(page.key)).map((page) => ({
    name: page.key,
    path: page.path,
    ready: 'main h1',
    session: true,
  })),
  { name: 'notFound', path: '/no-such-page', ready: 'main h1' },
  // The fish detail drawer: the first fish card opens it.
  { name: 'fishDetail', path: '/guide/fishes', ready: 'main h1', open: 'main ul a' },
];

for (const scheme of SCHEMES) {
  test.describe(`${scheme} scheme`, () => {
    test.use({ colorScheme: scheme });
    test.beforeEach(async ({ context }) => {
      await context.addInitScript((value) => window.localStorage.setItem('mantine-color-scheme-value', value), scheme);
    });

    for (const locale of LOCALES) {
      for (const target of targets) {
        test(`${target.name} in ${locale} has no serious accessibility violations`, async ({ page, request }) => {
          if ('session' in target) {
            await page.addInitScript((value) => window.localStorage.setItem('session', value), await session(request));
          }
          await page.goto(localePath(locale, target.path));
          await expect(page.locator(target.ready).first()).toBeVisible();
          if (target.open) {
            await page.locator(target.open).first().click();
            await expect(page.getByRole('dialog')).toBeVisible();
          }
          // Let data-driven content (lists, skeletons → cards) settle before judging it.
          await page.waitForLoadState('networkidle');
          expect(await seriousViolations(page)).toEqual([]);
        });
      }
    }
  });
}
