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
  /** The actor is enrolled in the class in question. */
  enrolled?: boolean;
  /** The course a class would be created for, and what the actor holds for it (spec section 6). */
  classCourse?: { active: boolean; sameLanguage: boolean; certified: boolean; openToAll: boolean };
  /** Issue 6: a discussion post or reply: who wrote it, whether it is private and with whom it is shared. */
  post?: { author: string; private: boolean; shared: string[] };
  /** Issue 6: the discussion belongs to no class (a lesson's course-wide discussion). */
  courseWide?: boolean;
  /** Issue 6: a survey, open to everyone while Active. */
  survey?: { active: boolean };
}

type Rule = (actor: Actor | null, r: Resource) => boolean;

const everyone: Rule = () => true;
const visitorsOnly: Rule = (a) => !isSignedIn(a);
const signedIn: Rule = (a) => isSignedIn(a);
const editors: Rule = (a) => isEditor(a);
const admins: Rule = (a) => isAdmin(a);
const selfOrEditor: Rule = (a, r) => isSelf(a, r.user) || isEditor(a);
const selfOnly: Rule = (a, r) => isSelf(a, r.user);
const isInstructorOf = (a: Actor | null, cls?: { instructor: string | null }) => !!a && !!cls && cls.instructor === a.id;
const hostOrAdmin: Rule = (a, r) => isAdmin(a) || isInstructorOf(a, r.class);
const enrolledIn: Rule = (a, r) => isSignedIn(a) && r.enrolled === true;
/**
 * Spec section 6: classes are created for courses in the user's certifications, or any course for admins
 * or when the site's createclasswithoutcerts is on; the course is not Inactive and, but for admins, in the
 * user's language.
 */
const mayHostCourse: Rule = (a, r) => {
  const c = r.classCourse;
  return isSignedIn(a) && !!c && c.active && (isAdmin(a) || ((c.certified || c.openToAll) && c.sameLanguage));
};

// Discussions and surveys (issue 6).
/** Spec section 6: posts are matched to their author by user id or email. */
const isAuthorOf = (a: Actor | null, post?: { author: string }) =>
  !!a && !!post && (post.author === a.id || post.author.toLowerCase() === a.email.toLowerCase());
const isSharedWith = (a: Actor | null, post?: { shared: string[] }) => !!a && !!post && post.shared.includes(a.email.toLowerCase());
/** A class discussion is read by the class's learners, its instructor and editors; one without a class by anyone signed in. */
const readsDiscussion: Rule = (a, r) => isSignedIn(a) && (r.courseWide === true || isEditor(a) || hostOrAdmin(a, r) || enrolledIn(a, r));
/** Spec: a private post is read only by its author, the addresses it is shared with, the class instructor and admins. */
const readsPost: Rule = (a, r) => !r.post?.private || isAuthorOf(a, r.post) || isSharedWith(a, r.post) || hostOrAdmin(a, r);
const authorOrAdmin: Rule = (a, r) => isAuthorOf(a, r.post) || isAdmin(a);
const activeSurvey: Rule = (_a, r) => r.survey?.active === true;

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
  // Public catalogue
  'content.read': everyone,
  'course.list': everyone,
  'lesson.list': everyone,
  // Content, courses, lessons, materials and files: everyone reads, editors write (spec section 6)
  'content.write': editors,
  /** Third-party head and foot scripts of a page run on every visitor's browser: admins only. */
  'content.setScripts': admins,
  'course.write': editors,
  'lesson.read': everyone,
  'lesson.write': editors,
  'material.list': everyone,
  'material.write': editors,
  /** Which answer of a quiz or exam question is correct: editors, who write them. */
  'material.readAnswers': editors,
  /** Spec: admins see exam settings and the Fill Answers helper. */
  'material.examAnswers': admins,
  'file.read': everyone,
  'file.write': editors,
  'enrollment.listOwn': signedIn,
  'enrollment.view': (a, r) => isSelf(a, r.user),
  // Classes, enrolment, progress and certificates (issue 5)
  'class.list': everyone,
  'class.listHosted': signedIn,
  'class.create': mayHostCourse,
  'class.update': hostOrAdmin,
  'class.remove': hostOrAdmin,
  /** Making someone other than oneself the instructor of a class. */
  'class.assignInstructor': admins,
  /** The participant table: the class's instructor, admins and the learners enrolled in the class. */
  'class.viewParticipants': (a, r) => hostOrAdmin(a, r) || enrolledIn(a, r),
  /** Participants' email, registration date, last activity and lesson count. */
  'class.viewParticipantDetails': hostOrAdmin,
  'enrollment.enroll': signedIn,
  'enrollment.listOf': selfOrEditor,
  /** Spec: editors edit or remove enrolments and add users to classes on others' profiles. */
  'enrollment.manage': editors,
  /** Views and quiz or exam results: only one's own, in a class one is enrolled in. */
  'enrollment.recordProgress': (a, r) => isSelf(a, r.user) && enrolledIn(a, r),
  'certificate.view': selfOnly,
  'certificate.verify': everyone,
  // Admin area
  'admin.area': admins,
  // Admin area (issue 7): translations, settings, navigation, reports, statistics, CRM and audit are admin-only.
  'admin.translations': admins,
  'admin.settings': admins,
  'admin.navigation': admins,
  'report.read': admins,
  'stats.read': admins,
  'crm.use': admins,
  'audit.read': admins,
  // Discussions and surveys (issue 6)
  /** A discussion (no post given), or one post in it; authors always read their own posts. */
  'comment.read': (a, r) => isAuthorOf(a, r.post) || (readsDiscussion(a, r) && readsPost(a, r)),
  'comment.create': readsDiscussion,
  /** Spec section 6: posts and replies are edited or deleted by their author or an admin. */
  'comment.update': authorOrAdmin,
  'comment.remove': authorOrAdmin,
  /** Active surveys are public; editors see every survey. */
  'survey.read': (a, r) => activeSurvey(a, r) || isEditor(a),
  'survey.list': everyone,
  'survey.answer': activeSurvey,
  'survey.write': editors,
  'survey.readResponses': admins,
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
