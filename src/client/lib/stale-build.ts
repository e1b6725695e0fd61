/**
 * After a deploy, a tab still running the previous build asks for code chunks whose hashed names no longer exist, and
 * the dynamic import fails. Reloading the page once fetches the new build, whose page then opens. If the reload did
 * not help (the chunk is missing from the new build too, or the network is down), the page must not reload again in
 * a loop: the error page says a new version is ready and offers the reload to the player instead.
 */

/** What each browser says when an `import()` of a chunk fails, and what Vite says when a chunk's CSS does. */
const STALE_CHUNK_MESSAGES = [
  'Failed to fetch dynamically imported module', // Chromium
  'error loading dynamically imported module', // Firefox
  'Importing a module script failed', // Safari
  'Unable to preload CSS', // Vite's preload of a chunk's stylesheet
];

/** The session key that marks a page load as the one this module's reload started, with when it started. */
const RELOAD_KEY = 'anglerdex:stale-build-reload';

/**
 * A reload started less than this long ago counts as the one that already tried: the new page failing again within
 * it is not reloaded again. After it, a later deploy may reload the page once more.
 */
const RELOAD_GRACE_MS = 60_000;

export function isStaleChunkError(error: unknown): error is Error {
  return error instanceof Error && STALE_CHUNK_MESSAGES.some((known) => error.message.includes(known));
}

/** How the page is reloaded; a test may swap it (jsdom cannot reload). */
export const pageReload = { run: () => window.location.reload() };

/** Each failure's decision, so a component rendered twice (React's StrictMode) decides once per failure. */
const decided = new WeakMap<object, boolean>();

/**
 * Reloads the page onto the new build unless this page load is itself such a reload, started within the grace time.
 * Answers whether it reloads; asked again for the same failure, answers the same without acting again. Without
 * session storage (disabled, full), it never reloads, so it cannot loop.
 */
export function reloadOntoNewBuild(failure: object, now = Date.now()): boolean {
  const known = decided.get(failure);
  if (known !== undefined) return known;
  const reloading = reloadUnlessJustReloaded(now);
  decided.set(failure, reloading);
  return reloading;
}

function reloadUnlessJustReloaded(now: number): boolean {
  try {
    const previous = Number(window.sessionStorage.getItem(RELOAD_KEY));
    if (previous > 0 && now - previous < RELOAD_GRACE_MS) return false;
    window.sessionStorage.setItem(RELOAD_KEY, String(now));
  } catch {
    return false;
  }
  pageReload.run();
  return true;
}
