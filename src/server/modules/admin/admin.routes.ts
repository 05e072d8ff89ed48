/**
 * The admin area's server calls: translations (spec /app_admin/getLanguage and setLanguage),
 * site settings with the CRM connection, navigation items and the audit list. Admins only; every change
 * is written to the audit log.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodType, z } from 'zod';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound, parse } from '../../errors.ts';
import { authorize, type Action } from '../../policy/policy.ts';
import { caller } from '../../auth.ts';
import { AUDIT, diff, listAudit, recordAudit } from './audit.repository.ts';
import { findNavItem, labelsOf, listNavItems, presentNavItem, removeNavItem, saveNavItem, setLabels } from './admin.repository.ts';
import { loadCrmSettings, presentCrmSettings, saveCrmSettings, type CrmSettings } from '../integrations/integrations.repository.ts';
import { MSG } from '../../../domain/messages.ts';
import type { SiteConfig } from '../../../domain/types.ts';
import type { AdminSettings, LanguageLabels, LanguageSaved } from '../../../domain/replies-admin.ts';
import {
  AuditListSchema,
  GetLanguageSchema,
  NavItemListSchema,
  NavItemSaveSchema,
  RemoveSchema,
  SetConfigSchema,
  SetLanguageSchema,
} from '../../../domain/validation.ts';

/**
 * Like parse(), but a nested settings form gets its errors per input: `config.quizpasspercent` is
 * reported as `quizpasspercent`, `crm.baseUrl` as `crm.baseUrl`.
 */
function parseSettings<S extends ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const [group, field] = issue.path.map(String);
    const key = group === 'config' && field ? field : [group, field].filter(Boolean).join('.') || '_';
    fields[key] ??= issue.message;
  }
  throw badRequest(result.error.issues[0]?.message ?? MSG.notValid, fields);
}

