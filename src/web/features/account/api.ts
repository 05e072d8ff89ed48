import { queryOptions } from '@tanstack/react-query';
import type { User } from '../../../domain/types.ts';
import { api } from '../../lib/api.ts';

export const userQuery = (id: string) =>
  queryOptions({
    queryKey: ['user', id],
    queryFn: () => api.post<User>('/app_users/get', { _id: id }),
    staleTime: 10_000,
  });

/** The saved user; `info` says a confirmation link went to a new address (which is not in effect yet). */
export const saveUser = (patch: Partial<User> & { _id: string; currentpassword?: string }) =>
  api.post<User & { info?: { message: string } }>('/app_users/save', patch);
