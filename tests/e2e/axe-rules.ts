/**
 * The axe rules every accessibility check runs (docs/design.md §6): the rules of the very axe-core copy AxeBuilder
 * injects into the page (resolved from @axe-core/playwright), so an upgrade brings its new rules in. Left out:
 * deprecated rules (kept by axe only for old configurations), the AAA level (`wcag2aaa`, e.g. 7:1 text contrast),
 * which the product does not claim: its target is WCAG 2.x AA; and review items (`hidden-content`, `frame-tested`),
 * which only ever ask a person to look and can fail nothing, where `hidden-content` alone took a fifth of a scan.
 */
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type AxeCore from 'axe-core';

const axeCore = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))(
  'axe-core',
) as typeof AxeCore;

const rules = axeCore
  .getRules()
  .filter(
    (rule) => !rule.tags.some((tag) => tag === 'deprecated' || tag === 'review-item' || /^wcag2\d*aaa$/.test(tag)),
  );

export const AXE_RULES = rules.map((rule) => rule.ruleId);

/** The rules a colour scheme decides (`cat.color`: text contrast, links told apart from text by colour alone). */
export const COLOUR_RULES = rules.filter((rule) => rule.tags.includes('cat.color')).map((rule) => rule.ruleId);

/** The page's violations of `ruleIds`, each with up to five of its elements. */
export async function axeViolations(page: Page, ruleIds: readonly string[] = AXE_RULES): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withRules([...ruleIds]).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes
        .slice(0, 5)
        .map((node) => node.target.join(' '))
        .join('\n  ')}`,
  );
}

/**
 * A page judged in both colour schemes without loading it twice: every rule in the light scheme, then the colour rules
 * once the page has turned dark. The page must follow the system's scheme (nothing stored by the scheme toggle), as
 * a first visit does: Mantine then repaints the page it holds when the system scheme changes. Between the schemes only
 * colours change (the same elements, texts and names), so the rules that judge anything else would judge it twice.
 * The page is left light again.
 */
export async function violationsInBothSchemes(page: Page): Promise<string[]> {
  const html = page.locator('html');
  await page.emulateMedia({ colorScheme: 'light' });
  await html.and(page.locator('[data-mantine-color-scheme="light"]')).waitFor({ state: 'attached' });
  await transitionsDone(page);
  const light = await axeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await html.and(page.locator('[data-mantine-color-scheme="dark"]')).waitFor({ state: 'attached' });
  await transitionsDone(page);
  const dark = await axeViolations(page, COLOUR_RULES);
  await page.emulateMedia({ colorScheme: 'light' });
  return [...light.map((v) => `light: ${v}`), ...dark.map((v) => `dark: ${v}`)];
}

/**
 * Colours that fade (a drawer sliding in over its half-faded overlay, a scheme's repaint) are judged once they have
 * arrived; endless animations (a spinner) are not waited for.
 */
async function transitionsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
}