export function adminRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, bus, site } = ctx;

  /** The signed-in actor, allowed to do `action` (401 signed out, 403 otherwise). */
  async function allowed(req: FastifyRequest, action: Action) {
    const { actor } = await caller(ctx, req);
    authorize(actor, action);
    return actor!;
  }

  // Translations -------------------------------------------------------------------------------------

  app.post('/app_admin/getLanguage', { config: { schema: { body: GetLanguageSchema }, action: 'admin.translations' } }, async (req) => {
    await allowed(req, 'admin.translations');
    const { lang, untranslated } = parse(GetLanguageSchema, req.body);
    const { labels, languages, asof } = await labelsOf(db, lang);
    const list = untranslated ? labels.filter((l) => !l.translated) : labels;
    return {
      lang,
      labels: list,
      total: labels.length,
      translated: labels.filter((l) => l.translated).length,
      languages,
      asof,
    } satisfies LanguageLabels;
  });

  app.post('/app_admin/setLanguage', { config: { schema: { body: SetLanguageSchema }, action: 'admin.translations' } }, async (req) => {
    const actor = await allowed(req, 'admin.translations');
    const { lang, labels } = parse(SetLanguageSchema, req.body);
    const changed = await setLabels(db, bus, lang, labels);
    if (Object.keys(changed).length) {
      await recordAudit(db, { actor, action: AUDIT.translationSet, targetType: 'translation', target: lang, changes: changed });
    }
    const data = await site.get();
    return { lang, changed: Object.keys(changed).length, loc: data.labels(lang), asof: data.version } satisfies LanguageSaved;
  });

  // Site settings ------------------------------------------------------------------------------------

  async function settings(): Promise<AdminSettings> {
    return { config: (await site.get()).config, crm: presentCrmSettings(await loadCrmSettings(db)) };
  }

  app.post('/app_admin/getConfig', { config: { action: 'admin.settings' } }, async (req) => {
    await allowed(req, 'admin.settings');
    return settings();
  });

  app.post('/app_admin/setConfig', { config: { schema: { body: SetConfigSchema }, action: 'admin.settings' } }, async (req) => {
    const actor = await allowed(req, 'admin.settings');
    const body = parseSettings(SetConfigSchema, req.body);
    const current = (await site.get()).config;
    const patch = (body.config ?? {}) as Partial<SiteConfig>;
    const next = { ...current, ...patch };
    if (!next.publiclanguages.includes(next.defaultlang)) {
      throw badRequest(MSG.defaultLangNotPublic, { defaultlang: MSG.defaultLangNotPublic });
    }
    const changed = diff(current as unknown as Record<string, unknown>, patch);
    if (Object.keys(changed).length) {
      await site.saveConfig(patch);
      await recordAudit(db, { actor, action: AUDIT.settingsUpdate, targetType: 'settings', target: 'site', changes: changed });
    }
    if (body.crm) {
      const before = await loadCrmSettings(db);
      const crmPatch: Partial<CrmSettings> = {};
      if (body.crm.baseUrl !== undefined) crmPatch.baseUrl = body.crm.baseUrl;
      if (body.crm.key !== undefined) crmPatch.key = body.crm.key;
      if (body.crm.timeoutMs !== undefined) crmPatch.timeoutMs = body.crm.timeoutMs;
      const after = { ...before, ...crmPatch };
      // The key itself never goes into the log: only that it was set, changed or cleared.
      const crmChanges: Record<string, unknown> = diff(before as unknown as Record<string, unknown>, {
        baseUrl: after.baseUrl,
        timeoutMs: after.timeoutMs,
      });
      if (after.key !== before.key) crmChanges.key = after.key === '' ? 'cleared' : before.key === '' ? 'set' : 'changed';
      if (Object.keys(crmChanges).length) {
        await saveCrmSettings(db, crmPatch);
        await recordAudit(db, { actor, action: AUDIT.crmSettings, targetType: 'crm', target: 'crm', changes: crmChanges });
      }
    }
    return settings();
  });

  // Navigation items ---------------------------------------------------------------------------------

  app.post('/app_admin/listNavItems', { config: { schema: { body: NavItemListSchema }, action: 'admin.navigation' } }, async (req) => {
    await allowed(req, 'admin.navigation');
    const { group } = parse(NavItemListSchema, req.body);
    return { list: await listNavItems(db, group) };
  });

  app.post('/app_admin/saveNavItem', { config: { schema: { body: NavItemSaveSchema }, action: 'admin.navigation' } }, async (req) => {
    const actor = await allowed(req, 'admin.navigation');
    const item = parse(NavItemSaveSchema, req.body);
    const existing = item._id && item._id !== 'new' ? await findNavItem(db, item._id) : undefined;
    if (item._id && item._id !== 'new' && !existing) throw notFound(MSG.navItemNotFound);
    const saved = presentNavItem(await saveNavItem(db, bus, item));
    const before = existing ? (presentNavItem(existing) as unknown as Record<string, unknown>) : {};
    const { _id, ...fields } = saved;
    await recordAudit(db, { actor, action: AUDIT.navItemSave, targetType: 'navitem', target: _id!, changes: diff(before, fields) });
    return saved;
  });

  app.post('/app_admin/removeNavItem', { config: { schema: { body: RemoveSchema }, action: 'admin.navigation' } }, async (req) => {
    const actor = await allowed(req, 'admin.navigation');
    const { _id } = parse(RemoveSchema, req.body);
    const existing = await findNavItem(db, _id);
    if (!existing) throw notFound(MSG.navItemNotFound);
    await removeNavItem(db, bus, _id);
    await recordAudit(db, {
      actor,
      action: AUDIT.navItemRemove,
      targetType: 'navitem',
      target: _id,
      changes: { title: existing.title, url: existing.url },
    });
    return { ok: true, _id };
  });

  // Audit --------------------------------------------------------------------------------------------

  app.post('/app_admin/audit', { config: { schema: { body: AuditListSchema }, action: 'audit.read' } }, async (req) => {
    await allowed(req, 'audit.read');
    return listAudit(db, parse(AuditListSchema, req.body));
  });
}
