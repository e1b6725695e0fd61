/**
 * The server's runtime settings the pages need (the forum URL, the thinnest share's sample): in the browser, the
 * `<meta name="anglerdex:<key>">` tags the server writes into every page (no extra round trip, no inline script); in a
 * server render, the same values handed to the render by the server (`setSiteSettings`, `src/client/ssr`).
 */
let serverSettings: Readonly<Record<string, string>> | null = null;

/** A server render's settings (the values the server writes into the page's tags). */
export function setSiteSettings(settings: Record<string, string>): void {
  serverSettings = { ...settings };
}

/** The setting `key` (`forum-url`, `share-min-sample`…), or null where it is not set (the Vite dev server, tests). */
export function siteSetting(key: string): string | null {
  if (serverSettings) return serverSettings[key] || null;
  if (typeof document === 'undefined') return null;
  return document.querySelector<HTMLMetaElement>(`meta[name="anglerdex:${key}"]`)?.content || null;
}
