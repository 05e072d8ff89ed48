/**
 * CRM sync (spec section 7, /app_integrations/vcrm/*): admins look up CRM contacts and push accounts to
 * the CRM through the adapter in adapters/crm.ts, configured by the CRM settings (base URL and key).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { HttpError, notFound, parse } from '../../errors.ts';
import { authorize } from '../../policy/policy.ts';
import { caller } from '../../auth.ts';
import { createCrmClient, CrmError, type CrmBatchResult, type CrmClient } from '../../adapters/crm.ts';
import { findUserById } from '../users/users.repository.ts';
import { changedUsers, contactOf, loadCrmSettings, saveCrmSettings } from './integrations.repository.ts';
import { MSG } from '../../../domain/messages.ts';
import type { CrmSyncSummary } from '../../../domain/replies-admin.ts';
import { CrmBatchSchema, CrmEmailSchema, CrmLookupSchema, CrmSyncRecentSchema, CrmSyncUserSchema } from '../../../domain/validation.ts';

const DAY_MS = 24 * 3600_000;
/** Contacts per batch request (the contract's limit), and errors echoed back per sync. */
const BATCH = 100;
const MAX_ERRORS_SHOWN = 50;

/** A CRM failure as our answer: 504 when it was too slow, 502 when it failed or refused. */
function crmHttpError(err: unknown): unknown {
  if (!(err instanceof CrmError)) return err;
  const message = { timeout: MSG.crmTimeout, unavailable: MSG.crmUnavailable, refused: MSG.crmRefused, rejected: MSG.crmRejected }[
    err.kind
  ];
  return new HttpError(err.kind === 'timeout' ? 504 : 502, message);
}

export function integrationsRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;

  async function admin(req: FastifyRequest) {
    const { actor } = await caller(ctx, req);
    authorize(actor, 'crm.use');
    return actor!;
  }

  /** The configured client; 409 with a clear message when the CRM is not set up. */
  async function crm(): Promise<CrmClient> {
    const s = await loadCrmSettings(db);
    if (!s.baseUrl || !s.key) throw new HttpError(409, MSG.crmNotConfigured);
    return createCrmClient({ baseUrl: s.baseUrl, key: s.key, timeoutMs: s.timeoutMs });
  }

  /** Runs a CRM call, turning its failures into 502/504 answers with our messages. */
  async function viaCrm<T>(req: FastifyRequest, fn: (c: CrmClient) => Promise<T>, configured?: CrmClient): Promise<T> {
    const client = configured ?? (await crm());
    try {
      return await fn(client);
    } catch (err) {
      if (err instanceof CrmError) req.log.warn({ kind: err.kind, status: err.status, msg: err.message }, 'CRM call failed');
      throw crmHttpError(err);
    }
  }

  /** A numeric id, or an e-mail address (the first contact with it); 404 when the CRM has none. */
  app.post('/app_integrations/vcrm/getIndividual', { config: { schema: { body: CrmLookupSchema }, action: 'crm.use' } }, async (req) => {
    await admin(req);
    const { identifier } = parse(CrmLookupSchema, req.body);
    const individual = await viaCrm(req, async (c) =>
      identifier.includes('@') ? ((await c.findByEmail(identifier.toLowerCase()))[0] ?? null) : c.getIndividual(identifier),
    );
    if (!individual) throw notFound(MSG.crmNotFound);
    return { individual };
  });

  app.post(
    '/app_integrations/vcrm/getContactByEmailQuery',
    {
      config: { schema: { body: CrmEmailSchema }, action: 'crm.use' },
    },
    async (req) => {
      await admin(req);
      const { email } = parse(CrmEmailSchema, req.body);
      return { list: await viaCrm(req, (c) => c.findByEmail(email)) };
    },
  );

  app.post('/app_integrations/vcrm/postBatch', { config: { schema: { body: CrmBatchSchema }, action: 'crm.use' } }, async (req) => {
    await admin(req);
    const { records } = parse(CrmBatchSchema, req.body);
    return { results: await viaCrm(req, (c) => c.postBatch(records)) };
  });

  app.post('/app_integrations/vcrm/syncUser', { config: { schema: { body: CrmSyncUserSchema }, action: 'crm.use' } }, async (req) => {
    await admin(req);
    const { _id } = parse(CrmSyncUserSchema, req.body);
    const client = await crm(); // "not configured" comes before "no such user"
    const user = await findUserById(db, _id);
    if (!user) throw notFound(MSG.userNotFound);
    const [result] = await viaCrm(req, (c) => c.postBatch([contactOf(user)]), client);
    return { result: result ?? null };
  });

  /**
   * Pushes the accounts changed since `since` (default: the last complete sync, else seven days) in
   * batches of 100, at most `limit` (default 1000) per call; `more` says another call has work left.
   * The last-sync mark moves only when every contact went through, so a failed sync is simply run again
   * (the CRM upserts by externalId, so nothing is duplicated).
   */
  app.post(
    '/app_integrations/vcrm/syncRecentUsers',
    {
      config: { schema: { body: CrmSyncRecentSchema }, action: 'crm.use' },
    },
    async (req) => {
      await admin(req);
      const body = parse(CrmSyncRecentSchema, req.body);
      const client = await crm();
      const settings = await loadCrmSettings(db);
      const startedAt = new Date().toISOString();
      const since = body.since
        ? new Date(body.since).toISOString()
        : (settings.lastSync ?? new Date(Date.now() - 7 * DAY_MS).toISOString());
      const limit = body.limit ?? 1000;
      const totals = { synced: 0, created: 0, updated: 0, failed: 0 };
      const errors: CrmBatchResult[] = [];
      let cursor: { timestamp: string; id: string } | null = null;
      let more = false;
      while (totals.synced < limit) {
        const users = await changedUsers(db, since, cursor, Math.min(BATCH, limit - totals.synced));
        if (users.length === 0) break;
        let results: CrmBatchResult[];
        try {
          results = await client.postBatch(users.map(contactOf));
        } catch (err) {
          if (err instanceof CrmError) req.log.warn({ kind: err.kind, status: err.status, synced: totals.synced }, 'CRM sync stopped');
          throw crmHttpError(err);
        }
        totals.synced += users.length;
        for (const r of results) {
          if (r.status === 'created') totals.created++;
          else if (r.status === 'updated') totals.updated++;
          else {
            totals.failed++;
            if (errors.length < MAX_ERRORS_SHOWN) errors.push(r);
          }
        }
        const last = users.at(-1)!;
        cursor = { timestamp: last.timestamp ?? '', id: last.id };
        if (totals.synced >= limit) more = (await changedUsers(db, since, cursor, 1)).length > 0;
      }
      // Contacts the CRM refused are tried again next time: the mark stays until a sync is complete.
      if (!more && totals.failed === 0) await saveCrmSettings(db, { lastSync: startedAt });
      return { since, ...totals, errors, more } satisfies CrmSyncSummary;
    },
  );
}
