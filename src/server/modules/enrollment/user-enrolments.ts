/**
 * The signed-in user's enrolment rows, read once for all the calls of a page (auth.ts `pageShared`):
 * whoami lists their classes, the course list finds their Inactive courses among them and the enrolment
 * list shows them. Also the spec's `classes` and `instructor` links of an account, from those rows and
 * the kept classes.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { pageShared } from '../../auth.ts';
import { keptClasses } from '../classes/kept-classes.ts';
import { enrollmentRows } from './enrollment.repository.ts';

export const userEnrolments = (ctx: AppContext, req: FastifyRequest, userId: string) =>
  pageShared(req, `enrolments:${userId}`, () => enrollmentRows(ctx.db, { user: userId }));

/** Class ids the user is enrolled in and class ids the user instructs: the spec's `classes` and `instructor`. */
export async function classLinks(ctx: AppContext, req: FastifyRequest, userId: string) {
  const [rows, classes] = await Promise.all([userEnrolments(ctx, req, userId), keptClasses(ctx)]);
  return { classes: rows.map((r) => r.classid), instructor: [...(classes.byInstructor.get(userId) ?? [])] };
}
