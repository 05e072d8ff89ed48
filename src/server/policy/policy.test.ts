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
const other: Resource = {
  user: { id: 'u-someone-else', roles: [] },
  class: { instructor: 'u-instructor' },
  // Not enrolled in the class; an active course in the actor's language, without a certification.
  enrolled: false,
  classCourse: { active: true, sameLanguage: true, certified: false, openToAll: false },
  // Someone else's private post, shared with nobody; a survey that is not Active.
  post: { author: 'u-someone-else', private: true, shared: [] },
  survey: { active: false },
};
/** The same action tried on the actor's own account. */
const own = (a: Actor | null): Resource => ({
  user: { id: a?.id ?? 'nobody' },
  class: { instructor: 'u-instructor' },
  // Enrolled in the class; certified for the course.
  enrolled: true,
  classCourse: { active: true, sameLanguage: true, certified: true, openToAll: false },
  // The actor's own private post; an Active survey.
  post: { author: a?.id ?? 'nobody', private: true, shared: [] },
  survey: { active: true },
});

//                       visitor learner instructor editor admin   (on someone else's record / on own record)
const Y = true,
  N = false;
const MATRIX: Record<Action, { other: boolean[]; own: boolean[] }> = {
  'session.whoami': { other: [Y, Y, Y, Y, Y], own: [Y, Y, Y, Y, Y] },
  'session.setLanguage': { other: [Y, Y, Y, Y, Y], own: [Y, Y, Y, Y, Y] },
  'session.setCookieOptin': { other: [N, Y, Y, Y, Y], own: [N, Y, Y, Y, Y] },
  'account.register': { other: [Y, N, N, N, N], own: [Y, N, N, N, N] },
  'account.resetPassword': { other: [Y, Y, Y, Y, Y], own: [Y, Y, Y, Y, Y] },
  'account.changePassword': { other: [N, N, N, N, N], own: [N, Y, Y, Y, Y] },
  'user.read': { other: [N, N, N, Y, Y], own: [N, Y, Y, Y, Y] },
  'user.update': { other: [N, N, N, Y, Y], own: [N, Y, Y, Y, Y] },
  'user.setRoles': { other: [N, N, N, N, Y], own: [N, N, N, N, Y] },
  'user.changeEmail': { other: [N, N, N, N, Y], own: [N, Y, Y, Y, Y] },
  'user.list': { other: [N, N, N, N, Y], own: [N, N, N, N, Y] },
  'user.page': { other: [N, N, N, Y, Y], own: [N, N, N, Y, Y] },
  'user.remove': { other: [N, N, N, N, Y], own: [N, N, N, N, N] },
  'user.listInstructors': { other: [N, Y, Y, Y, Y], own: [N, Y, Y, Y, Y] },
  'content.read': { other: [Y, Y, Y, Y, Y], own: [Y, Y, Y, Y, Y] },
  'course.list': { other: [Y, Y, Y, Y, Y], own: [Y, Y, Y, Y, Y] },
  'lesson.list': { other: [Y, Y, Y, Y, Y], own: [Y, Y, Y, Y, Y] },
  'content.write': { other: [N, N, N, Y, Y], own: [N, N, N, Y, Y] },
  'content.setScripts': { other: [N, N, N, N, Y], own: [N, N, N, N, Y] },
  'course.write': { other: [N, N, N, Y, Y], own: [N, N, N, Y, Y] },
  'lesson.read': { other: [Y, Y, Y, Y, Y], own: [Y, Y, Y, Y, Y] },
  'lesson.write': { other: [N, N, N, Y, Y], own: [N, N, N, Y, Y] },
  'material.list': { other: [Y, Y, Y, Y, Y], own: [Y, Y, Y, Y, Y] },
  'material.write': { other: [N, N, N, Y, Y], own: [N, N, N, Y, Y] },
  'material.readAnswers': { other: [N, N, N, Y, Y], own: [N, N, N, Y, Y] },
  'material.examAnswers': { other: [N, N, N, N, Y], own: [N, N, N, N, Y] },
  'file.read': { other: [Y, Y, Y, Y, Y], own: [Y, Y, Y, Y, Y] },
  'file.write': { other: [N, N, N, Y, Y], own: [N, N, N, Y, Y] },
  'enrollment.listOwn': { other: [N, Y, Y, Y, Y], own: [N, Y, Y, Y, Y] },
  'class.list': { other: [Y, Y, Y, Y, Y], own: [Y, Y, Y, Y, Y] },
  'class.listHosted': { other: [N, Y, Y, Y, Y], own: [N, Y, Y, Y, Y] },
  'class.create': { other: [N, N, N, N, Y], own: [N, Y, Y, Y, Y] },
  'class.update': { other: [N, N, Y, N, Y], own: [N, N, Y, N, Y] },
  'class.remove': { other: [N, N, Y, N, Y], own: [N, N, Y, N, Y] },
  'class.assignInstructor': { other: [N, N, N, N, Y], own: [N, N, N, N, Y] },
  'class.viewParticipants': { other: [N, N, Y, N, Y], own: [N, Y, Y, Y, Y] },
  'class.viewParticipantDetails': { other: [N, N, Y, N, Y], own: [N, N, Y, N, Y] },
  'class.pageParticipants': { other: [N, N, Y, N, Y], own: [N, N, Y, N, Y] },
  'enrollment.enroll': { other: [N, Y, Y, Y, Y], own: [N, Y, Y, Y, Y] },
  'enrollment.listOf': { other: [N, N, N, Y, Y], own: [N, Y, Y, Y, Y] },
  'enrollment.manage': { other: [N, N, N, Y, Y], own: [N, N, N, Y, Y] },
  'enrollment.recordProgress': { other: [N, N, N, N, N], own: [N, Y, Y, Y, Y] },
  'certificate.view': { other: [N, N, N, N, N], own: [N, Y, Y, Y, Y] },
  'certificate.verify': { other: [Y, Y, Y, Y, Y], own: [Y, Y, Y, Y, Y] },
  'admin.translations': { other: [N, N, N, N, Y], own: [N, N, N, N, Y] },
  'admin.settings': { other: [N, N, N, N, Y], own: [N, N, N, N, Y] },
  'admin.navigation': { other: [N, N, N, N, Y], own: [N, N, N, N, Y] },
  'report.read': { other: [N, N, N, N, Y], own: [N, N, N, N, Y] },
  'stats.read': { other: [N, N, N, N, Y], own: [N, N, N, N, Y] },
  'crm.use': { other: [N, N, N, N, Y], own: [N, N, N, N, Y] },
  'audit.read': { other: [N, N, N, N, Y], own: [N, N, N, N, Y] },
  'api.describe': { other: [N, N, N, N, Y], own: [N, N, N, N, Y] },
  'class.table': { other: [N, N, N, N, Y], own: [N, N, N, N, Y] },
  'file.table': { other: [N, N, N, Y, Y], own: [N, N, N, Y, Y] },
  'enrollment.table': { other: [N, N, N, Y, Y], own: [N, N, N, Y, Y] },
  'history.read': { other: [N, N, N, Y, Y], own: [N, N, N, Y, Y] },
  'history.restore': { other: [N, N, N, Y, Y], own: [N, N, N, Y, Y] },
  'course.copy': { other: [N, N, N, Y, Y], own: [N, N, N, Y, Y] },
  'comment.read': { other: [N, N, Y, N, Y], own: [N, Y, Y, Y, Y] },
  'comment.create': { other: [N, N, Y, Y, Y], own: [N, Y, Y, Y, Y] },
  'comment.update': { other: [N, N, N, N, Y], own: [N, Y, Y, Y, Y] },
  'comment.remove': { other: [N, N, N, N, Y], own: [N, Y, Y, Y, Y] },
  'survey.read': { other: [N, N, N, Y, Y], own: [Y, Y, Y, Y, Y] },
  'survey.list': { other: [Y, Y, Y, Y, Y], own: [Y, Y, Y, Y, Y] },
  'survey.answer': { other: [N, N, N, N, N], own: [Y, Y, Y, Y, Y] },
  'survey.write': { other: [N, N, N, Y, Y], own: [N, N, N, Y, Y] },
  'survey.readResponses': { other: [N, N, N, N, Y], own: [N, N, N, N, Y] },
  // Accounts: e-mail confirmation, direct e-mail changes, private groups and their registration codes.
  'account.confirmEmail': { other: [Y, Y, Y, Y, Y], own: [Y, Y, Y, Y, Y] },
  'user.changeEmailDirectly': { other: [N, N, N, N, Y], own: [N, N, N, N, N] },
  'class.viewPrivate': { other: [N, N, Y, Y, Y], own: [N, Y, Y, Y, Y] },
  'class.viewRegcode': { other: [N, N, Y, Y, Y], own: [N, N, Y, Y, Y] },
  // A learner's own data
  'privacy.status': { other: [N, N, N, N, N], own: [N, Y, Y, Y, Y] },
  'privacy.export': { other: [N, N, N, N, N], own: [N, Y, Y, Y, Y] },
  'privacy.download': { other: [N, N, N, N, N], own: [N, Y, Y, Y, Y] },
  'privacy.deleteAccount': { other: [N, N, N, N, N], own: [N, Y, Y, Y, Y] },
  // Sessions and two-factor sign-in
  'session.manage': { other: [N, N, N, N, N], own: [N, Y, Y, Y, Y] },
  'session.endAllOfUser': { other: [N, N, N, N, Y], own: [N, N, N, N, Y] },
  'twofactor.manage': { other: [N, N, N, N, N], own: [N, Y, Y, Y, Y] },
  'twofactor.resetOfUser': { other: [N, N, N, N, Y], own: [N, N, N, N, Y] },
  'twofactor.signIn': { other: [Y, Y, Y, Y, Y], own: [Y, Y, Y, Y, Y] },
  // Exam attempts, extra attempts and the gradebook
  'exam.attempt': { other: [N, N, N, N, N], own: [N, Y, Y, Y, Y] },
  'exam.grantAttempt': { other: [N, N, Y, N, Y], own: [N, N, Y, N, Y] },
  'exam.reviewAttempts': { other: [N, N, Y, N, Y], own: [N, N, Y, N, Y] },
  'class.gradebook': { other: [N, N, Y, N, Y], own: [N, N, Y, N, Y] },
  'course.gradebook': { other: [N, N, N, N, Y], own: [N, N, N, N, Y] },
  'user.import': { other: [N, N, N, N, Y], own: [N, N, N, N, Y] },
  'user.bulk': { other: [N, N, N, Y, Y], own: [N, N, N, Y, Y] },
  'user.suspend': { other: [N, N, N, N, Y], own: [N, N, N, N, N] },
  'message.class': { other: [N, N, Y, Y, Y], own: [N, N, Y, Y, Y] },
  'notice.manage': { other: [N, N, N, N, N], own: [N, Y, Y, Y, Y] },
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
        for (const [where, resource] of [
          ['other', other],
          ['own', own(actor)],
        ] as const) {
          const expected = MATRIX[action][where][i];
          const got = can(actor, action, resource);
          if (got !== expected)
            unexpected.push(`${role} on ${where} record: expected ${expected ? 'allow' : 'deny'}, got ${got ? 'allow' : 'deny'}`);
        }
      });
      expect(unexpected).toEqual([]);
    });
  }
});

