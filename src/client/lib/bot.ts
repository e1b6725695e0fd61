/**
 * Crawlers and link-preview fetchers. They get no error page (docs/product-requirements.md §8) and no language
 * redirect: each language must be indexed at its own URL. Headless Chrome is deliberately not listed — our own
 * end-to-end tests drive it.
 */
const BOT_PATTERN =
  /bot\b|bot\/|crawler|spider|slurp|bingpreview|mediapartners|facebookexternalhit|embedly|quora link preview|whatsapp|telegrambot|lighthouse|baiduspider|yandex|sogou|bytespider|petalbot|applebot|duckduckbot/i;

export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  return !!userAgent && BOT_PATTERN.test(userAgent);
}
