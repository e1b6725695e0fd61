/**
 * The moderation console's calls (`/api/admin/*`, issue 24) as TanStack Query hooks. Every answer is the operator's
 * own (keys hold the session's token) and never kept by the server's caches; every change marks every console answer
 * out of date, since one change shows on several screens (a user's page, the audit log, the overview).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminAiQuestionPage,
  AdminCatchChange,
  AdminCatchPage,
  AdminCatchTrust,
  AdminLoggerCatchesChange,
  AdminLoggerChange,
  AdminLoggerPage,
  AdminOverview,
  AdminRecordChange,
  AdminRecordPage,
  AdminRefund,
  AdminUserChange,
  AdminUserDetail,
  AdminUserPage,
  AiQuestionKind,
  AuditPage,
  FishAliasChange,
  FishAliasList,
  LoggerState,
  RecordCorrectionBody,
  RecordsImportResult,
  RevertResult,
} from '#shared/contracts/admin';
import { api, type Query } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

const BASE = '/api/admin';

export function useAdminOverview() {
  const { token } = useSession();
  return useQuery({
    queryKey: queryKeys.admin.overview(token),
    queryFn: ({ signal }) => api.get<AdminOverview>(`${BASE}/overview`, undefined, { signal }),
  });
}

export interface UserFilters {
  q: string;
  page: number;
}

export function useAdminUsers(filters: UserFilters) {
  const { token } = useSession();
  return useQuery({
    queryKey: queryKeys.admin.users(token, filters),
    queryFn: ({ signal }) =>
      api.get<AdminUserPage>(`${BASE}/users`, { q: filters.q, page: filters.page, page_size: 20 }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUser(id: string | null) {
  const { token } = useSession();
  return useQuery({
    queryKey: queryKeys.admin.user(token, id ?? ''),
    queryFn: ({ signal }) =>
      api.get<AdminUserDetail>(`${BASE}/users/${encodeURIComponent(id!)}`, undefined, { signal }),
    enabled: id !== null,
  });
}

export interface RecordFilters {
  map_id: number | null;
  fish_id: number | null;
  player_name: string;
  source_id: string;
  page: number;
}

export function useAdminRecords(filters: RecordFilters) {
  const { token } = useSession();
  return useQuery({
    queryKey: queryKeys.admin.records(token, filters),
    queryFn: ({ signal }) =>
      api.get<AdminRecordPage>(`${BASE}/records`, { ...filters, page_size: 20 } as Query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAiQuestions(filters: { kind: AiQuestionKind; page: number }) {
  const { token } = useSession();
  return useQuery({
    queryKey: queryKeys.admin.aiQuestions(token, filters),
    queryFn: ({ signal }) =>
      api.get<AdminAiQuestionPage>(`${BASE}/ai/questions`, { ...filters, page_size: 20 }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useFishAliases() {
  const { token } = useSession();
  return useQuery({
    queryKey: queryKeys.admin.aliases(token),
    queryFn: ({ signal }) => api.get<FishAliasList>(`${BASE}/ai/aliases`, undefined, { signal }),
  });
}

export interface AuditFilters {
  operator: string;
  action: string;
  target_type: string;
  target_id: string;
  page: number;
}

export function useAuditLog(filters: AuditFilters) {
  const { token } = useSession();
  return useQuery({
    queryKey: queryKeys.admin.audit(token, filters),
    queryFn: ({ signal }) => api.get<AuditPage>(`${BASE}/audit`, { ...filters, page_size: 20 }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export interface CatchFilters {
  map_id: number | null;
  fish_id: number | null;
  bait_id: number | null;
  logger_id: string;
  /** ISO times; empty: the server's default (the last 7 days). */
  from: string;
  to: string;
  trust: AdminCatchTrust;
  page: number;
}

export function useAdminCatches(filters: CatchFilters) {
  const { token } = useSession();
  return useQuery({
    queryKey: queryKeys.admin.catches(token, filters),
    queryFn: ({ signal }) =>
      api.get<AdminCatchPage>(`${BASE}/catches`, { ...filters, page_size: 50 } as Query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A console change: every console answer is asked again once it is done (or failed: it may have half-happened). */
function useAdminChange<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all() }),
  });
}

