/**
 * Sitemaps (docs/product-requirements.md §2: one per locale): `/sitemap.xml` is an index of `/{zh,en,ja}/sitemap.xml`;
 * each lists every public page of `#shared/pages` in that language with hreflang alternates. Links come from
 * PUBLIC_BASE_URL, never from the request's Host header.
 */
import type { FastifyPluginAsync } from 'fastify';
import { LOCALES, localePath, type Locale } from '#shared/locales';
import { PAGES } from '#shared/pages';

function xmlEscape(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function sitemapIndex(baseUrl: string): string {
  const entries = LOCALES.map((l) => `<sitemap><loc>${xmlEscape(`${baseUrl}/${l}/sitemap.xml`)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('')}</sitemapindex>\n`;
}

function localeSitemap(baseUrl: string, locale: Locale): string {
  const urls = PAGES.filter((p) => p.public).map((page) => {
    const alternates = LOCALES.map(
      (l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${xmlEscape(baseUrl + localePath(l, page.path))}"/>`,
    ).join('');
    return `<url><loc>${xmlEscape(baseUrl + localePath(locale, page.path))}</loc>${alternates}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls.join('')}</urlset>\n`;
}

export const sitemapRoutes: FastifyPluginAsync<{ baseUrl: string }> = async (app, { baseUrl }) => {
  const hidden = { schema: { hide: true } };
  app.get('/sitemap.xml', hidden, async (_request, reply) => reply.type('application/xml').send(sitemapIndex(baseUrl)));
  for (const locale of LOCALES) {
    app.get(`/${locale}/sitemap.xml`, hidden, async (_request, reply) =>
      reply.type('application/xml').send(localeSitemap(baseUrl, locale)),
    );
  }
};
