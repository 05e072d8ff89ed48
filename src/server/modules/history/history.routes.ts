/**
 * Content history for editors: the versions of a record (who, when), one version's fields (to compare
 * two in the browser), and restoring one, which saves it as a new version.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { notFound, parse } from '../../errors.ts';
import { authorize } from '../../policy/policy.ts';
import { caller } from '../../auth.ts';
import { MSG } from '../../../domain/messages.ts';
import { HistoryListSchema, HistoryVersionSchema } from '../../../domain/history.ts';
import { contentChanged } from '../content/content.cache.ts';
import { getVersion, listVersions, loadRecord, restoreVersion } from './history.repository.ts';

export function historyRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;

  app.post('/app_history/list', { config: { action: 'history.read' } }, async (req, reply) => {
    const { kind, _id } = parse(HistoryListSchema, req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'history.read');
    const versions = await listVersions(db, kind, _id);
    if (versions.length === 0 && !(await loadRecord(db, kind, _id))) throw notFound();
    reply.header('cache-control', 'no-store');
    return versions;
  });

  app.post('/app_history/get', { config: { action: 'history.read' } }, async (req, reply) => {
    const { kind, _id, version } = parse(HistoryVersionSchema, req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'history.read');
    const v = await getVersion(db, kind, _id, version);
    if (!v) throw notFound(MSG.versionNotFound);
    reply.header('cache-control', 'no-store');
    return v;
  });

  app.post('/app_history/restore', { config: { action: 'history.restore' } }, async (req) => {
    const { kind, _id, version } = parse(HistoryVersionSchema, req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'history.restore');
    if (!(await restoreVersion(db, kind, _id, version, actor!))) throw notFound(MSG.versionNotFound);
    await contentChanged(ctx);
    return { ok: true, versions: await listVersions(db, kind, _id) };
  });
}
