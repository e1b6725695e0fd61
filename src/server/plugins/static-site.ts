/**
 * Serves the built front end and the media folder, and answers everything else: unknown `/api/*` paths get the
 * JSON 404; any other GET without a file gets the SPA's index.html so client-side routes work on reload.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { LOCALES } from '#shared/locales';
import { BAIT_PAGE_ROUTE, COLLECTION_PAGE_ROUTE, isShareId, itemIdOf, PAGES } from '#shared/pages';

export interface StaticSiteOptions {
  clientDir: string;
  mediaDir: string;
  /**
   * Runtime settings the front end needs before its first request (e.g. the forum URL), written into index.html as
   * `<meta name="anglerdex:<key>">`: no extra round trip, and no inline script for the CSP to allow.
   */
  siteMeta: Record<string, string>;
}

/** Every page path in every language: zh without a prefix, then `/zh`, `/en`, `/ja` (a bare prefix, with or without
 * its slash, is that language's home). */
const PAGE_URLS = [
  ...PAGES.map((page) => page.path),
  ...LOCALES.flatMap((l) => [`/${l}`, `/${l}/`, ...PAGES.filter((p) => p.path !== '/').map((p) => `/${l}${p.path}`)]),
];

/** A bait's page in every language. Only the segment's shape is checked here (the client, which holds the
 * catalogue, tells an id no bait has): a segment that is no id gets the shell with a 404, like any unknown path. */
const ITEM_PAGE_ROUTES = [BAIT_PAGE_ROUTE, ...LOCALES.map((l) => `/${l}${BAIT_PAGE_ROUTE}`)];

/** A shared collection's page in every language, judged by the share id's shape alone, as the bait pages are. */
const COLLECTION_PAGE_ROUTES = [COLLECTION_PAGE_ROUTE, ...LOCALES.map((l) => `/${l}${COLLECTION_PAGE_ROUTE}`)];

function escapeAttribute(text: string): string {
  return text.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
}

export default fp(async function staticSite(
  app: FastifyInstance,
  { clientDir, mediaDir, siteMeta }: StaticSiteOptions,
) {
  const indexFile = path.join(clientDir, 'index.html');
  const meta = Object.entries(siteMeta)
    .map(([key, value]) => `<meta name="anglerdex:${key}" content="${escapeAttribute(value)}">`)
    .join('');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8').replace('</head>', `${meta}</head>`) : null;

  mkdirSync(mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: '/media/',
    decorateReply: false,
    maxAge: '1d',
  });

  if (indexHtml) {
    await app.register(fastifyStatic, {
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
    });
  }

  // The shell is never cached, so a deploy reaches everyone at once.
  const sendShell = (reply: FastifyReply, status: number) =>
    reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);

  if (indexHtml) {
    // The product's pages are routes of their own, so they get compression like every route.
    for (const url of PAGE_URLS) app.get(url, { schema: { hide: true } }, (_request, reply) => sendShell(reply, 200));
    for (const route of ITEM_PAGE_ROUTES)
      app.get<{ Params: { ref: string } }>(route, { schema: { hide: true } }, (request, reply) =>
        sendShell(reply, itemIdOf(request.params.ref) === null ? 404 : 200),
      );
    // A player's shared collection is for the people they send its link to: search engines are asked not to index it.
    for (const route of COLLECTION_PAGE_ROUTES)
      app.get<{ Params: { shareId: string } }>(route, { schema: { hide: true } }, (request, reply) =>
        sendShell(reply.header('x-robots-tag', 'noindex'), isShareId(request.params.shareId) ? 200 : 404),
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
    // Any other path still gets the shell, so the SPA shows its own not-found page, but with a 404 for crawlers.
    if (wantsPage && indexHtml) return sendShell(reply, 404);
    return reply.code(404).send({ detail: 'Not Found' });
  });
});
