/**
 * The axe rules every accessibility check runs (docs/design.md §6): the rules of the very axe-core copy AxeBuilder
 * injects into the page (resolved from @axe-core/playwright), so an upgrade brings its new rules in. Left out:
 * deprecated rules (kept by axe only for old configurations) and the AAA level (`wcag2aaa`, e.g. 7:1 text contrast),
 * which the product does not claim: its target is WCAG 2.x AA.
 */
import { createRequire } from 'node:module';
import type AxeCore from 'axe-core';

const axeCore = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))(
  'axe-core',
) as typeof AxeCore;

export const AXE_RULES = axeCore
  .getRules()
  .filter((rule) => !rule.tags.some((tag) => tag === 'deprecated' || /^wcag2\d*aaa$/.test(tag)))
  .map((rule) => rule.ruleId);
