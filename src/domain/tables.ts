/**
 * The paged staff tables served by the server: the admin user table and a class's participant table.
 * Each narrows the shared page query (paging.ts) to the columns it can sort by.
 */
import { z } from 'zod';
import './zod-config.ts';
import { PageQuerySchema } from './paging.ts';
import { MSG } from './messages.ts';

export const USER_SORTS = ['name', 'email', 'created'] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** POST /app_users/page: the user table, searched (`q`, any part of name or e-mail) and filtered by role. */
export const UserPageQuerySchema = PageQuerySchema.extend({
  sort: z.enum(USER_SORTS, { error: MSG.pageSortInvalid }).default('name'),
  role: z.enum(['admin', 'cms']).optional(),
});
export type UserPageQuery = z.infer<typeof UserPageQuerySchema>;

export const PARTICIPANT_SORTS = ['name', 'email', 'date', 'completed'] as const;
export type ParticipantSort = (typeof PARTICIPANT_SORTS)[number];

/** POST /app_enrollment/participants: one class's participants, 15 a page as the spec's table. */
export const ParticipantPageQuerySchema = PageQuerySchema.extend({
  classid: z.string({ error: MSG.classNotFound }).min(1, { error: MSG.classNotFound }).max(100, { error: MSG.classNotFound }),
  limit: z.coerce.number().int().min(1).max(100).default(15),
  sort: z.enum(PARTICIPANT_SORTS, { error: MSG.pageSortInvalid }).default('name'),
});
export type ParticipantPageQuery = z.infer<typeof ParticipantPageQuerySchema>;

/** One row of the participant table: what the instructor sees, with Completed and certificate flags. */
export interface ParticipantRow {
  _id: string;
  user: string;
  firstname: string;
  lastname: string;
  email: string;
  regdate: string;
  /** Last lesson view, or the enrolment's last change when none. */
  lastactivity: string;
  lessoncount: number;
  percentcomplete: number;
  completed: boolean;
  completeddate?: string;
  /** The learner has a certificate (course completed with the exam passed). */
  certificate: boolean;
  /** The certificate's verification code, when one was issued. */
  certcode?: string;
  /** The account is suspended: it keeps its place and progress but cannot sign in. */
  suspended?: boolean;
}
