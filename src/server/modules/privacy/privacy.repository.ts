/** A learner's export and deletion requests. Functions take the database (or a transaction) first. */
import type { Db } from '../../db/database.ts';
import type { DataExportsTable } from '../../db/schema.ts';

/** The user's latest export request and their scheduled deletion, if any. */
export function privacyRequests(db: Db, userId: string) {
  return Promise.all([
    db
      .selectFrom('data_exports')
      .select(['id', 'status', 'created', 'ready', 'expires'])
      .where('userId', '=', userId)
      .orderBy('created', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db.selectFrom('account_deletions').select(['requested', 'due']).where('userId', '=', userId).executeTakeFirst(),
  ]);
}

/** Whether an export of the user is queued or being built. */
export async function exportInProgress(db: Db, userId: string): Promise<boolean> {
  return !!(await db
    .selectFrom('data_exports')
    .select('id')
    .where('userId', '=', userId)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst());
}

export async function insertExport(db: Db, row: DataExportsTable): Promise<void> {
  await db.insertInto('data_exports').values(row).execute();
}

/** A finished export by the hash of its download token. */
export function readyExport(db: Db, tokenhash: string) {
  return db
    .selectFrom('data_exports')
    .select(['userId', 'data', 'expires', 'created'])
    .where('tokenhash', '=', tokenhash)
    .where('status', '=', 'ready')
    .executeTakeFirst();
}

/** Schedules (or moves) the deletion of an account. */
export async function scheduleDeletion(db: Db, userId: string, requested: string, due: string): Promise<void> {
  await db
    .insertInto('account_deletions')
    .values({ userId, requested, due })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ requested, due }))
    .execute();
}
