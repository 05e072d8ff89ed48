import { useQuery } from '@tanstack/react-query';
import type { ClassRecord } from '../../../domain/types.ts';
import { discussionClassQuery } from './api.ts';

export interface DiscussionClass {
  /** The class the discussion belongs to, once known. */
  cls?: ClassRecord;
  /** The context sent with posts: the class id, or null without a class (or once an unknown class is dropped). */
  context: string | null;
  /** Still asking for the class. */
  pending: boolean;
  /** The class was not found after the retries: its context was dropped (spec 8). */
  dropped: boolean;
}

/** The class of a discussion; `classId` undefined (or the word none) means a discussion without a class. */
export function useDiscussionClass(classId: string | null | undefined): DiscussionClass {
  const id = classId && classId !== 'none' ? classId : '';
  const q = useQuery({ ...discussionClassQuery(id), enabled: !!id });
  if (!id) return { context: null, pending: false, dropped: false };
  if (q.isPending) return { context: id, pending: true, dropped: false };
  if (q.isError) return { context: null, pending: false, dropped: true };
  return { cls: q.data, context: id, pending: false, dropped: false };
}
