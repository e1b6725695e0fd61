/**
 * What a page says about itself to a browser tab, a search engine and a link preview (issue 23): its title,
 * description, picture, breadcrumbs, whether it may be indexed and its HTTP status. Every page declares it through
 * `PageFrame` (or `usePageMeta` directly). In the browser the tab's title and the description follow navigation; on
 * the server the last page to declare it (the innermost) is what the rendered HTML's `<head>` and status carry
 * (`src/client/ssr/page-head.ts`).
 */
import { createContext, useContext, useEffect } from 'react';

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
}

export const SITE_NAME = 'Anglerdex';

/** The tab's title: "<page> · Anglerdex", or the site's name alone. */
export function documentTitle(title: string): string {
  return title ? `${title} · ${SITE_NAME}` : SITE_NAME;
}

/** Filled during a server render; absent in the browser. */
export interface PageMetaCollector {
  record(meta: PageMeta): void;
}

export const PageMetaContext = createContext<PageMetaCollector | null>(null);

function setMetaContent(name: string, content: string | undefined): void {
  const element = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (element && content) element.content = content;
}

/** Declares the page's meta: recorded for the server's `<head>`, applied to the document in the browser. */
export function usePageMeta(meta: PageMeta): void {
  const collector = useContext(PageMetaContext);
  // A server render runs no effects: the innermost page's call is the last one recorded.
  collector?.record(meta);
  const { title, description } = meta;
  useEffect(() => {
    document.title = documentTitle(title);
    setMetaContent('description', description);
  }, [title, description]);
}