describe('policy: field rules on accounts', () => {
  const anAdmin: Resource = { user: { id: 'u-other-admin', roles: ['admin'] } };
  const anEditor: Resource = { user: { id: 'u-other-editor', roles: ['cms'] } };
  it("keeps an admin's e-mail with that admin: no editor and no other admin changes it", () => {
    expect(can(editor, 'user.changeEmail', anAdmin)).toBe(false);
    expect(can(admin, 'user.changeEmail', anAdmin)).toBe(false);
    expect(can({ ...admin, id: 'u-other-admin' }, 'user.changeEmail', anAdmin)).toBe(true);
  });
  it("lets admins change a non-admin's e-mail, and editors nobody's but their own", () => {
    expect(can(admin, 'user.changeEmail', anEditor)).toBe(true);
    expect(can(editor, 'user.changeEmail', anEditor)).toBe(false);
    expect(can(learner, 'user.changeEmail', anEditor)).toBe(false);
    // Only a non-admin's address moves at once (by an admin); one's own waits for the new address to confirm.
    expect(can(admin, 'user.changeEmailDirectly', anEditor)).toBe(true);
    expect(can({ ...admin, id: 'u-third-admin' }, 'user.changeEmailDirectly', anAdmin)).toBe(false);
    expect(can(admin, 'user.changeEmailDirectly', { user: { id: admin.id, roles: ['admin'] } })).toBe(false);
  });
  it('leaves roles to admins, whoever the account belongs to', () => {
    expect(can(editor, 'user.setRoles', anAdmin)).toBe(false);
    expect(can(editor, 'user.setRoles', { user: { id: editor.id, roles: ['cms'] } })).toBe(false);
  });
});

