/**
 * Countries and headings.
 * Countries become ISO 3166-1 alpha-2 codes: each distinct country typed or chosen so far (in any of
 * the six languages) is replaced by its code, and the site's country list too. A value that names no
 * known country is left as it was (shown as typed); the list drops it, since nobody could choose it.
 */
import type { Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';
import { toCountryCode } from '../../../domain/countries.ts';

/** `body` without a leading `<h2>` whose text is `title`: the page's h1 already says it. */
function withoutRepeatedHeading(body: string, title: string): string {
  const m = /^\s*<h2[^>]*>([\s\S]*?)<\/h2>\s*/i.exec(body);
  const norm = (s: string) =>
    s
      .replace(/<[^>]+>/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .toLowerCase();
  // A body with its own h3 sections keeps its h2, or the outline would jump from h1 to h3.
  return m && norm(m[1]!) === norm(title) && !/<h3[\s>]/i.test(body) ? body.slice(m[0].length) : body;
}

export async function up(db: Kysely<any>, _engine: Engine): Promise<void> {
  const values = await db.selectFrom('users').select('country').distinct().where('country', 'is not', null).execute();
  for (const { country } of values as { country: string }[]) {
    const code = toCountryCode(country);
    if (code && code !== country) await db.updateTable('users').set({ country: code }).where('country', '=', country).execute();
  }
  const row = (await db.selectFrom('site_config').select(['data']).where('id', '=', 'site').executeTakeFirst()) as
    { data: string } | undefined;
  if (row) {
    const config = JSON.parse(row.data) as { countries?: unknown };
    if (Array.isArray(config.countries)) {
      config.countries = [...new Set(config.countries.map((c) => toCountryCode(String(c))).filter((c): c is string => !!c))];
      await db
        .updateTable('site_config')
        .set({ data: JSON.stringify(config) })
        .where('id', '=', 'site')
        .execute();
    }
  }

  // Pages whose first words repeat the page title as an h2 (the demo's Courses, Resources and
  // not-found pages): screen readers heard the heading twice.
  const pages = (await db.selectFrom('content').select(['context', 'lang', 'title']).where('type', '=', 'page').execute()) as {
    context: string;
    lang: string;
    title: string | null;
  }[];
  for (const page of pages) {
    if (!page.title) continue;
    const blocks = (await db
      .selectFrom('content')
      .select(['id', 'body'])
      .where('type', '=', 'block')
      .where('context', '=', page.context)
      .where('lang', '=', page.lang)
      .execute()) as { id: string; body: string | null }[];
    for (const b of blocks) {
      const body = b.body ? withoutRepeatedHeading(b.body, page.title) : b.body;
      if (body !== b.body) await db.updateTable('content').set({ body }).where('id', '=', b.id).execute();
    }
  }
}
