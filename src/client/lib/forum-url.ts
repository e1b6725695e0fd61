/**
 * The community forum the chat button opens (docs/product-requirements.md §2): the server's `FORUM_URL`
 * (`site-settings.ts`); the Vite dev server has no such setting, so the build-time one or the example default of
 * docs/design.md §2 applies there.
 */
import { siteSetting } from './site-settings';

export function forumUrl(): string {
  return (
    siteSetting('forum-url') ||
    (import.meta.env.VITE_FORUM_URL as string | undefined) ||
    'https://forum.example.com/anglerdex'
  );
}
