/** The account area's privacy calls: the state of the learner's export and deletion, and the two actions. */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import type { DeleteReply, ExportReply, PrivacyState } from '../../../domain/replies-learner.ts';

export const privacyStateQuery = queryOptions({
  queryKey: ['privacy-state'],
  queryFn: () => api.post<PrivacyState>('/app_privacy/status'),
  staleTime: 0,
});

export const requestExport = (password: string) => api.post<ExportReply>('/app_privacy/export', { password });
export const requestDeletion = (password: string) => api.post<DeleteReply>('/app_privacy/delete', { password });

/** Dates are shown as YYYY-MM-DD (spec), left to right in every language. */
export const day = (iso?: string | null) => (iso ? String(iso).slice(0, 10) : '');
