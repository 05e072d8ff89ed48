/**
 * Demo content history and a language copy: the first English block of the home page has versions by
 * the demo editor (a draft wording, then the original back), and the archived English course has a
 * Spanish copy as an Inactive draft, mapped in the site's maincourses, for the editors' screens.
 */
import type { AppContext } from '../context.ts';
import { keepVersion } from '../modules/history/history.repository.ts';
import { copyCourse } from '../modules/courses/course-copy.ts';
import { recordAudit } from '../modules/admin/audit.repository.ts';

const EDITOR = { id: 'demo-editor', email: 'editor@example.org' };
const ARCHIVED = 'archived-facilitation';

export async function seedDemoHistory(ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const block = await db
    .selectFrom('content')
    .selectAll()
    .where('type', '=', 'block')
    .where('lang', '=', 'en')
    .where('body', 'is not', null)
    .orderBy('context')
    .orderBy('order')
    .executeTakeFirst();
  if (block) {
    const draft = `${block.body}<p>We are reviewing this text.</p>`;
    await db.updateTable('content').set({ body: draft }).where('id', '=', block.id).execute();
    await keepVersion(db, 'content', block.id, EDITOR, block);
    const edited = { ...block, body: draft };
    await db.updateTable('content').set({ body: block.body }).where('id', '=', block.id).execute();
    await keepVersion(db, 'content', block.id, EDITOR, edited);
  }

  const source = await db.selectFrom('courses').selectAll().where('id', '=', ARCHIVED).executeTakeFirst();
  if (source) {
    const copy = await copyCourse(db, source, 'es');
    const { config } = await ctx.site.get();
    const mapping = { ...(config.maincourses ?? {}) };
    mapping[copy.main] = { ...(mapping[copy.main] ?? {}), [source.lang]: source.id, es: copy.course.id };
    await ctx.site.saveConfig({ maincourses: mapping });
    await keepVersion(db, 'course', copy.course.id, EDITOR, undefined);
    await recordAudit(db, {
      actor: EDITOR,
      action: 'course.copy',
      targetType: 'course',
      target: copy.course.id,
      changes: { from: source.id, lang: 'es', lessons: copy.lessons, materials: copy.materials },
    });
  }
}
