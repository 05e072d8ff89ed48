/**
 * A password reset's temporary password: mailed, single-use, 30 minutes. Writing one changes nothing
 * about the account; the login route asks `useTemporaryPassword` when the password given is not the
 * account's, and marks the new session with `restrictSession` so it can only set a new password.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { currentSession } from '../../auth.ts';
import { hashToken } from '../../adapters/sessions.ts';
import { temporaryPassword } from '../../adapters/passwords.ts';
import { clockIso } from './clock.ts';
import { SECRET_TTL_MS, secretId } from './account-secrets.ts';

/**
 * A new temporary password for the user. An earlier unused one stops working, so only the newest mail
 * counts; the user's password and sessions are left as they are.
 */
export async function createTemporaryPassword(db: Db, userId: string): Promise<string> {
  const secret = temporaryPassword();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('account_secrets').where('userId', '=', userId).where('kind', '=', 'reset').where('used', 'is', null).execute();
    await trx
      .insertInto('account_secrets')
      .values({
        id: secretId('reset', secret),
        userId,
        kind: 'reset',
        newEmail: null,
        created: clockIso(),
        expires: clockIso(SECRET_TTL_MS),
        used: null,
        session: null,
      })
      .execute();
  });
  return secret;
}

/**
 * Whether `password` is an unused, unexpired temporary password of the user; if so it is used up
 * (one conditional update, so two sign-ins racing with the same secret cannot both succeed).
 * Returns the secret's id, for `restrictSession`.
 */
export async function useTemporaryPassword(db: Db, userId: string, password: string): Promise<string | null> {
  const id = secretId('reset', password);
  const r = await db
    .updateTable('account_secrets')
    .set({ used: clockIso() })
    .where('id', '=', id)
    .where('userId', '=', userId)
    .where('kind', '=', 'reset')
    .where('used', 'is', null)
    .where('expires', '>', clockIso())
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1 ? id : null;
}

/** Marks the session that signed in with a temporary password: it must set a new password first. */
export async function restrictSession(db: Db, secret: string, sessionToken: string): Promise<void> {
  await db
    .updateTable('account_secrets')
    .set({ session: hashToken(sessionToken) })
    .where('id', '=', secret)
    .execute();
}

/**
 * Sessions known to be free of the restriction, per store, for a session store that does not read it
 * with the session (Redis). Every state-changing request asks, so the answer "no" is remembered: a
 * session is restricted only by the sign-in that creates it, before its token is handed out, so it can
 * never turn restricted later. "Yes" is always asked again (setting a new password lifts it). Bounded:
 * dropped wholesale past the limit.
 */
const unrestricted = new WeakMap<Db, Set<string>>();
const UNRESTRICTED_MAX = 50_000;

/** Whether the request's session signed in with a temporary password and has not set a new password yet. */
export async function mustChangePassword(ctx: AppContext, req: FastifyRequest): Promise<boolean> {
  const session = await currentSession(ctx, req);
  if (!session) return false;
  // The database store reads it with the session, in the request's one read of it.
  if (session.restricted !== undefined) return session.restricted;
  const { db } = ctx;
  let known = unrestricted.get(db);
  if (known?.has(session.id)) return false;
  const row = await db
    .selectFrom('account_secrets')
    .select('id')
    .where('session', '=', session.id)
    .where('kind', '=', 'reset')
    .executeTakeFirst();
  if (row) return true;
  if (!known) unrestricted.set(db, (known = new Set()));
  if (known.size >= UNRESTRICTED_MAX) known.clear();
  known.add(session.id);
  return false;
}

/** A new password was set: every reset secret of the user, used or not, is done with. */
export async function clearResets(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('account_secrets').where('userId', '=', userId).where('kind', '=', 'reset').execute();
}
