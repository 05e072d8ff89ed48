/**
 * Every action the audit log records, named `area.verb`. The server writes only these names and the
 * admin's audit list labels each one, so a new action without a label does not compile.
 */
import { BULK_ACTIONS } from './staff.ts';
import { HISTORY_KINDS } from './history.ts';

const CONTENT_VERBS = ['save', 'remove', 'restore'] as const;

export const AUDIT_ACTIONS = [
  'user.update',
  'user.roles',
  'user.remove',
  'user.erase',
  'user.retentionWarning',
  'users.import',
  ...BULK_ACTIONS.map((a) => `users.bulk.${a}` as const),
  'enrollment.save',
  'enrollment.remove',
  'exam.grantAttempt',
  'translation.set',
  'settings.update',
  'security.settings',
  'crm.settings',
  'navitem.save',
  'navitem.remove',
  ...HISTORY_KINDS.flatMap((k) => CONTENT_VERBS.map((v) => `${k}.${v}` as const)),
  'course.copy',
  'class.save',
  'class.remove',
  'file.save',
  'file.remove',
  'sessions.endall',
  'twofactor.reset',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The audit action of a bulk action on users. */
export const auditBulk = <A extends (typeof BULK_ACTIONS)[number]>(action: A) => `users.bulk.${action}` as const;
