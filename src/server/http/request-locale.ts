import type { FastifyRequest } from 'fastify';
import { firstSupportedLocale, type Locale } from '#shared/locales';

/**
 * The language the user is reading the site in: the client sends it as `Accept-Language` (its first tag is the
 * page's language); a browser's own header works too. Used for the language of account e-mails and of the names in CSV exports.
 */
export function requestLocale(request: FastifyRequest): Locale | null {
  const header = request.headers['accept-language'];
  if (!header) return null;
  const tags = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return firstSupportedLocale(tags.map((entry) => entry.tag));
}
