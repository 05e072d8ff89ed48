/**
 * The one place that decides who may do what (spec section 6). Routes call `authorize` with the actor,
 * the action and the record; they never test roles themselves. Each rule is a small predicate built from
 * the named helpers below; the role x action matrix test walks them all.
 */
import { forbidden, unauthorized } from '../errors.ts';

export interface Actor {
  id: string;
  email: string;
  roles: string[];
}

export const isSignedIn = (a: Actor | null): a is Actor => a !== null;
export const isAdmin = (a: Actor | null) => !!a && a.roles.includes('admin');
/** Spec: isEditor means role cms or admin. */
export const isEditor = (a: Actor | null) => !!a && (a.roles.includes('cms') || a.roles.includes('admin'));
const isSelf = (a: Actor | null, user?: { id: string }) => !!a && !!user && a.id === user.id;

/** Records a rule may look at. */
export interface Resource {
  user?: { id: string };
  class?: { instructor: string | null };
}

type Rule = (actor: Actor | null, r: Resource) => boolean;

const everyone: Rule = () => true;
const visitorsOnly: Rule = (a) => !isSignedIn(a);
const signedIn: Rule = (a) => isSignedIn(a);
const editors: Rule = (a) => isEditor(a);
const admins: Rule = (a) => isAdmin(a);
const selfOrEditor: Rule = (a, r) => isSelf(a, r.user) || isEditor(a);
const selfOnly: Rule = (a, r) => isSelf(a, r.user);

export const RULES = {
  // Session and preferences
  'session.whoami': everyone,
  'session.login': everyone,
  'session.logout': everyone,
  'session.setLanguage': everyone,
  'session.setCookieOptin': signedIn,
  // Accounts
  'account.register': visitorsOnly,
  'account.resetPassword': everyone,
  'account.changePassword': selfOnly,
  'user.read': selfOrEditor,
  'user.update': selfOrEditor,
  'user.setRoles': admins,
  'user.list': admins,
  'user.remove': (a, r) => isAdmin(a) && !isSelf(a, r.user),
  'user.listInstructors': signedIn,
  // Public catalogue (read-only here; writes arrive with the content issue)
  'content.read': everyone,
  'course.list': everyone,
  'lesson.list': everyone,
  'enrollment.listOwn': signedIn,
  'enrollment.view': (a, r) => isSelf(a, r.user),
  // Admin area
  'admin.area': admins,
} satisfies Record<string, Rule>;

export type Action = keyof typeof RULES;
export const ACTIONS = Object.keys(RULES) as Action[];

export function can(actor: Actor | null, action: Action, resource: Resource = {}): boolean {
  return RULES[action](actor, resource);
}

/** Throws 401 for a signed-out actor and 403 for a signed-in one when the rule says no. */
export function authorize(actor: Actor | null, action: Action, resource: Resource = {}): void {
  if (can(actor, action, resource)) return;
  throw actor ? forbidden() : unauthorized();
}
