/**
 * Serves the built front end and the media folder, and answers everything else: unknown `/api/*` paths get the
 * JSON 404. Public pages (issue 23, decision 0038) are rendered here by the server render of the app when its bundle
 * is there (`renderer`): their HTML holds the content, the page's language, title, description, canonical and
 * alternate links, and the data the browser hydrates from. Account and admin pages get the app's shell with
 * `noindex`, which the browser renders; so does every page when there is no renderer (dev, tests) or a render fails.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { acceptedLanguages, entryRedirect } from '#shared/entry-locale';
import { LOCALES } from '#shared/locales';
import type { PageMeta } from '#shared/page-meta';
import { COLLECTION_PAGE_ROUTE, isShareId, itemIdOf, ITEM_PAGES, PAGES } from '#shared/pages';
import { KeptPages } from './kept-pages';
import { OVERLOAD_EXEMPT } from './overload';
import { escapeHtml, pageTemplate } from './page-head';
import type { PageRenderer } from './page-renderer';

export interface StaticSiteOptions {
  clientDir: string;
  mediaDir: string;
  /**
   * Runtime settings the front end needs before its first request (e.g. the forum URL), written into index.html as
   * `<meta name="anglerdex:<key>">`: no extra round trip, and no inline script for the CSP to allow.
   */
  siteMeta: Record<string, string>;
  /** PUBLIC_BASE_URL: canonical and alternate links, Open Graph URLs. */
  baseUrl: string;
  /** The server render of public pages; null serves the shell everywhere (no `dist/ssr` bundle, or SSR_ENABLED=false). */
  renderer: PageRenderer | null;
  /** The live catalogue's version: the render is handed the new category list when it changes. */
  catalogueVersion: () => Promise<number>;
  /** How long a rendered page is sent again before it is rendered anew, ms (decision 0038); 0 renders every request. */
  renderCacheMs: number;
  /** How long after that it is still sent while a new render replaces it in the background, ms (kept-pages.ts). */
  renderStaleMs: number;
}

/** A page's path in every language: zh without a prefix, then `/zh`, `/en`, `/ja` (a bare prefix, with or without its
 * slash, is that language's home). */
function inEveryLocale(pagePath: string): string[] {
  if (pagePath === '/') return ['/', ...LOCALES.flatMap((l) => [`/${l}`, `/${l}/`])];
  return [pagePath, ...LOCALES.map((l) => `/${l}${pagePath}`)];
}

/** What a request for a page may cost before it is answered with the shell instead (a hung read, a bug). */
const RENDER_TIMEOUT_MS = 5_000;
/** Rendered pages kept at most (about 100 KB each): a crawler's flood of distinct URLs cannot grow the memory. */
const RENDER_CACHE_ENTRIES = 1_000;

/** The groups of the catalogue the app's pages read (the client's base configuration, `lib/base-config.ts`). */
const CATALOGUE_LIST_URL =
  '/api/system/get_category_list?category_group=fish&category_group=maps&category_group=baits&category_group=star_type&category_group=fish_way';

interface RenderScope {
  app: FastifyInstance;
  request: FastifyRequest;
}

/**
 * A site path as a `Location` header may carry it: a Chinese or Japanese slug percent-encoded (UTF-8), what is
 * encoded already left as it is. Node refuses a header with characters outside Latin-1, which would have been a 500.
 */
function headerSafePath(sitePath: string): string {
  const url = new URL(sitePath, 'http://site.invalid');
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Files (the front end's scripts and styles, media) are never refused for overload (decision 0027): each costs a file
 * read, and a page whose HTML went out does not run without them. Refused, they left that page dead for good (seen in
 * the end-to-end journeys on a loaded machine); its API calls, refused too, show the page's error and its retry.
 */
async function files(app: FastifyInstance, { serve }: { serve: FastifyStaticOptions }) {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, ...OVERLOAD_EXEMPT };
  });
  // Handed on whole, not as this plugin's own options, where Fastify would read `prefix` as a prefix of its routes.
  await app.register(fastifyStatic, serve);
}

/** A rendered page as it is sent: its status and document, or a redirect. */
interface FilledPage {
  status: number;
  location?: string;
  document: string;
}

