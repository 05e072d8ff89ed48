/**
 * Staff at scale: importing users from a file, actions on many users, messages to a class, and a
 * learner's notice settings. Each handler: validate, authorize, act.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound, parse, unauthorized } from '../../errors.ts';
import { authorize } from '../../policy/policy.ts';
import { caller } from '../../auth.ts';
import { MSG } from '../../../domain/messages.ts';
import { BulkActionSchema, ClassMessageSchema, IMPORT_MAX_BYTES, ImportFileSchema, NoticesSchema } from '../../../domain/staff.ts';
import { fromJson } from '../../db/dialect.ts';
import { checkImport, runImport } from './import-users.ts';
import { queueMessage, resolveSelection, runBulk } from './bulk-actions.ts';
import { auditBulk } from '../../../domain/audit.ts';
import { recordAudit } from '../admin/audit.repository.ts';
import { findClass } from '../classes/classes.repository.ts';
import { classLearnerIds } from '../enrollment/enrollment.repository.ts';
import { setNoticesOff } from '../users/users.repository.ts';

/** A base64 file is a third larger than the file; room for the JSON around it. */
const IMPORT_BODY_LIMIT = Math.ceil((IMPORT_MAX_BYTES * 4) / 3) + 64 * 1024;

export function staffRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;

  function fileOf(body: unknown) {
    const { filename, data } = parse(ImportFileSchema, body);
    const buf = Buffer.from(data, 'base64');
    if (buf.length === 0) throw badRequest(MSG.importEmpty);
    if (buf.length > IMPORT_MAX_BYTES) throw badRequest(MSG.importTooLarge);
    return { filename, buf };
  }

  app.post('/app_users/import/preview', { bodyLimit: IMPORT_BODY_LIMIT, config: { action: 'user.import' } }, async (req) => {
    const { actor } = await caller(ctx, req);
    authorize(actor, 'user.import');
    const { filename, buf } = fileOf(req.body);
    return checkImport(ctx, filename, buf);
  });

  app.post('/app_users/import', { bodyLimit: IMPORT_BODY_LIMIT, config: { action: 'user.import' } }, async (req, reply) => {
    const { actor } = await caller(ctx, req);
    authorize(actor, 'user.import');
    const { filename, buf } = fileOf(req.body);
    const result = await runImport(ctx, actor!, filename, buf);
    // Nothing was written: the rows and their problems come back with the reason.
    if (!result.imported) return reply.status(400).send({ error: { message: MSG.importHasErrors }, ...result });
    return result;
  });

  app.post('/app_users/bulk', { config: { action: 'user.bulk' } }, async (req) => {
    const input = parse(BulkActionSchema, req.body);
    const { actor } = await caller(ctx, req);
    if (input.action === 'setRoles') authorize(actor, 'user.setRoles');
    else if (input.action === 'suspend' || input.action === 'reactivate') authorize(actor, 'user.suspend');
    else authorize(actor, 'user.bulk');
    const ids = await resolveSelection(ctx, input.selection);
    if (!ids.length) throw badRequest(MSG.bulkNoneSelected);
    return runBulk(ctx, actor!, input, ids);
  });

  /** To every learner of a class, or to the participants chosen (`ids`) among them. */
  app.post('/app_classes/message', { config: { action: 'message.class' } }, async (req) => {
    const body = parse(ClassMessageSchema.extend({ ids: BulkActionSchema.shape.selection.shape.ids }), req.body);
    const { actor } = await caller(ctx, req);
    const cls = await findClass(db, body.classid);
    if (!cls) {
      authorize(actor, 'message.class', {});
      throw notFound(MSG.classNotFound);
    }
    authorize(actor, 'message.class', { class: cls });
    const ids = await classLearnerIds(db, cls.id, body.ids?.length ? body.ids.slice(0, 50_000) : undefined);
    if (!ids.length) throw badRequest(MSG.bulkNoneSelected);
    const { subject, text, translations } = body;
    const n = await queueMessage(ctx, ids, { subject, text, translations });
    await recordAudit(db, {
      actor: actor!,
      action: auditBulk('message'),
      targetType: 'class',
      target: cls.id,
      changes: { subject, count: n },
      targets: ids,
    });
    return { count: n, info: { message: MSG.messageQueued } };
  });

  /** One's own notices: which of enrolment, certificate and reply e-mails are turned off. */
  app.post('/app_users/notices', { config: { action: 'notice.manage' } }, async (req) => {
    const { user, actor } = await caller(ctx, req);
    if (!user) throw unauthorized();
    authorize(actor, 'notice.manage', { user: { id: user.id } });
    const { off } = parse(NoticesSchema, req.body);
    await setNoticesOff(db, user.id, [...new Set(off)].sort());
    return { off: [...new Set(off)].sort() };
  });

  app.get('/app_users/notices', { config: { action: 'notice.manage' } }, async (req) => {
    const { user, actor } = await caller(ctx, req);
    if (!user) throw unauthorized();
    authorize(actor, 'notice.manage', { user: { id: user.id } });
    return { off: fromJson<string[]>(user.noticesoff, []) };
  });
}
