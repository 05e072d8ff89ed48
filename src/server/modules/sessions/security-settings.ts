/**
 * Sign-in and session settings an admin may change: how long a session may sit idle and how long it may
 * live at most (shorter for admins, whose sessions are worth more), and whether admins must use
 * two-factor sign-in. Kept in `integration_settings` (admins only, never sent to browsers with the site
 * config) and cached per process, dropped through the invalidation bus on change. Read on every
 * signed-in request, so the cache matters.
 */
import type { Db } from '../../db/database.ts';
import { fromJson, json, now } from '../../db/dialect.ts';
import type { Invalidation } from '../../adapters/invalidation.ts';
import type { SecuritySettings } from '../../../domain/types.ts';

export type { SecuritySettings };
const NAME = 'security';
const TOPIC = 'security';
const HOUR = 3600_000;
const DAY = 24 * HOUR;

export function defaultSecuritySettings(production: boolean): SecuritySettings {
  return {
    sessionIdleHours: 14 * 24,
    sessionMaxDays: 90,
    adminSessionIdleHours: 24,
    adminSessionMaxDays: 7,
    // Off outside production so the demo's admin signs in with the password alone.
    requireAdminTwoFactor: production,
    requireTwoFactorForAll: false,
  };
}

/** Whether this account must have two-factor sign-in before a session starts. */
export const twoFactorRequired = (s: SecuritySettings, admin: boolean) => s.requireTwoFactorForAll || (admin && s.requireAdminTwoFactor);

/** The limits that apply to one account's sessions. */
export function sessionLimits(s: SecuritySettings, admin: boolean): { idleMs: number; maxMs: number } {
  return admin
    ? { idleMs: s.adminSessionIdleHours * HOUR, maxMs: s.adminSessionMaxDays * DAY }
    : { idleMs: s.sessionIdleHours * HOUR, maxMs: s.sessionMaxDays * DAY };
}

export class SecuritySettingsRepository {
  private cached: Promise<SecuritySettings> | null = null;
  private db: Db;
  private bus: Invalidation;
  private defaults: SecuritySettings;

  constructor(db: Db, bus: Invalidation, production: boolean) {
    this.db = db;
    this.bus = bus;
    this.defaults = defaultSecuritySettings(production);
    bus.subscribe(TOPIC, () => {
      this.cached = null;
    });
  }

  get(): Promise<SecuritySettings> {
    if (!this.cached) {
      this.cached = this.load();
      this.cached.catch(() => {
        this.cached = null;
      });
    }
    return this.cached;
  }

  private async load(): Promise<SecuritySettings> {
    const row = await this.db.selectFrom('integration_settings').select('data').where('name', '=', NAME).executeTakeFirst();
    return { ...this.defaults, ...fromJson<Partial<SecuritySettings>>(row?.data, {}) };
  }

  async save(patch: Partial<SecuritySettings>): Promise<SecuritySettings> {
    const next = { ...(await this.get()), ...patch };
    const data = json(next);
    const ts = now();
    await this.db
      .insertInto('integration_settings')
      .values({ name: NAME, data, timestamp: ts })
      .onConflict((oc) => oc.column('name').doUpdateSet({ data, timestamp: ts }))
      .execute();
    this.cached = null;
    await this.bus.publish(TOPIC);
    return next;
  }
}
