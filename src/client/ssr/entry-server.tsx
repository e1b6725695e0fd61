/**
 * The server render of the app (issue 23, decision 0038), built by `vite build --ssr` into `dist/ssr/entry-server.js`
 * and called by the server's static-site plugin. It renders the same routes, providers and pages as the browser, in
 * React Router's data mode: the static handler matches the URL and loads the page's lazy module, the page renders
 * once on its own (without the app shell, which asks for nothing), the TanStack queries it asked for are fetched
 * through the transport the server set (its own routes, in process), and the whole app renders with their answers,
 * again while new queries appear (up to three rounds). A page that declares its reads (`lib/server-reads.ts`) skips
 * the first pass: they are fetched before it renders. What the page declared of itself
 * (`usePageMeta`) becomes the head, and the answers travel with the HTML, so the browser hydrates without asking again.
 */
import { dehydrate, QueryClient, type Query } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { CategoryList } from '#shared/contracts/catalogue';
import { LOCALES, localeFromPath } from '#shared/locales';
import type { PageMeta, RenderedPage } from '#shared/page-meta';
import { AppProviders } from '../components/app-providers';
import { primeBaseConfig } from '../lib/base-config';
import { i18n, initI18n } from '../lib/i18n';
import { PageMetaContext } from '../lib/page-meta';
import { queryClientOptions } from '../lib/query-client';
import { declaredReads } from '../lib/server-reads';
import { routes } from '../router';
import { SSR_DATA_VERSION, type SsrData } from './ssr-data';

export { setTransport } from '../lib/api-client';
export { setSiteSettings } from '../lib/site-settings';

/** Rounds of "render, fetch what it asked for" before the page is sent as it is (a query waiting on another's data). */
const MAX_ROUNDS = 3;

const handler = createStaticHandler(routes);
const allLoaded = (async () => {
  await initI18n('zh');
  const namespaces = Object.keys(import.meta.glob('../locales/zh/*.json')).map((file) =>
    file.replace(/^.*\/([^/]+)\.json$/, '$1'),
  );
  // Every text of every language is in memory, so no render ever waits for a translation.
  await i18n.reloadResources([...LOCALES], namespaces);
})();

let catalogueVersion: string | null = null;

/** Keeps the catalogue the pages read (the base configuration) at the server's live version. */
export function setCatalogue(version: string, list: CategoryList): void {
  if (version === catalogueVersion) return;
  catalogueVersion = version;
  primeBaseConfig(list);
}

export function catalogueVersionInUse(): string | null {
  return catalogueVersion;
}

function pendingQueries(client: QueryClient): Query[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => {
      if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
      const enabled = (query.options as { enabled?: unknown }).enabled;
      return typeof enabled === 'function' ? enabled(query) !== false : enabled !== false;
    });
}

/** Renders `url` (path and query) as the browser would show it on a first visit, logged out. */
export async function renderPage(url: string): Promise<RenderedPage> {
  await allLoaded;
  const request = new Request(new URL(url, 'http://ssr.invalid'));
  const context = await handler.query(request);
  if (context instanceof Response) {
    return {
      status: context.status,
      location: context.headers.get('location') ?? '/',
      html: '',
      meta: null,
      data: null,
    };
  }
  const locale = localeFromPath(new URL(request.url).pathname);
  // No retries here: a failing read would hold the page for a second; the browser asks again.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { ...queryClientOptions.defaultOptions?.queries, retry: false } },
  });
  const router = createStaticRouter(handler.dataRoutes, context);
  const used = new Set<string>();
  let meta: PageMeta | null = null;
  const collector = { record: (next: PageMeta) => (meta = next), discovering: false };

  const renderOnce = (discovering: boolean) => {
    meta = null;
    collector.discovering = discovering;
    // Rendering is synchronous: the shared i18n instance is in this page's language for the whole render. With every
    // text in memory the switch is synchronous too; were it not, the page would be in another language: refuse it.
    void i18n.changeLanguage(locale);
    if (i18n.language !== locale) throw new Error(`the texts of ${locale} are not ready for a server render`);
    // react-i18next notes each namespace a component reads here; cleared per render to learn this page's.
    const reported = (i18n as unknown as { reportNamespaces?: { usedNamespaces: Record<string, boolean> } })
      .reportNamespaces;
    if (reported) reported.usedNamespaces = {};
    const html = renderToString(
      <StrictMode>
        <PageMetaContext.Provider value={collector}>
          <AppProviders queryClient={queryClient}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </PageMetaContext.Provider>
      </StrictMode>,
    );
    for (const namespace of Object.keys(reported?.usedNamespaces ?? {})) used.add(namespace);
    return html;
  };

  // What the page reads: fetched first when its route declares it, else found by rendering the page alone once; each
  // next pass renders the whole app with the answers. A failed read stays failed in the cache (`prefetchQuery` never
  // throws): the page renders its error state, as the browser would.
  const declared = declaredReads(context.matches);
  let renders = 0;
  if (declared) await Promise.all(declared.map((read) => queryClient.prefetchQuery(read)));
  else {
    renderOnce(true);
    renders += 1;
  }
  let html = '';
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const pending = pendingQueries(queryClient);
    if (pending.length > 0) await Promise.all(pending.map((query) => query.fetch().catch(() => undefined)));
    html = renderOnce(false);
    renders += 1;
    if (pendingQueries(queryClient).length === 0) break;
  }
  const finalMeta = meta as PageMeta | null;
  // An old address of a page (components/moved-page.tsx): a permanent redirect, which crawlers follow too.
  if (finalMeta?.movedTo)
    return { status: 301, location: finalMeta.movedTo, html: '', meta: null, renders, data: null };
  return {
    status: context.statusCode,
    html,
    meta: finalMeta,
    renders,
    data: {
      version: SSR_DATA_VERSION,
      // Only answers: the browser asks again for anything that failed here.
      queries: dehydrate(queryClient),
      namespaces: [...used],
    } satisfies SsrData,
  };
}
