/**
 * The fewest catches a share may rest on before its row is shown dimmed (decision 0034). The server's
 * `SHARE_MIN_SAMPLE` (`site-settings.ts`), as the forum URL; the Vite
 * dev server and the component tests have no such tag, so the shared default applies there. Read on every call, so a
 * test can set the tag.
 */
import { DEFAULT_SHARE_MIN_SAMPLE } from '#shared/share-interval';
import { siteSetting } from './site-settings';

export const SHARE_MIN_SAMPLE_META = 'anglerdex:share-min-sample';

export function shareMinSample(): number {
  const content = siteSetting('share-min-sample');
  const value = Number(content);
  return content && Number.isInteger(value) && value >= 1 ? value : DEFAULT_SHARE_MIN_SAMPLE;
}
