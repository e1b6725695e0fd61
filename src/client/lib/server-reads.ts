/**
 * What a page reads, declared by its route module as `handle: { serverReads }` (decision 0038). The server render
 * fetches these before it renders the page, so it renders once; a page that declares nothing is rendered once on its
 * own to find its queries, which costs a third of a render. The same option objects serve the page's own hooks, so
 * the declaration and the page cannot ask for different answers; a read the page makes but did not declare is still
 * fetched (one more render), so a missing entry costs time, never content.
 */
import type { FetchQueryOptions } from '@tanstack/react-query';
import type { Params } from 'react-router';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each page's reads answer different types
export type ServerRead = FetchQueryOptions<any, any, any, any>;

export interface PageHandle {
  serverReads?: (params: Params) => ServerRead[];
}

/** The reads the deepest matched route declares (its `handle`), or null when it declares none. */
export function declaredReads(
  matches: readonly { params: Params; route: { handle?: unknown } }[],
): ServerRead[] | null {
  const match = matches.at(-1);
  const handle = match?.route.handle as PageHandle | undefined;
  return handle?.serverReads ? handle.serverReads(match!.params) : null;
}
