/**
 * The fewest catches a share may rest on before its row is shown dimmed (decision 0034). The server writes its
 * `SHARE_MIN_SAMPLE` into index.html as `<meta name="anglerdex:share-min-sample">`, as it does the forum URL; the Vite
 * dev server and the component tests have no such tag, so the shared default applies there. Read on every call, so a
 * test can set the tag.
 */
import { DEFAULT_SHARE_MIN_SAMPLE } from '#shared/share-interval';

export const SHARE_MIN_SAMPLE_META = 'anglerdex:share-min-sample';

export function shareMinSample(): number {
  if (typeof document === 'undefined') return DEFAULT_SHARE_MIN_SAMPLE;
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${SHARE_MIN_SAMPLE_META}"]`)?.content;
  const value = Number(content);
  return content && Number.isInteger(value) && value >= 1 ? value : DEFAULT_SHARE_MIN_SAMPLE;
}
