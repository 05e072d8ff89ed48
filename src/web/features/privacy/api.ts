/** The account area's privacy calls: the state of the learner's export and deletion, and the two actions. */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export interface PrivacyState {
  export: {
    status: 'queued' | 'running' | 'ready' | 'failed' | 'expired';
    created: string;
    ready: string | null;
    expires: string | null;
  } | null;
  deletion: { requested: string; due: string } | null;
  privacyaccepted: string | null;
  privacyversion: string | null;
}
export interface ExportReply extends PrivacyState {
  status: 'ready' | 'queued';
  url?: string;
  info: { message: string };
}
/** `deleted`: the site has no grace period and the account is already gone. */
export interface DeleteReply {
  info: { message: string };
  deletion: { requested: string; due: string };
  deleted?: boolean;
}

export const privacyStateQuery = queryOptions({
  queryKey: ['privacy-state'],
  queryFn: () => api.post<PrivacyState>('/app_privacy/status'),
  staleTime: 0,
});

export const requestExport = (password: string) => api.post<ExportReply>('/app_privacy/export', { password });
export const requestDeletion = (password: string) => api.post<DeleteReply>('/app_privacy/delete', { password });

/** Dates are shown as YYYY-MM-DD (spec), left to right in every language. */
export const day = (iso?: string | null) => (iso ? String(iso).slice(0, 10) : '');
