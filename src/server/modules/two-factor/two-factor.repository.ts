/**
 * TOTP (RFC 6238, SHA-1, 6 digits, 30 s: what every authenticator app reads) through otpauth, and
 * recovery codes. A code is accepted one step either side of now, and never twice: the newest accepted
 * step is stored and a code must be newer (written with a conditional update, so two requests racing
 * with the same code cannot both win). Recovery codes carry 120 random bits, so SHA-256 is a sound way
 * to store them (ASVS: a plain hash for lookup secrets of 112 bits or more); spent the same way.
 */
import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../../db/database.ts';
import { now } from '../../db/dialect.ts';

export const PERIOD_S = 30;
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpFor(secret: string, label: string, issuer: string): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: Secret.fromBase32(secret) });
}

export const getTwoFactor = (db: Db, userId: string) =>
  db.selectFrom('two_factor').selectAll().where('userId', '=', userId).executeTakeFirst();

export async function isEnabled(db: Db, userId: string): Promise<boolean> {
  return (await getTwoFactor(db, userId))?.enabled === 1;
}

/** Starts (or restarts) setting up: a new secret, not yet in force. */
export async function saveSetupSecret(db: Db, userId: string, secret: string) {
  await db
    .insertInto('two_factor')
    .values({ userId, secret, enabled: 0, laststep: 0, created: now() })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ secret, enabled: 0, laststep: 0, created: now() }))
    .execute();
}

/** The time step a 6-digit code matches (now, or one step either side), if it is newer than the last used. */
async function acceptTotp(db: Db, userId: string, secret: string, laststep: number, code: string, at: number): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const delta = totpFor(secret, 'x', 'x').validate({ token: code, timestamp: at, window: 1 });
  if (delta === null) return false;
  const step = Math.floor(at / 1000 / PERIOD_S) + delta;
  if (step <= laststep) return false;
  const r = await db
    .updateTable('two_factor')
    .set({ laststep: step })
    .where('userId', '=', userId)
    .where('laststep', '<', step)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

const hashCode = (code: string) => crypto.createHash('sha256').update(code).digest('hex');

async function spendRecoveryCode(db: Db, userId: string, code: string, at: number): Promise<boolean> {
  if (!/^[A-Z0-9]{24}$/.test(code)) return false;
  const r = await db
    .updateTable('recovery_codes')
    .set({ used: new Date(at).toISOString() })
    .where('userId', '=', userId)
    .where('hash', '=', hashCode(code))
    .where('used', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Checks a code for an account whose two-factor sign-in is on: a TOTP code or an unused recovery code. */
export async function verifySecondFactor(db: Db, userId: string, code: string, at: number): Promise<'totp' | 'recovery' | null> {
  const row = await getTwoFactor(db, userId);
  if (!row || row.enabled !== 1) return null;
  if (await acceptTotp(db, userId, row.secret, row.laststep, code, at)) return 'totp';
  if (await spendRecoveryCode(db, userId, code, at)) return 'recovery';
  return null;
}

/** Confirms setup with a code from the app; returns the recovery codes (shown once) or null for a wrong code. */
export async function enableTwoFactor(db: Db, userId: string, code: string, at: number): Promise<string[] | null> {
  const row = await getTwoFactor(db, userId);
  if (!row || row.enabled === 1) return null;
  if (!(await acceptTotp(db, userId, row.secret, row.laststep, code, at))) return null;
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => recoveryCode());
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('two_factor').set({ enabled: 1 }).where('userId', '=', userId).execute();
    await trx.deleteFrom('recovery_codes').where('userId', '=', userId).execute();
    await trx
      .insertInto('recovery_codes')
      .values(codes.map((c) => ({ id: crypto.randomUUID(), userId, hash: hashCode(c), used: null })))
      .execute();
  });
  return codes;
}

export async function disableTwoFactor(db: Db, userId: string) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('two_factor').where('userId', '=', userId).execute();
    await trx.deleteFrom('recovery_codes').where('userId', '=', userId).execute();
  });
}

export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const r = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('userId', '=', userId)
    .where('used', 'is', null)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** 24 characters from 32 unambiguous ones (120 bits), shown in groups of four. */
function recoveryCode(): string {
  const bytes = crypto.randomBytes(24);
  return Array.from(bytes, (b) => RECOVERY_ALPHABET[b & 31]).join('');
}
export const formatRecoveryCode = (c: string) => c.match(/.{1,4}/g)!.join('-');
