/**
 * The server render of the app (issue 23, decision 0038): the module `vite build --ssr` writes to
 * `dist/ssr/entry-server.js` from `src/client/ssr/entry-server.tsx`, imported at start-up when it is there. The server
 * knows it only through this interface: the client's code is built by Vite, not by the server's bundle.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderedPage } from '#shared/page-meta';

/** How the render's API calls reach the server: a fetch-like call answered in process. */
export type RenderTransport = (url: string, init: RequestInit) => Promise<Response>;

export interface PageRenderer {
  /** Renders a page's URL (path and query) as a logged-out first visit sees it. */
  renderPage(url: string): Promise<RenderedPage>;
  setTransport(transport: RenderTransport): void;
  /** The runtime settings the server writes into every page as `<meta name="anglerdex:<key>">`. */
  setSiteSettings(settings: Record<string, string>): void;
  /** The catalogue's category list the pages read, given again whenever `version` changes. */
  setCatalogue(version: string, list: unknown): void;
  catalogueVersionInUse(): string | null;
}

/** The renderer in `ssrDir`, or null when it was not built (development, API-only tests) or is switched off. */
export async function loadPageRenderer(ssrDir: string | null): Promise<PageRenderer | null> {
  if (!ssrDir) return null;
  const entry = path.join(ssrDir, 'entry-server.js');
  if (!existsSync(entry)) return null;
  return (await import(pathToFileURL(entry).href)) as PageRenderer;
}
