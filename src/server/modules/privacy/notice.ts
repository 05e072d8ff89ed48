/** The privacy notice is the content page PRIVACY_PAGE, edited like any page in every language. */
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { PRIVACY_PAGE } from '../../../domain/constants.ts';

/** Its version: the newest timestamp of its blocks, in any language (what a registration accepted). */
export async function privacyNoticeVersion(ctx: AppContext): Promise<string | null> {
  const row = await ctx.db
    .selectFrom('content')
    .select(sql<string>`max(timestamp)`.as('v'))
    .where('context', '=', PRIVACY_PAGE)
    .executeTakeFirst();
  return row?.v ?? null;
}
