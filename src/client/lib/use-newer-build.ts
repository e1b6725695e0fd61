/**
 * The hourly build-update check (docs/product-requirements.md §9): the page knows which build it runs (index.html's
 * `<meta>`, written by `vite build`) and asks the server every hour which build it serves now.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { BUILD_META_NAME } from '#shared/build-info';
import type { BuildInfo } from '#shared/contracts/build';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/** docs/product-requirements.md §9: build-update check every hour. */
export const BUILD_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** The build this page runs; null under the Vite dev server, which writes no build id (and so never checks). */
function ownBuild(): string | null {
  return document.querySelector<HTMLMetaElement>(`meta[name="${BUILD_META_NAME}"]`)?.content || null;
}

/** The id of a newer build than this page's, once a check has found the server serving one; else null. */
export function useNewerBuild(): string | null {
  const [own] = useState(ownBuild);
  const { data } = useQuery({
    queryKey: queryKeys.build(),
    queryFn: ({ signal }) => api.get<BuildInfo>('/api/build', undefined, { signal }),
    enabled: own !== null,
    // The page came with its own build, so there is nothing to ask on load: the first check is an hour later.
    initialData: { build: own },
    staleTime: BUILD_CHECK_INTERVAL_MS,
    refetchInterval: BUILD_CHECK_INTERVAL_MS,
    // Hourly checks pause in a background tab; looking at it again checks at once if the last check is an hour old.
    refetchOnWindowFocus: true,
    // A failed check is simply tried again at the next hour.
    retry: false,
  });
  // null from the server: it serves no front end of its own (the client is hosted elsewhere), so nothing to compare.
  const served = data.build;
  return own !== null && served !== null && served !== own ? served : null;
}