describe('policy: who may create a class for which course (spec section 6)', () => {
  const course = (over: Partial<NonNullable<Resource['classCourse']>>): Resource => ({
    classCourse: { active: true, sameLanguage: true, certified: false, openToAll: false, ...over },
  });
  it('lets a certified user create classes for an active course in their language', () => {
    expect(can(learner, 'class.create', course({ certified: true }))).toBe(true);
    expect(can(learner, 'class.create', course({ certified: true, sameLanguage: false }))).toBe(false);
    expect(can(learner, 'class.create', course({ certified: true, active: false }))).toBe(false);
  });
  it('lets anyone signed in create one when createclasswithoutcerts is on', () => {
    expect(can(learner, 'class.create', course({ openToAll: true }))).toBe(true);
    expect(can(null, 'class.create', course({ openToAll: true }))).toBe(false);
    expect(can(learner, 'class.create', course({ openToAll: true, sameLanguage: false }))).toBe(false);
  });
  it('lets admins create classes for any active course in any language, never for an inactive one', () => {
    expect(can(admin, 'class.create', course({ sameLanguage: false }))).toBe(true);
    expect(can(admin, 'class.create', course({ active: false }))).toBe(false);
    expect(can(editor, 'class.create', course({ sameLanguage: false }))).toBe(false);
  });
  it('needs the course facts: none means no', () => {
    expect(can(admin, 'class.create', {})).toBe(false);
  });
});

