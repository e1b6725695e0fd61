import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CollectionSharing,
  CollectionSharingBody,
  MyCollectionResponse,
  PublicCollectionResponse,
} from '#shared/contracts/collection';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const MINE = '/api/users/me/collection';

/** The current user's collection; `loggerId` keys it by the bound logger, so binding another one shows its own. */
export function useMyCollection(token: string, loggerId: string | null) {
  return useQuery({
    queryKey: queryKeys.collection.mine(token, loggerId),
    queryFn: ({ signal }) => api.get<MyCollectionResponse>(MINE, undefined, { signal }),
    staleTime: 30_000,
  });
}

/** A collection its player shares; a 404 (not shared, or no longer) is not retried. */
export function useSharedCollection(shareId: string) {
  return useQuery({
    queryKey: queryKeys.collection.shared(shareId),
    queryFn: ({ signal }) =>
      api.get<PublicCollectionResponse>(`/api/collections/${encodeURIComponent(shareId)}`, undefined, { signal }),
    staleTime: 30_000,
  });
}

/** Turns the public page on or off; the collection's cached answer takes the new sharing at once. */
export function useSetSharing(token: string, loggerId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CollectionSharingBody) => api.put<CollectionSharing>(`${MINE}/sharing`, body),
    onSuccess: (sharing) =>
      queryClient.setQueryData<MyCollectionResponse>(queryKeys.collection.mine(token, loggerId), (collection) =>
        collection ? { ...collection, sharing } : collection,
      ),
  });
}
