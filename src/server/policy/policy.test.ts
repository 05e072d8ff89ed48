/**
 * Walks every role against every action. The table is written out by hand: a rule that changes
 * without its row changing fails here (unexpected allow or deny), and a new action without a row fails too.
 */
import { describe, expect, it } from 'vitest';
import { ACTIONS, can, type Action, type Actor, type Resource } from './policy.ts';

const learner: Actor = { id: 'u-learner', email: 'learner@example.org', roles: [] };
const instructor: Actor = { id: 'u-instructor', email: 'instructor@example.org', roles: [] };
const editor: Actor = { id: 'u-editor', email: 'editor@example.org', roles: ['cms'] };
const admin: Actor = { id: 'u-admin', email: 'admin@example.org', roles: ['admin'] };
const ACTORS = { visitor: null, learner, instructor, editor, admin } as const;
type RoleName = keyof typeof ACTORS;

/** The record each action is tried on: someone else's account, or a class the instructor hosts. */
const other: Resource = { user: { id: 'u-someone-else' }, class: { instructor: 'u-instructor' } };
/** The same action tried on the actor's own account. */
const own = (a: Actor | null): Resource => ({ user: { id: a?.id ?? 'nobody' }, class: { instructor: 'u-instructor' } });

//                       visitor learner instructor editor admin   (on someone else's record / on own record)
const Y = true, N = false;
const MATRIX: Record<Action, { other: boolean[]; own: boolean[] }> = {
  'session.whoami':          { other: [Y, Y, Y, Y, Y], own: [Y, Y, Y, Y, Y] },
  'session.login':           { other: [Y, Y, Y, Y, Y], own: [Y, Y, Y, Y, Y] },
  'session.logout':          { other: [Y, Y, Y, Y, Y], own: [Y, Y, Y, Y, Y] },
  'session.setLanguage':     { other: [Y, Y, Y, Y, Y], own: [Y, Y, Y, Y, Y] },
  'session.setCookieOptin':  { other: [N, Y, Y, Y, Y], own: [N, Y, Y, Y, Y] },
  'account.register':        { other: [Y, N, N, N, N], own: [Y, N, N, N, N] },
  'account.resetPassword':   { other: [Y, Y, Y, Y, Y], own: [Y, Y, Y, Y, Y] },
  'account.changePassword':  { other: [N, N, N, N, N], own: [N, Y, Y, Y, Y] },
  'user.read':               { other: [N, N, N, Y, Y], own: [N, Y, Y, Y, Y] },
  'user.update':             { other: [N, N, N, Y, Y], own: [N, Y, Y, Y, Y] },
  'user.setRoles':           { other: [N, N, N, N, Y], own: [N, N, N, N, Y] },
  'user.list':               { other: [N, N, N, N, Y], own: [N, N, N, N, Y] },
  'user.remove':             { other: [N, N, N, N, Y], own: [N, N, N, N, N] },
  'user.listInstructors':    { other: [N, Y, Y, Y, Y], own: [N, Y, Y, Y, Y] },
  'content.read':            { other: [Y, Y, Y, Y, Y], own: [Y, Y, Y, Y, Y] },
  'course.list':             { other: [Y, Y, Y, Y, Y], own: [Y, Y, Y, Y, Y] },
  'lesson.list':             { other: [Y, Y, Y, Y, Y], own: [Y, Y, Y, Y, Y] },
  'enrollment.listOwn':      { other: [N, Y, Y, Y, Y], own: [N, Y, Y, Y, Y] },
  'enrollment.view':         { other: [N, N, N, N, N], own: [N, Y, Y, Y, Y] },
  'admin.area':              { other: [N, N, N, N, Y], own: [N, N, N, N, Y] },
};

describe('policy: role x action matrix', () => {
  it('has a row for every action and no row for an unknown one', () => {
    expect(Object.keys(MATRIX).sort()).toEqual([...ACTIONS].sort());
  });

  const roles = Object.keys(ACTORS) as RoleName[];
  for (const action of ACTIONS) {
    it(action, () => {
      const unexpected: string[] = [];
      roles.forEach((role, i) => {
        const actor = ACTORS[role];
        for (const [where, resource] of [['other', other], ['own', own(actor)]] as const) {
          const expected = MATRIX[action][where][i];
          const got = can(actor, action, resource);
          if (got !== expected) unexpected.push(`${role} on ${where} record: expected ${expected ? 'allow' : 'deny'}, got ${got ? 'allow' : 'deny'}`);
        }
      });
      expect(unexpected).toEqual([]);
    });
  }
});