describe('policy: who reads which post of a discussion', () => {
  const inClass = (over: Partial<Resource> = {}): Resource => ({ class: { instructor: 'u-instructor' }, enrolled: true, ...over });
  const publicPost = { author: 'u-someone-else', private: false, shared: [] };
  const privatePost = (shared: string[] = []) => ({ author: 'u-someone-else', private: true, shared });

  it("lets the class's learners read its public posts, and nobody outside the class but editors", () => {
    expect(can(learner, 'comment.read', inClass({ post: publicPost }))).toBe(true);
    expect(can(learner, 'comment.read', inClass({ enrolled: false, post: publicPost }))).toBe(false);
    expect(can(editor, 'comment.read', inClass({ enrolled: false, post: publicPost }))).toBe(true);
    expect(can(null, 'comment.read', inClass({ enrolled: false, post: publicPost }))).toBe(false);
  });
  it('shows a private post to the listed addresses (any case), the instructor and admins only', () => {
    expect(can(learner, 'comment.read', inClass({ post: privatePost(['learner@example.org']) }))).toBe(true);
    expect(can({ ...learner, email: 'Learner@Example.org' }, 'comment.read', inClass({ post: privatePost(['learner@example.org']) }))).toBe(
      true,
    );
    expect(can(learner, 'comment.read', inClass({ post: privatePost(['someone@example.org']) }))).toBe(false);
    expect(can(instructor, 'comment.read', inClass({ enrolled: false, post: privatePost() }))).toBe(true);
    expect(can(editor, 'comment.read', inClass({ post: privatePost() }))).toBe(false);
    expect(can(admin, 'comment.read', inClass({ enrolled: false, post: privatePost() }))).toBe(true);
  });
  it('matches the author by user id or by email, and keeps an author reading their own posts', () => {
    const byEmail = { author: 'learner@example.org', private: true, shared: [] };
    expect(can(learner, 'comment.update', { post: byEmail })).toBe(true);
    expect(can(learner, 'comment.remove', { post: { ...byEmail, author: 'LEARNER@example.org' } })).toBe(true);
    expect(can(learner, 'comment.read', inClass({ enrolled: false, post: byEmail }))).toBe(true);
    expect(can(learner, 'comment.update', { post: publicPost })).toBe(false);
  });
  it('opens a discussion without a class to everyone signed in; without the flag only editors', () => {
    expect(can(learner, 'comment.create', { courseWide: true })).toBe(true);
    expect(can(null, 'comment.create', { courseWide: true })).toBe(false);
    expect(can(learner, 'comment.read', {})).toBe(false);
    expect(can(editor, 'comment.read', {})).toBe(true);
  });
});
