/**
 * Two readings of the spec that change stored data:
 * - Replies keep a `removed` marker like posts, instead of being deleted, so a thread and its counts
 *   stay consistent with what was said.
 * - Blocks limited to unauthenticated visitors show their alternate body (body2) to visitors and their
 *   body to signed-in readers. Stored blocks were written the other way round, so the two bodies swap
 *   and every reader keeps seeing the same text. Registration blocks keep their body (its introduction).
 */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';

export async function up(db: Kysely<any>, _engine: Engine): Promise<void> {
  await db.schema
    .alterTable('replies')
    .addColumn('removed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await swapVisitorBodies(db);
}

/** Turns stored visitors-only blocks (visitor text in body) the spec's way round (visitor text in body2). */
export async function swapVisitorBodies(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('content')
    .set({ body: sql`body2`, body2: sql`body` })
    .where('condition', '=', 'unauthenticated')
    .where((eb) => eb.or([eb('subtype', 'is', null), eb('subtype', '!=', 'register')]))
    .execute();
}
