/**
 * The community forum the chat button opens (docs/product-requirements.md §2). The server writes its `FORUM_URL` into
 * index.html as `<meta name="anglerdex:forum-url">`; the Vite dev server has no such tag, so the build-time setting or
 * the example default of docs/design.md §2 applies there.
 */
function fromMeta(): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector<HTMLMetaElement>('meta[name="anglerdex:forum-url"]')?.content || null;
}

export const FORUM_URL: string =
  fromMeta() || (import.meta.env.VITE_FORUM_URL as string | undefined) || 'https://forum.example.com/anglerdex';
