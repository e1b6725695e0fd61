/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The public API base URL (docs/product-requirements.md §7); empty = the site's own origin. */
  readonly VITE_API_BASE_URL?: string;
  /** The community forum the chat button opens, until the server configuration provides it. */
  readonly VITE_FORUM_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
