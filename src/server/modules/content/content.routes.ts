/**
 * Content pages and blocks (spec section 7, "Content"): the page a reader sees, and the editors' calls
 * that list, get, save and remove its records. Each handler: validate, load, authorize, act, present.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { badRequest, forbidden, notFound, parse } from '../../errors.ts';
import { authorize, can } from '../../policy/policy.ts';
import { caller } from '../../auth.ts';
import { createEmbedLookup, OEMBED_ENDPOINTS } from '../../adapters/embed.ts';
import { MSG } from '../../../domain/messages.ts';
import {
  ContentGetSchema,
  ContentListSchema,
  ContentSaveSchema,
  EmbedSchema,
  NEW_ID,
  RemoveSchema,
  isLangKey,
} from '../../../domain/validation.ts';
import { presentContent } from './content.presenter.ts';
import {
  findContent,
  insertContent,
  listContent,
  pageBlocks,
  removeContent,
  updateContent,
  type ContentRow,
} from './content.repository.ts';
import { PageCache, contentChanged } from './content.cache.ts';
import { auditRemoval, keepVersion } from '../history/history.repository.ts';

const GetPageParams = z.object({
  context: z.string({ error: MSG.contextRequired }).min(1, { error: MSG.contextRequired }).max(200),
  subid: z.string().max(200).optional(),
});
const GetPageQuery = z.object({ lang: z.string().refine(isLangKey, { error: MSG.invalidLanguage }).optional() });
export const PAGE_NOT_FOUND = 'page-not-found';
const SCRIPT_FIELDS = ['scripthead', 'scriptfoot'] as const;
/** Who reads a page decides which body of a visitors-only block leaves the server. */
type Audience = 'visitor' | 'member' | 'editor';

export function contentRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, site } = ctx;
  const pages = new PageCache(ctx.bus);
  // The video sites are asked for titles in production only; elsewhere the embed comes from the link alone.
  const embeds = createEmbedLookup({ endpoints: ctx.config.production ? OEMBED_ENDPOINTS : null });

  /** The page's records in the language, falling back to the default language, then to page-not-found. */
  async function loadPage(context: string, lang: string, defaultlang: string, audience: Audience): Promise<string> {
    let rows = await pageBlocks(db, context, lang);
    if (rows.length === 0 && lang !== defaultlang) rows = await pageBlocks(db, context, defaultlang);
    if (rows.length === 0) {
      rows = await pageBlocks(db, PAGE_NOT_FOUND, lang);
      if (rows.length === 0) rows = await pageBlocks(db, PAGE_NOT_FOUND, defaultlang);
    }
    const out: Record<string, ReturnType<typeof presentContent>> = {};
    for (const row of rows) {
      const c = presentContent(row);
      // Spec: "Blocks limited to unauthenticated visitors show an alternate body to them": visitors get
      // body2, signed-in readers get body, and a block with nothing for its reader is left out. Editors
      // get both bodies so they can edit the block in place. A registration block is for visitors by
      // its nature (hidden from signed-in users), so its body stays its introduction.
      if (c.condition === 'unauthenticated' && c.subtype !== 'register' && audience !== 'editor') {
        if (!(audience === 'visitor' ? c.body2 : c.body)) continue;
        delete c[audience === 'visitor' ? 'body' : 'body2'];
      } else if (c.condition === 'unauthenticated' && audience === 'member') {
        continue;
      }
      out[c._id] = c;
    }
    return JSON.stringify(out);
  }

  app.get(
    '/app_content/getpage/:context/:subid?',
    {
      config: { schema: { params: GetPageParams, querystring: GetPageQuery }, action: 'content.read' },
    },
    async (req, reply) => {
      const { context } = parse(GetPageParams, req.params);
      const query = parse(GetPageQuery, req.query);
      const { user, actor } = await caller(ctx, req);
      authorize(actor, 'content.read');
      const { config } = await site.get();
      // Only a language the site offers: a stale cookie or profile must not bring back a withdrawn one.
      const lang =
        [query.lang, user?.lang, req.cookies?.[req.server.langCookie]].find((l) => !!l && config.publiclanguages.includes(l)) ??
        config.defaultlang;
      const audience: Audience = !user ? 'visitor' : can(actor, 'content.write') ? 'editor' : 'member';
      const body = await pages.get(`${context}|${lang}|${audience}`, () => loadPage(context, lang, config.defaultlang, audience));
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );

  app.post('/app_content/list', { config: { schema: { body: ContentListSchema }, action: 'content.read' } }, async (req) => {
    const filters = parse(ContentListSchema, req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'content.read');
    return (await listContent(db, filters)).map(presentContent);
  });

  app.post('/app_content/get', { config: { schema: { body: ContentGetSchema }, action: 'content.read' } }, async (req) => {
    const { _id } = parse(ContentGetSchema, req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'content.read');
    const row = await findContent(db, _id);
    if (!row) throw notFound();
    return presentContent(row);
  });

  app.post('/app_content/save', { config: { schema: { body: ContentSaveSchema }, action: 'content.write' } }, async (req) => {
    const body = parse(ContentSaveSchema, req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'content.write');
    let existing: ContentRow | undefined;
    if (body._id !== NEW_ID) {
      existing = await findContent(db, body._id);
      if (!existing) throw notFound();
    }
    // Head and foot scripts run in every visitor's browser: only an admin may change them. An editor's
    // save that carries them back unchanged is fine.
    for (const field of SCRIPT_FIELDS) {
      const sent = body[field];
      if (sent !== undefined && (sent || null) !== (existing?.[field] || null) && !can(actor, 'content.setScripts')) {
        throw forbidden(MSG.scriptsAdminOnly);
      }
    }
    let row: ContentRow;
    if (existing) {
      await updateContent(db, existing.id, body);
      row = (await findContent(db, existing.id))!;
    } else {
      row = await insertContent(db, body);
    }
    await keepVersion(db, 'content', row.id, actor!, existing);
    await contentChanged(ctx);
    return presentContent(row);
  });

  app.post('/app_content/remove', { config: { schema: { body: RemoveSchema }, action: 'content.write' } }, async (req) => {
    const { _id } = parse(RemoveSchema, req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'content.write');
    const existing = await findContent(db, _id);
    if (!existing) throw notFound();
    await auditRemoval(db, 'content', actor!, existing);
    await removeContent(db, _id);
    await contentChanged(ctx);
    return { ok: true };
  });

  // Spec: "a video site's embed-lookup request is made for video embeds"; the server makes it, cached.
  app.post('/app_content/embed', { config: { schema: { body: EmbedSchema }, action: 'content.read' } }, async (req) => {
    const { url } = parse(EmbedSchema, req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'content.read');
    const embed = await embeds.lookup(url);
    if (!embed) throw badRequest(MSG.unknownVideoSite);
    return embed;
  });
}
