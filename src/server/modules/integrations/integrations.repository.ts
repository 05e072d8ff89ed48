/**
 * Settings of the CRM connection, kept in `integration_settings` (never in the site config, which every
 * browser receives). The key is write-only: clients learn whether it is set, never its value.
 */
import type { Db } from '../../db/database.ts';
import { fromJson, json, now } from '../../db/dialect.ts';
import type { UsersTable } from '../../db/schema.ts';
import type { CrmContactInput } from '../../adapters/crm.ts';
import type { CrmSettingsView } from '../../../domain/replies-admin.ts';

export interface CrmSettings {
  baseUrl: string;
  key: string;
  timeoutMs?: number;
  /** When syncRecentUsers last finished without a failure: where the next one starts by default. */
  lastSync?: string;
}

export type { CrmSettingsView };

const NAME = 'crm';

export async function loadCrmSettings(db: Db): Promise<CrmSettings> {
  const row = await db.selectFrom('integration_settings').select('data').where('name', '=', NAME).executeTakeFirst();
  return { baseUrl: '', key: '', ...fromJson<Partial<CrmSettings>>(row?.data, {}) };
}

export async function saveCrmSettings(db: Db, patch: Partial<CrmSettings>): Promise<CrmSettings> {
  const next = { ...(await loadCrmSettings(db)), ...patch };
  const data = json(next);
  const ts = now();
  await db
    .insertInto('integration_settings')
    .values({ name: NAME, data, timestamp: ts })
    .onConflict((oc) => oc.column('name').doUpdateSet({ data, timestamp: ts }))
    .execute();
  return next;
}

export const presentCrmSettings = (s: CrmSettings): CrmSettingsView => ({
  baseUrl: s.baseUrl,
  keySet: s.key !== '',
  configured: s.baseUrl !== '' && s.key !== '',
  ...(s.timeoutMs ? { timeoutMs: s.timeoutMs } : {}),
  ...(s.lastSync ? { lastSync: s.lastSync } : {}),
});

/** A user as a CRM contact; `externalId` is the user id so a resent contact updates the same record. */
export function contactOf(
  u: Pick<UsersTable, 'id' | 'email' | 'firstname' | 'lastname' | 'phone' | 'city' | 'state' | 'country' | 'postal' | 'lang'>,
): CrmContactInput {
  const c: CrmContactInput = { externalId: u.id, email: u.email, firstName: u.firstname, lastName: u.lastname };
  const optional = { phone: u.phone, city: u.city, state: u.state, country: u.country, postalCode: u.postal, language: u.lang };
  for (const [k, v] of Object.entries(optional)) if (v) (c as unknown as Record<string, string>)[k] = v;
  return c;
}

/** Accounts changed (or created) since `since`, oldest change first, after the keyset cursor. */
export function changedUsers(db: Db, since: string, after: { timestamp: string; id: string } | null, limit: number) {
  let q = db
    .selectFrom('users')
    .select(['id', 'email', 'firstname', 'lastname', 'phone', 'city', 'state', 'country', 'postal', 'lang', 'timestamp'])
    .where('timestamp', '>=', since);
  if (after) {
    q = q.where((eb) =>
      eb.or([eb('timestamp', '>', after.timestamp), eb.and([eb('timestamp', '=', after.timestamp), eb('id', '>', after.id)])]),
    );
  }
  return q.orderBy('timestamp').orderBy('id').limit(limit).execute();
}
