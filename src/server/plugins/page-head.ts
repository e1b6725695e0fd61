/**
 * The HTML of a server-rendered page (issue 23): the built `index.html` with the page's language, its own title and
 * description, a canonical URL, hreflang alternates for zh, en, ja and `x-default`, Open Graph and Twitter card tags,
 * JSON-LD breadcrumbs, `noindex` where the page asks for it, the rendered markup in `#root` and the data the browser
 * hydrates from. Absolute links come from PUBLIC_BASE_URL, never from the request's Host header.
 */
import { htmlLang } from '#shared/entry-locale';
import { LOCALES, localeFromPath, localePath, stripLocale, type Locale } from '#shared/locales';
import { documentTitle, SITE_NAME, SSR_DATA_ELEMENT_ID, type PageMeta } from '#shared/page-meta';

const OG_LOCALES: Record<Locale, string> = { zh: 'zh_CN', en: 'en_US', ja: 'ja_JP' };

export function escapeHtml(text: string): string {
  return text.replace(/[&"'<>]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON inside a `<script>` element: nothing in it can close the element or open a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function absolute(baseUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${baseUrl}${pathOrUrl}`;
}

export interface HeadInput {
  /** The request's path (no query): the canonical URL is this page without its query string. */
  pathname: string;
  meta: PageMeta | null;
  baseUrl: string;
}

/** The tags the page's `<head>` gains, and the values that replace the template's title and description. */
export function headTags({ pathname, meta, baseUrl }: HeadInput): {
  title: string;
  description: string | null;
  tags: string;
} {
  const locale = localeFromPath(pathname);
  const bare = stripLocale(pathname);
  const title = documentTitle(meta?.title ?? '');
  const description = meta?.description ?? null;
  const tags: string[] = [];
  if (meta?.noindex || (meta?.status ?? 200) >= 400) {
    tags.push('<meta name="robots" content="noindex">');
  } else {
    const canonical = `${baseUrl}${localePath(locale, bare)}`;
    tags.push(`<link rel="canonical" href="${escapeHtml(canonical)}">`);
    for (const other of LOCALES) {
      const href = `${baseUrl}${localePath(other, bare)}`;
      tags.push(`<link rel="alternate" hreflang="${htmlLang(other)}" href="${escapeHtml(href)}">`);
    }
    tags.push(`<link rel="alternate" hreflang="x-default" href="${escapeHtml(`${baseUrl}${bare}`)}">`);
    tags.push(
      `<meta property="og:type" content="website">`,
      `<meta property="og:site_name" content="${SITE_NAME}">`,
      `<meta property="og:title" content="${escapeHtml(title)}">`,
      `<meta property="og:url" content="${escapeHtml(canonical)}">`,
      `<meta property="og:locale" content="${OG_LOCALES[locale]}">`,
      ...LOCALES.filter((l) => l !== locale).map(
        (l) => `<meta property="og:locale:alternate" content="${OG_LOCALES[l]}">`,
      ),
    );
    if (description) tags.push(`<meta property="og:description" content="${escapeHtml(description)}">`);
    const image = meta?.image ? absolute(baseUrl, meta.image) : null;
    if (image) tags.push(`<meta property="og:image" content="${escapeHtml(image)}">`);
    tags.push(
      `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
      `<meta name="twitter:title" content="${escapeHtml(title)}">`,
    );
    if (description) tags.push(`<meta name="twitter:description" content="${escapeHtml(description)}">`);
    if (image) tags.push(`<meta name="twitter:image" content="${escapeHtml(image)}">`);
    const crumbs = meta?.breadcrumbs ?? [];
    if (crumbs.length > 0) {
      const home = { name: SITE_NAME, path: '/' };
      const list = {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [home, ...crumbs].map((crumb, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          name: crumb.name,
          item: `${baseUrl}${localePath(locale, crumb.path)}`,
        })),
      };
      tags.push(`<script type="application/ld+json">${scriptJson(list)}</script>`);
    }
  }
  return { title, description, tags: tags.join('') };
}

export interface PageDocument {
  pathname: string;
  meta: PageMeta | null;
  /** The rendered markup for `#root`; empty for a page the browser renders. */
  html: string;
  /** The JSON the browser hydrates from; null for a page the browser renders. */
  data: unknown;
}

/** The template split once around the places a page fills in, so a page is a few string joins. */
export interface PageTemplate {
  render(document: PageDocument, baseUrl: string): string;
}

export function pageTemplate(indexHtml: string): PageTemplate {
  const titleTag = /<title>[^<]*<\/title>/;
  const descriptionTag = /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/;
  const rootTag = '<div id="root"></div>';
  if (!titleTag.test(indexHtml) || !indexHtml.includes(rootTag) || !indexHtml.includes('<html lang="zh-CN">')) {
    throw new Error('index.html lacks the title, the root element or the html lang this server fills in');
  }
  const noscript = /<noscript>[\s\S]*?<\/noscript>\s*/;
  return {
    render({ pathname, meta, html, data }, baseUrl) {
      const locale = localeFromPath(pathname);
      const head = headTags({ pathname, meta, baseUrl });
      let page = indexHtml
        .replace('<html lang="zh-CN">', `<html lang="${htmlLang(locale)}">`)
        .replace(titleTag, () => `<title>${escapeHtml(head.title)}</title>`)
        .replace('</head>', () => `${head.tags}</head>`);
      if (head.description) {
        page = page.replace(
          descriptionTag,
          () => `<meta name="description" content="${escapeHtml(head.description ?? '')}">`,
        );
      }
      if (data === null) return page;
      // A rendered page reads without JavaScript: the "needs JavaScript" note is only for pages the browser renders.
      return page
        .replace(noscript, '')
        .replace(
          rootTag,
          () =>
            `<div id="root">${html}</div><script type="application/json" id="${SSR_DATA_ELEMENT_ID}">${scriptJson(data)}</script>`,
        );
    },
  };
}
