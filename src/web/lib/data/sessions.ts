import type { SessionRecord, TwoFactorSetup, TwoFactorStatus, User } from '../../../domain/types.ts';
import { api } from '../api.ts';

export const sessionsKey = ['sessions'] as const;
export const listSessions = () => api.post<{ list: SessionRecord[] }>('/app_users/sessions/list');
export const endSession = (_id: string, password: string) => api.post<{ ok: true; list: SessionRecord[] }>('/app_users/sessions/end', { _id, password });
export const endOtherSessions = (password: string) => api.post<{ ok: true; list: SessionRecord[] }>('/app_users/sessions/endothers', { password });
export const resetTwoFactorOf = (user: string) => api.post<{ ok: true }>('/app_users/twofactor/reset', { user });
export const endAllSessionsOf = (user: string) => api.post<{ ok: true; ended: number }>('/app_users/sessions/endall', { user });

export const twoFactorKey = ['twofactor'] as const;
export const twoFactorStatus = () => api.post<TwoFactorStatus>('/app_users/twofactor/status');
export const beginTwoFactor = (password?: string) => api.post<TwoFactorSetup>('/app_users/twofactor/begin', password === undefined ? {} : { password });
/** `info`: a sign-in finished here cancelled a requested deletion of the account. */
export const enableTwoFactor = (code: string) =>
  api.post<{ recoverycodes: string[]; status?: TwoFactorStatus; user?: User; info?: { message: string } }>('/app_users/twofactor/enable', { code });
export const disableTwoFactor = (password: string, code: string) => api.post<TwoFactorStatus>('/app_users/twofactor/disable', { password, code });
export const verifySecondStep = (code: string) =>
  api.post<{ user: User; recoveryLeft?: number; info?: { message: string } }>('/app_users/twofactor/verify', { code });

/** Recovery codes of a setup finished during sign-in, handed to the account's two-factor panel once. */
let stashed: string[] | null = null;
export const stashRecoveryCodes = (codes: string[]) => { stashed = codes; };
export const takeStashedRecoveryCodes = () => { const c = stashed; stashed = null; return c; };
