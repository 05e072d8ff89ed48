/** Content pages (spec section 7, "Content"): the page record and its blocks in the reader's language. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { parse } from '../../errors.ts';
import { authorize } from '../../policy/policy.ts';
import { actorOf, currentUser } from '../../auth.ts';
import { MSG } from '../../../domain/messages.ts';
import { isLangKey } from '../../../domain/validation.ts';
import { presentContent } from './content.presenter.ts';
import { LANG_COOKIE } from '../users/users.routes.ts';

const GetPageParams = z.object({
  context: z.string({ error: MSG.contextRequired }).min(1, { error: MSG.contextRequired }).max(200),
  subid: z.string().max(200).optional(),
});
const GetPageQuery = z.object({ lang: z.string().refine(isLangKey, { error: MSG.invalidLanguage }).optional() });
export const PAGE_NOT_FOUND = 'page-not-found';

export function contentRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, site } = ctx;

  async function blocksOf(context: string, lang: string) {
    return db.selectFrom('content').selectAll().where('context', '=', context)
      .where((eb) => eb.or([eb('lang', '=', lang), eb('lang', 'is', null)]))
      .orderBy('order').orderBy('id').execute();
  }

  app.get('/app_content/getpage/:context/:subid?', async (req) => {
    const { context } = parse(GetPageParams, req.params);
    const query = parse(GetPageQuery, req.query);
    const user = await currentUser(ctx, req);
    authorize(actorOf(user), 'content.read');
    const { config } = await site.get();
    const lang = query.lang ?? user?.lang ?? req.cookies?.[LANG_COOKIE] ?? config.defaultlang;
    let rows = await blocksOf(context, lang);
    if (rows.length === 0 && lang !== config.defaultlang) rows = await blocksOf(context, config.defaultlang);
    if (rows.length === 0) {
      rows = await blocksOf(PAGE_NOT_FOUND, lang);
      if (rows.length === 0) rows = await blocksOf(PAGE_NOT_FOUND, config.defaultlang);
    }
    const out: Record<string, ReturnType<typeof presentContent>> = {};
    for (const row of rows) {
      const c = presentContent(row);
      // Blocks limited to unauthenticated visitors show their alternate body to signed-in readers.
      if (c.condition === 'unauthenticated' && user) {
        if (!c.body2) continue;
        c.body = c.body2;
      }
      out[c._id] = c;
    }
    return out;
  });
}
