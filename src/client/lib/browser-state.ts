/**
 * What only the browser knows (the viewport, the colour scheme), read so that a server-rendered page hydrates as the
 * server rendered it (issue 23): `useSyncExternalStore`'s server snapshot is what the server assumed (a wide viewport,
 * the light scheme), React uses it while hydrating and re-renders at once with the browser's value. A page the
 * browser renders itself gets the browser's value on its first render, so nothing flashes there.
 */
import { useCallback, useSyncExternalStore } from 'react';

const serverFalse = () => false;

/** Whether the media query matches, e.g. `(max-width: 36em)` for a phone; false on the server. */
export function useMatchMedia(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, serverFalse);
}

const SCHEME_ATTRIBUTE = 'data-mantine-color-scheme';

function subscribeScheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: [SCHEME_ATTRIBUTE] });
  return () => observer.disconnect();
}

/**
 * Whether the page shows the dark scheme: the attribute that `public/color-scheme.js` sets before the first paint and
 * Mantine keeps; false (light) on the server.
 */
export function useDarkScheme(): boolean {
  return useSyncExternalStore(
    subscribeScheme,
    () => document.documentElement.getAttribute(SCHEME_ATTRIBUTE) === 'dark',
    serverFalse,
  );
}

const never = () => () => {};

/**
 * False on the server and while a server-rendered page hydrates, true afterwards and in a page the browser renders.
 * Code-split parts (the Leaflet map, drawers) render only once it is true: a server render cannot wait for their code,
 * and would send their fallback where the browser, hydrating, expects them.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
