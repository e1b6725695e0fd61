/**
 * DESIGN §6: no serious or critical axe-core violations on any page, in all three languages. Both colour schemes,
 * because contrast is decided per scheme.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { PAGES } from '../../src/shared/pages';

// Sixty independent page checks: spread them over the workers.
test.describe.configure({ mode: 'parallel' });

const LOCALES = ['zh', 'en', 'ja'] as const;
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
  ...PAGES.filter((page) => page.public).map((page) => ({ name: page.key, path: page.path, ready: 'main h1' })),
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
        test(`${target.name} in ${locale} has no serious accessibility violations`, async ({ page }) => {
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
