/** Staff at scale: import, bulk actions, class messages and notice settings. */
import { api } from '../api.ts';
import type { BulkAction, BulkResult, ImportPreview } from '../../../domain/staff.ts';

export interface BulkSelection { ids?: string[]; filter?: { q?: string; role?: 'cms' | 'admin'; classid?: string; suspended?: boolean } }
export interface MessageInput { subject: string; text: string; translations?: Record<string, { subject: string; text: string }> }
export interface BulkRequest { action: BulkAction; selection: BulkSelection; classid?: string; roles?: ('cms' | 'admin')[]; message?: MessageInput }

export const runBulkAction = (body: BulkRequest) => api.post<BulkResult>('/app_users/bulk', body);
export const messageClass = (body: MessageInput & { classid: string; ids?: string[] }) =>
  api.post<{ count: number; info?: { message: string } }>('/app_classes/message', body);
export const previewImport = (filename: string, data: string) => api.post<ImportPreview>('/app_users/import/preview', { filename, data });
export const runImportFile = (filename: string, data: string) => api.post<ImportPreview & { imported: boolean }>('/app_users/import', { filename, data });
export const noticesQueryKey = ['notices'] as const;
export const getNotices = () => api.get<{ off: string[] }>('/app_users/notices');
export const setNotices = (off: string[]) => api.post<{ off: string[] }>('/app_users/notices', { off });

/** A file as base64 (the import call carries it in JSON). */
export async function fileToBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
