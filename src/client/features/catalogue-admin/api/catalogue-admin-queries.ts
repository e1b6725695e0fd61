/**
 * The superuser catalogue calls (`/api/admin/catalogue/*`, issue 21) as TanStack Query hooks. Nothing is kept on the
 * server between a dry run and an apply: the page sends the same file again, with the live version it compared with
 * (`if_live`), so an apply never lands on a version someone else made meanwhile. Keys hold the session's token.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CatalogueApplyResult, CatalogueDryRun, CatalogueVersionList } from '#shared/contracts/catalogue-package';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

const BASE = '/api/admin/catalogue';

/** `GET /versions`: every version applied, newest first, and the live one. */
export function useCatalogueVersions() {
  const { token } = useSession();
  return useQuery({
    queryKey: queryKeys.admin.catalogueVersions(token),
    queryFn: ({ signal }) => api.get<CatalogueVersionList>(`${BASE}/versions`, undefined, { signal }),
  });
}

/** `POST /dry-run` with the archive's bytes: its problems, or its diff against the live catalogue. */
export function useDryRun() {
  return useMutation({
    mutationFn: (file: Blob) => api.post<CatalogueDryRun>(`${BASE}/dry-run`, file),
  });
}

function useVersionsChanged() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.catalogueVersions(token) });
}

/** `POST /apply?if_live=` with the same archive: the version made (null: the content was already live). */
export function useApplyPackage() {
  const changed = useVersionsChanged();
  return useMutation({
    mutationFn: ({ file, live }: { file: Blob; live: number | null }) =>
      api.post<CatalogueApplyResult>(`${BASE}/apply?if_live=${live ?? 0}`, file),
    onSettled: changed,
  });
}

/** `GET /versions/{id}/rollback-preview`, asked only while the rollback dialog of that version is open. */
export function useRollbackPreview(version: number | null) {
  const { token } = useSession();
  return useQuery({
    queryKey: queryKeys.admin.rollbackPreview(token, version ?? 0),
    queryFn: ({ signal }) =>
      api.get<CatalogueDryRun>(`${BASE}/versions/${version}/rollback-preview`, undefined, { signal }),
    enabled: version !== null,
    // The live version changes under a preview: ask again each time the dialog opens.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** `POST /versions/{id}/rollback?if_live=`: that version's content again, as a new version. */
export function useRollback() {
  const changed = useVersionsChanged();
  return useMutation({
    mutationFn: ({ version, live }: { version: number; live: number | null }) =>
      api.post<CatalogueApplyResult>(`${BASE}/versions/${version}/rollback?if_live=${live ?? 0}`),
    onSettled: changed,
  });
}
