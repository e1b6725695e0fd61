/**
 * What a server-rendered page carries for the browser to take it over (issue 23): the TanStack answers the render
 * used and the translation namespaces it read, as JSON in `<script type="application/json" id="ssr-data">` (data, not
 * code: the Content-Security-Policy allows no inline script).
 */
import type { DehydratedState } from '@tanstack/react-query';
import { SSR_DATA_ELEMENT_ID } from '#shared/page-meta';

/** Bumped when the shape changes, so a page cached across a deploy is rendered in the browser rather than misread. */
export const SSR_DATA_VERSION = 1;

export interface SsrData {
  version: number;
  queries: DehydratedState | null;
  namespaces: string[];
}

/** The page's server-rendered data, or null when the page was not rendered by the server (account pages, dev). */
export function readSsrData(): SsrData | null {
  const element = document.getElementById(SSR_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const data = JSON.parse(element.textContent) as SsrData;
    return data.version === SSR_DATA_VERSION ? data : null;
  } catch {
    return null;
  }
}