type UserAction = 'deactivate' | 'reactivate' | 'verify';

export const useUserAction = () =>
  useAdminChange(
    ({ id, action, ...body }: { id: string; action: UserAction; reason?: string; current_password?: string }) =>
      api.post<AdminUserChange>(`${BASE}/users/${encodeURIComponent(id)}/${action}`, body),
  );

export const useGrantVip = () =>
  useAdminChange(({ id, ...body }: { id: string; days: number; reason: string }) =>
    api.post<AdminUserChange>(`${BASE}/users/${encodeURIComponent(id)}/vip`, body),
  );

export const useRefund = () =>
  useAdminChange(({ orderNo, ...body }: { orderNo: string; current_password: string; reason?: string }) =>
    api.post<AdminRefund>(`${BASE}/orders/${encodeURIComponent(orderNo)}/refund`, body),
  );

export const useImportRecords = () =>
  useAdminChange(({ file, reason }: { file: File; reason: string }) => {
    const form = new FormData();
    if (reason) form.append('reason', reason);
    form.append('file', file, file.name);
    return api.post<RecordsImportResult>(`${BASE}/records/import`, form);
  });

export const useCorrectRecord = () =>
  useAdminChange(({ id, body }: { id: number; body: RecordCorrectionBody }) =>
    api.patch<AdminRecordChange>(`${BASE}/records/${id}`, body),
  );

export const useDeleteRecord = () =>
  useAdminChange(({ id, ...body }: { id: number; current_password: string; reason?: string }) =>
    api.delete<{ audit_id: number }>(`${BASE}/records/${id}`, body),
  );

export const useAddAlias = () =>
  useAdminChange((body: { fish_id: number; alias: string; reason?: string }) =>
    api.post<FishAliasChange>(`${BASE}/ai/aliases`, body),
  );

export const useRemoveAlias = () =>
  useAdminChange(({ id, ...body }: { id: number; reason?: string }) =>
    api.delete<FishAliasChange>(`${BASE}/ai/aliases/${id}`, body),
  );

export const useHideCatches = () =>
  useAdminChange((body: { ids: number[]; current_password: string; reason?: string }) =>
    api.post<AdminCatchChange>(`${BASE}/catches/hide`, body),
  );

export const useRestoreCatches = () =>
  useAdminChange((body: { ids: number[]; reason?: string }) =>
    api.post<AdminCatchChange>(`${BASE}/catches/restore`, body),
  );

export const useRevert = () =>
  useAdminChange(({ id, ...body }: { id: number; current_password: string; reason?: string }) =>
    api.post<RevertResult>(`${BASE}/audit/${id}/revert`, body),
  );

// ---- Loggers (decision 0041)

export interface LoggerFilters {
  q: string;
  state: LoggerState;
  page: number;
}

export function useAdminLoggers(filters: LoggerFilters) {
  const { token } = useSession();
  return useQuery({
    queryKey: queryKeys.admin.loggers(token, filters),
    queryFn: ({ signal }) => api.get<AdminLoggerPage>(`${BASE}/loggers`, { ...filters, page_size: 20 }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export type LoggerAction = 'flag' | 'clear' | 'block' | 'unblock' | 'revoke';

export const useLoggerAction = () =>
  useAdminChange(
    ({ id, action, ...body }: { id: string; action: LoggerAction; reason?: string; current_password?: string }) =>
      api.post<AdminLoggerChange>(`${BASE}/loggers/${encodeURIComponent(id)}/${action}`, body),
  );

/** Hides (password asked) or restores a logger's catches caught in `[from, to)`. */
export const useLoggerRange = () =>
  useAdminChange(
    ({
      id,
      how,
      ...body
    }: {
      id: string;
      how: 'hide' | 'restore';
      from: string;
      to: string;
      reason?: string;
      current_password?: string;
    }) => api.post<AdminLoggerCatchesChange>(`${BASE}/loggers/${encodeURIComponent(id)}/${how}`, body),
  );
