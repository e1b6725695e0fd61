/**
 * What a page says about itself to a browser tab, a search engine and a link preview (issue 23), and what a server
 * render hands the server: the client's pages declare it (`src/client/lib/page-meta.tsx`), the server writes it into
 * the HTML's `<head>` and status (`src/server/plugins/page-head.ts`).
 */

export interface Breadcrumb {
  name: string;
  /** A site path without the language prefix (the head adds the page's). */
  path: string;
}

export interface PageMeta {
  /** The page's own title, without the site name. Empty for the home page, whose title is the site's. */
  title: string;
  /** One or two sentences in the page's language: the search result's snippet and the link preview's text. */
  description?: string;
  /** A picture for link previews: a site path (`/media/…`) or an absolute URL. */
  image?: string;
  /** The trail to this page after the home page, for JSON-LD breadcrumbs. */
  breadcrumbs?: readonly Breadcrumb[];
  /** Pages that must not be listed by search engines (accounts, admin, a shared collection). */
  noindex?: boolean;
  /** The HTTP status the server answers this page with (404 for the not-found page). */
  status?: number;
  /**
   * A page that lives at another address now (an old link's form): the server answers a permanent redirect to this
   * path, the browser navigates there (`components/moved-page.tsx`).
   */
  movedTo?: string;
}

export const SITE_NAME = 'Anglerdex';

/** The tab's title: "<page> · Anglerdex", or the site's name alone. */
export function documentTitle(title: string): string {
  return title ? `${title} · ${SITE_NAME}` : SITE_NAME;
}

/** The id of the `<script type="application/json">` holding what the browser hydrates a server-rendered page from. */
export const SSR_DATA_ELEMENT_ID = 'ssr-data';

/** A page as the server render (`src/client/ssr/entry-server.tsx`) returns it to the server. */
export interface RenderedPage {
  /** The router's status (200, a redirect's); the page's own `meta.status`, when it declared one, wins. */
  status: number;
  /** Set for a redirect. */
  location?: string;
  /** The app's markup, for `<div id="root">`. */
  html: string;
  meta: PageMeta | null;
  /** How many times the app was rendered to make it: 1 when the page declared its reads, else 2 or more. */
  renders?: number;
  /** What the browser needs to take the page over, written into the page as JSON. */
  data: unknown;
}
