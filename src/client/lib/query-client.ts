import { QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Catalogue-like data changes slowly, so a minute of freshness saves requests. */
export const queryClientOptions: QueryClientConfig = {
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      refetchOnWindowFocus: false,
      // A 4xx will not fix itself by asking again; network and 5xx errors get one more try.
      retry: (failureCount, error) =>
        failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
};

/** One QueryClient for the app (a server render makes one per request with the same options). */
export const queryClient = new QueryClient(queryClientOptions);
