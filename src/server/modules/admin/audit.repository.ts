/**
 * The audit log: every admin change to a user, a role, an enrolment, a translation, a setting or a
 * navigation item, with who made it, when, and a small JSON of what changed. Other modules call
 * `recordAudit(db, entry)` with the same database or transaction they made the change with, so the
 * change and its entry are stored together.
 */
import crypto from 'node:crypto';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AuditLogTable, Database, UsersTable } from '../../db/schema.ts';
import { fromJson, json, now } from '../../db/dialect.ts';
import type { AuditAction } from '../../../domain/audit.ts';

/** Action names written to the log; the admin list filters on them. */
export const AUDIT = {
  userUpdate: 'user.update',
  userRoles: 'user.roles',
  userRemove: 'user.remove',
  enrollmentSave: 'enrollment.save',
  enrollmentRemove: 'enrollment.remove',
  translationSet: 'translation.set',
  settingsUpdate: 'settings.update',
  crmSettings: 'crm.settings',
  navItemSave: 'navitem.save',
  navItemRemove: 'navitem.remove',
} as const satisfies Record<string, AuditAction>;

export interface AuditEntry {
  actor: { id: string; email: string };
  /** One of the actions src/domain/audit.ts names (the admin's list labels each). */
  action: AuditAction;
  /** What kind of record `target` names: user, enrollment, translation, settings, navitem, crm. */
  targetType: string;
  /** The record's id (a user id, an enrolment id, a language key, 'site'...). */
  target: string;
  /** What changed, e.g. `{ roles: { from: [], to: ['cms'] } }`. Kept small: long values are cut. */
  changes?: Record<string, unknown>;
  /** Every record the action touched beyond `target` (a bulk action's users), kept whole in audit_targets. */
  targets?: readonly string[];
}

const MAX_VALUE_CHARS = 200;
const MAX_CHANGES_CHARS = 8000;

/** Cuts long strings and long lists so one entry stays a few kilobytes at most. */
function shrink(v: unknown, depth = 0): unknown {
  if (typeof v === 'string') return v.length > MAX_VALUE_CHARS ? `${v.slice(0, MAX_VALUE_CHARS)}…` : v;
  if (Array.isArray(v)) return v.slice(0, 50).map((x) => shrink(x, depth + 1));
  if (v && typeof v === 'object') {
    if (depth > 4) return '…';
    return Object.fromEntries(
      Object.entries(v)
        .slice(0, 100)
        .map(([k, x]) => [k, shrink(x, depth + 1)]),
    );
  }
  return v;
}

export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  let changes = json(shrink(entry.changes ?? {}));
  if (changes.length > MAX_CHANGES_CHARS) changes = json({ truncated: true, fields: Object.keys(entry.changes ?? {}).slice(0, 100) });
  const row: AuditLogTable = {
    id: crypto.randomUUID(),
    created: now(),
    actor: entry.actor.id,
    actoremail: entry.actor.email,
    action: entry.action,
    targettype: entry.targetType,
    target: entry.target,
    changes,
  };
  await db.insertInto('audit_log').values(row).execute();
  const targets = [...new Set(entry.targets ?? [])];
  for (let i = 0; i < targets.length; i += TARGETS_PER_INSERT) {
    await db
      .insertInto('audit_targets')
      .values(targets.slice(i, i + TARGETS_PER_INSERT).map((target) => ({ auditid: row.id, target })))
      .execute();
  }
}

/** Rows per insert of an entry's targets: two values each, well inside both engines' bound-parameter limits. */
const TARGETS_PER_INSERT = 400;

/** An entry's own target or one of its listed targets. */
export const touches = (target: string) => (eb: ExpressionBuilder<Database, 'audit_log'>) =>
  eb.or([
    eb('audit_log.target', '=', target),
    eb.exists(
      eb
        .selectFrom('audit_targets')
        .select('audit_targets.auditid')
        .whereRef('audit_targets.auditid', '=', 'audit_log.id')
        .where('audit_targets.target', '=', target),
    ),
  ]);

/** An empty text and no value are the same for the log. */
const plain = (v: unknown) => (v === '' || v === undefined ? null : v);

/** `{ field: { from, to } }` for the fields of `after` whose value differs from `before`. */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const [k, v] of Object.entries(after)) {
    const from = plain(before[k]);
    const to = plain(v);
    if (json(from) !== json(to)) out[k] = { from, to };
  }
  return out;
}

/**
 * The audit entries of a users/save: a role change always (even one's own), a profile edit only when
 * someone else made it (people editing their own profile are not admin changes).
 */
export async function auditUserSave(
  db: Db,
  actor: { id: string; email: string },
  before: UsersTable,
  fields: Record<string, unknown>,
  roles?: string[],
): Promise<void> {
  if (roles) {
    const from = fromJson<string[]>(before.roles, []);
    const to = [...new Set(roles)].sort();
    if (json(from) !== json(to)) {
      await recordAudit(db, {
        actor,
        action: AUDIT.userRoles,
        targetType: 'user',
        target: before.id,
        changes: { email: before.email, roles: { from, to } },
      });
    }
  }
  if (actor.id === before.id) return;
  const changed = diff(before as unknown as Record<string, unknown>, fields);
  if (Object.keys(changed).length) {
    await recordAudit(db, {
      actor,
      action: AUDIT.userUpdate,
      targetType: 'user',
      target: before.id,
      changes: { email: before.email, ...changed },
    });
  }
}

export interface AuditFilters {
  actor?: string;
  action?: string;
  target?: string;
  skip?: number;
  limit?: number;
}

/** Newest first. `actor` matches the user id or the e-mail address; `action` and `target` match exactly. */
export async function listAudit(db: Db, f: AuditFilters) {
  let q = db.selectFrom('audit_log');
  if (f.actor) {
    const actor = f.actor;
    q = q.where((eb) => eb.or([eb('actor', '=', actor), eb(sql`lower(actoremail)`, '=', actor.toLowerCase())]));
  }
  if (f.action) q = q.where('action', '=', f.action);
  if (f.target) q = q.where(touches(f.target));
  const [rows, total] = await Promise.all([
    q
      .selectAll()
      .orderBy('created', 'desc')
      .orderBy('id', 'desc')
      .offset(f.skip ?? 0)
      .limit(f.limit ?? 50)
      .execute(),
    q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => ({
      _id: r.id,
      created: r.created,
      actor: r.actor,
      actoremail: r.actoremail,
      action: r.action,
      targettype: r.targettype,
      target: r.target,
      changes: fromJson<Record<string, unknown>>(r.changes, {}),
    })),
    total: Number(total.n),
  };
}