function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`server render took over ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export default fp(async function staticSite(
  app: FastifyInstance,
  {
    clientDir,
    mediaDir,
    siteMeta,
    baseUrl,
    renderer,
    catalogueVersion,
    renderCacheMs,
    renderStaleMs,
  }: StaticSiteOptions,
) {
  const indexFile = path.join(clientDir, 'index.html');
  const settings = Object.entries(siteMeta)
    .map(([key, value]) => `<meta name="anglerdex:${key}" content="${escapeHtml(value)}">`)
    .join('');
  const indexHtml = existsSync(indexFile)
    ? readFileSync(indexFile, 'utf8').replace('</head>', `${settings}</head>`)
    : null;

  mkdirSync(mediaDir, { recursive: true });
  await app.register(files, {
    serve: {
      root: mediaDir,
      prefix: '/media/',
      decorateReply: false,
      maxAge: '1d',
    },
  });
  if (!indexHtml) {
    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: 'Not Found' }));
    return;
  }

  const template = pageTemplate(indexHtml);
  await app.register(files, {
    serve: {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The shell is served only with its settings filled in (below), never as the raw file.
      allowedPath: (pathName) => pathName !== '/index.html',
      decorateReply: false,
      cacheControl: false,
      // Vite puts content hashes in asset names: they never change, so browsers may keep them for a year.
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    },
  });

  // Pages are never cached by browsers or proxies, so a deploy or new data reaches everyone at once.
  const sendHtml = (reply: FastifyReply, status: number, html: string) =>
    reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);

  /** The app's shell, which the browser renders: account pages, and any page when there is no server render. */
  const sendShell = (request: FastifyRequest, reply: FastifyReply, status: number, meta: PageMeta | null = null) =>
    sendHtml(reply, status, template.render({ pathname: pathOf(request.url), meta, html: '', data: null }, baseUrl));

  // The render's API calls go through this app in process, as the visitor (their address, so their own limits).
  const scope = new AsyncLocalStorage<RenderScope>();
  renderer?.setSiteSettings(siteMeta);
  renderer?.setTransport(async (url, init) => {
    const current = scope.getStore();
    if (!current) throw new Error('a server render called the API outside a page request');
    const answer = await current.app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: init.headers as Record<string, string>,
      remoteAddress: current.request.ip,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.rawPayload, { status: answer.statusCode, headers });
  });

  // One app in a process of several (tests) must not take another's catalogue for its own.
  const instance = Math.random().toString(36).slice(2);
  let catalogueSync: Promise<void> | null = null;
  async function syncCatalogue(pageRenderer: PageRenderer): Promise<string> {
    const version = `${instance}:${await catalogueVersion()}`;
    if (pageRenderer.catalogueVersionInUse() === version) return version;
    catalogueSync ??= (async () => {
      const answer = await app.inject({ method: 'GET', url: CATALOGUE_LIST_URL });
      if (answer.statusCode !== 200) throw new Error(`the catalogue list answered ${answer.statusCode}`);
      pageRenderer.setCatalogue(version, (answer.json() as { category_list: unknown }).category_list);
    })().finally(() => {
      catalogueSync = null;
    });
    await catalogueSync;
    return version;
  }

  // Rendered pages by URL under the same catalogue: a burst of visitors (or a crawler's) costs one render, requests
  // arriving during a render share it, and a page asked for again soon after is sent while it renders anew.
  // What is kept is the filled document, so a kept page costs its compression only.
  const kept = new KeptPages<FilledPage>({
    freshMs: renderCacheMs,
    staleMs: renderStaleMs,
    maxEntries: RENDER_CACHE_ENTRIES,
    onBackgroundError: (url, error) => app.log.warn({ err: error, url }, 'a kept page failed to render again'),
  });
  async function fill(pageRenderer: PageRenderer, request: FastifyRequest): Promise<FilledPage> {
    const page = await withTimeout(
      scope.run({ app, request }, () => pageRenderer.renderPage(request.url)),
      RENDER_TIMEOUT_MS,
    );
    if (page.location) return { status: page.status, location: headerSafePath(page.location), document: '' };
    const { meta, html, data } = page;
    const document = template.render({ pathname: pathOf(request.url), meta, html, data }, baseUrl);
    return { status: meta?.status ?? page.status, document };
  }

  /** A public page: rendered with its content when the render is there, else the shell with `fallbackStatus`. */
  async function sendPage(request: FastifyRequest, reply: FastifyReply, fallbackStatus: number) {
    if (pathOf(request.url) === '/') {
      const target = entryRedirect({
        pathname: '/',
        search: request.url.slice(1),
        hash: '',
        cookie: request.headers.cookie ?? '',
        languages: acceptedLanguages(request.headers['accept-language']),
        userAgent: request.headers['user-agent'] ?? '',
      });
      reply.header('vary', 'Accept-Language, Cookie, User-Agent');
      // A first visit to `/` goes to the remembered or the browser's language; crawlers stay (docs/design.md §1).
      if (target) return reply.code(302).header('cache-control', 'no-cache').redirect(target);
    }
    if (!renderer) return sendShell(request, reply, fallbackStatus);
    try {
      const version = await syncCatalogue(renderer);
      const page = await kept.get(request.url, version, () => fill(renderer, request));
      if (page.location) return reply.code(page.status).redirect(page.location);
      return sendHtml(reply, page.status, page.document);
    } catch (error) {
      // The browser can still render the page; a crawler gets the shell rather than an error (docs/product-requirements.md §8).
      request.log.error({ err: error }, 'server render failed: the shell was sent');
      return sendShell(request, reply, fallbackStatus);
    }
  }

  const hidden = { schema: { hide: true } };
  const privateMeta: PageMeta = { title: '', noindex: true };
  // The product's pages are routes of their own, so they get compression like every route.
  for (const page of PAGES) {
    for (const url of inEveryLocale(page.path)) {
      app.get(url, hidden, (request, reply) =>
        page.public ? sendPage(request, reply, 200) : sendShell(request, reply, 200, privateMeta),
      );
    }
  }
  // A fish's, bait's or map's own page: the render tells an id the catalogue lacks (the not-found page, 404); without
  // it only the segment's shape is judged here.
  for (const { route } of ITEM_PAGES) {
    for (const url of inEveryLocale(route)) {
      app.get<{ Params: { ref: string } }>(url, hidden, (request, reply) =>
        sendPage(request, reply, itemIdOf(request.params.ref) === null ? 404 : 200),
      );
    }
  }
  // A player's shared collection is for the people they send its link to: search engines are asked not to index it.
  for (const url of inEveryLocale(COLLECTION_PAGE_ROUTE)) {
    app.get<{ Params: { shareId: string } }>(url, hidden, (request, reply) =>
      sendShell(
        request,
        reply.header('x-robots-tag', 'noindex'),
        isShareId(request.params.shareId) ? 200 : 404,
        privateMeta,
      ),
    );
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/api/') &&
      url !== '/api' &&
      !url.startsWith('/media/') &&
      !/\.[a-z0-9]{2,5}(\?|$)/i.test(url);
    // Any other path gets the not-found page with a real 404, rendered like any page.
    if (wantsPage) return sendPage(request, reply, 404);
    return reply.code(404).send({ detail: 'Not Found' });
  });
});
