/**
 * Sitemaps and robots.txt (docs/product-requirements.md §2: one sitemap per locale): `/sitemap.xml` is an index of
 * `/{zh,en,ja}/sitemap.xml`; each lists every public page of `#shared/pages` and the page of every fish, bait and map
 * the live catalogue has not deprecated (`ITEM_PAGES`, issue 23), in that language with its slug, and the page's
 * alternates in every language and `x-default` (the zh form). The locale sitemaps are serialised once per catalogue
 * view (a catalogue import or rollback makes a new one) and sent with an ETag, compressed once per encoding
 * (http/conditional-get.ts). Links come from PUBLIC_BASE_URL, never from the request's Host header.
 */
import type { FastifyPluginAsync } from 'fastify';
import { type Named, displayName } from '#shared/game/names';
import { DEFAULT_LOCALE, LOCALES, localePath, type Locale } from '#shared/locales';
import { ITEM_PAGES, itemSlug, PAGES } from '#shared/pages';
import { sendConditional, type SerializedAnswer, serializedAnswer } from '../../http/conditional-get';

/** What the sitemap reads of a catalogue item: its id, its names (the slugs) and whether it is gone from the game. */
export interface SitemapItem extends Named {
  readonly id: number;
  readonly deprecated: boolean;
}

/** What the sitemaps read of the catalogue (the catalogue snapshot satisfies it): the item groups with a page each. */
export interface SitemapCatalogue {
  view(): Promise<{
    readonly groups: { readonly [G in (typeof ITEM_PAGES)[number]['group']]: readonly SitemapItem[] };
  }>;
}

export interface SitemapRoutesOptions {
  /** PUBLIC_BASE_URL, without a trailing slash. */
  baseUrl: string;
  catalogue: SitemapCatalogue;
}

/**
 * The areas no crawler needs (the account pages and the superuser's admin pages, in every language form) and the API.
 * A shared collection's page is not here: it answers `X-Robots-Tag: noindex`, which a crawler must be let in to read.
 */
const DISALLOWED = [
  '/api/',
  ...['/user', '/admin'].flatMap((area) => [area, ...LOCALES.map((locale) => `/${locale}${area}`)]),
];

/** An hour: crawlers read these seldom, and a catalogue change reaching them an hour late costs nothing. */
const SITEMAP_CACHE_CONTROL = 'public, max-age=3600';
const XML = 'application/xml; charset=utf-8';

function xmlEscape(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function sitemapIndex(baseUrl: string): string {
  const entries = LOCALES.map((l) => `<sitemap><loc>${xmlEscape(`${baseUrl}/${l}/sitemap.xml`)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('')}</sitemapindex>\n`;
}

/** A page's path (no language prefix) in each language: the same for a fixed page, with that language's slug for an item's. */
type PathIn = (locale: Locale) => string;

/** One `<url>`: the page in `locale`, and its alternates in every language and `x-default`, the zh form. */
function urlEntry(baseUrl: string, locale: Locale, pathIn: PathIn): string {
  const href = (l: Locale) => xmlEscape(baseUrl + localePath(l, pathIn(l)));
  const alternates = [...LOCALES.map((l) => [l, l] as const), ['x-default', DEFAULT_LOCALE] as const]
    .map(([hreflang, l]) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${href(l)}"/>`)
    .join('');
  return `<url><loc>${href(locale)}</loc>${alternates}</url>`;
}

/** Every page the sitemaps list: the public screens, then each live fish's, bait's and map's page in catalogue order. */
function sitemapPages(groups: Awaited<ReturnType<SitemapCatalogue['view']>>['groups']): PathIn[] {
  const screens = PAGES.filter((page) => page.public).map(
    (page): PathIn =>
      () =>
        page.path,
  );
  const items = ITEM_PAGES.flatMap(({ group, path }) =>
    groups[group]
      .filter((item) => !item.deprecated)
      .map(
        (item): PathIn =>
          (locale) =>
            path(item.id, itemSlug(displayName(item, locale))),
      ),
  );
  return [...screens, ...items];
}

function localeSitemap(baseUrl: string, locale: Locale, pages: readonly PathIn[]): string {
  const urls = pages.map((pathIn) => urlEntry(baseUrl, locale, pathIn));
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls.join('')}</urlset>\n`;
}

function robotsTxt(baseUrl: string): string {
  const sitemaps = ['/sitemap.xml', ...LOCALES.map((l) => `/${l}/sitemap.xml`)];
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    ...sitemaps.map((path) => `Sitemap: ${baseUrl}${path}`),
    '',
  ].join('\n');
}

export const sitemapRoutes: FastifyPluginAsync<SitemapRoutesOptions> = async (app, { baseUrl, catalogue }) => {
  const hidden = { schema: { hide: true } };
  // Neither depends on the catalogue: made once.
  const index = serializedAnswer(sitemapIndex(baseUrl), 'stable', XML);
  const robots = serializedAnswer(robotsTxt(baseUrl), 'stable', 'text/plain; charset=utf-8');

  // The three locale sitemaps of a catalogue view, kept as long as the view is: the catalogue snapshot replaces its
  // view as a whole on every reload, so a new one is a new key and the old answers go with the old view.
  const kept = new WeakMap<object, Map<Locale, SerializedAnswer>>();
  const localeAnswer = async (locale: Locale): Promise<SerializedAnswer> => {
    const view = await catalogue.view();
    let answers = kept.get(view);
    if (!answers) {
      const pages = sitemapPages(view.groups);
      answers = new Map(LOCALES.map((l) => [l, serializedAnswer(localeSitemap(baseUrl, l, pages), 'stable', XML)]));
      kept.set(view, answers);
    }
    return answers.get(locale)!;
  };

  app.get('/robots.txt', hidden, async (request, reply) =>
    sendConditional(request, reply, robots, SITEMAP_CACHE_CONTROL),
  );
  app.get('/sitemap.xml', hidden, async (request, reply) =>
    sendConditional(request, reply, index, SITEMAP_CACHE_CONTROL),
  );
  for (const locale of LOCALES) {
    app.get(`/${locale}/sitemap.xml`, hidden, async (request, reply) =>
      sendConditional(request, reply, await localeAnswer(locale), SITEMAP_CACHE_CONTROL),
    );
  }
};
