/**
 * What a page says about itself to a browser tab, a search engine and a link preview (issue 23, `#shared/page-meta`):
 * its title, description, picture, breadcrumbs, whether it may be indexed and its HTTP status. Every page declares it through
 * `PageFrame` (or `usePageMeta` directly). In the browser the tab's title and the description follow navigation; on
 * the server the last page to declare it (the innermost) is what the rendered HTML's `<head>` and status carry
 * (`src/server/plugins/page-head.ts`).
 */
import { createContext, useContext, useEffect } from 'react';
import { documentTitle, type PageMeta } from '#shared/page-meta';

export type { Breadcrumb, PageMeta } from '#shared/page-meta';
export { documentTitle, SITE_NAME } from '#shared/page-meta';

/** Filled during a server render; absent in the browser. */
export interface PageMetaCollector {
  record(meta: PageMeta): void;
  /**
   * True in a server render's first pass, which only finds the queries the page asks for: the app shell renders just
   * the page inside it (the shell asks for nothing), so that pass costs the page alone.
   */
  discovering?: boolean;
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
