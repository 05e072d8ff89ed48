/**
 * An e-mail change's confirmation link, sent to the new address: single-use, 30 minutes. Until it is
 * used the account keeps its address.
 */
import crypto from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { clockIso } from './clock.ts';
import { SECRET_TTL_MS, secretId } from './account-secrets.ts';

/** A new confirmation token for moving the account to `newEmail`; an earlier pending change is dropped. */
export async function createEmailChange(db: Db, userId: string, newEmail: string): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('account_secrets').where('userId', '=', userId).where('kind', '=', 'email').execute();
    await trx
      .insertInto('account_secrets')
      .values({
        id: secretId('email', token),
        userId,
        kind: 'email',
        newEmail,
        created: clockIso(),
        expires: clockIso(SECRET_TTL_MS),
        used: null,
        session: null,
      })
      .execute();
  });
  return token;
}

/**
 * Uses up a confirmation token and applies the change with `apply`, in one transaction: a token that
 * is unknown, used or expired gives null, and if `apply` throws (the address was taken meanwhile)
 * the token stays unused.
 */
export async function confirmEmailChange<T>(
  db: Db,
  token: string,
  apply: (trx: Db, change: { userId: string; newEmail: string }) => Promise<T>,
): Promise<T | null> {
  const id = secretId('email', token);
  return db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('account_secrets')
      .set({ used: clockIso() })
      .where('id', '=', id)
      .where('kind', '=', 'email')
      .where('used', 'is', null)
      .where('expires', '>', clockIso())
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return null;
    const row = await trx.selectFrom('account_secrets').select(['userId', 'newEmail']).where('id', '=', id).executeTakeFirstOrThrow();
    return apply(trx, { userId: row.userId, newEmail: row.newEmail! });
  });
}
