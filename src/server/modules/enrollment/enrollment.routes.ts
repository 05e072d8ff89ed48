/** The signed-in learner's enrolments with progress (spec section 7, "Enrolment and lessons"). */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../policy/policy.ts';
import { actorOf, currentUser } from '../../auth.ts';
import { listEnrollments } from './enrollment.repository.ts';

export function enrollmentRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/app_enrollment/list', async (req) => {
    const user = await currentUser(ctx, req);
    authorize(actorOf(user), 'enrollment.listOwn');
    return listEnrollments(ctx.db, { user: user!.id });
  });
}
