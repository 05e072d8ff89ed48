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
  /** An account; its roles matter to the field rules (an admin's e-mail is the key to the site). */
  user?: { id: string; roles?: string[] };
  class?: { instructor: string | null };
  /** The actor is enrolled in the class in question. */
  enrolled?: boolean;
  /** The course a class would be created for, and what the actor holds for it (spec section 6). */
  classCourse?: { active: boolean; sameLanguage: boolean; certified: boolean; openToAll: boolean };
  /** A discussion post or reply: who wrote it, whether it is private and with whom it is shared. */
  post?: { author: string; private: boolean; shared: string[] };
  /** The discussion belongs to no class (a lesson's course-wide discussion). */
  courseWide?: boolean;
  /** A survey, open to everyone while Active. */
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
const targetIsAdmin = (r: Resource) => !!r.user?.roles?.includes('admin');
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

// Discussions and surveys.
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
  'session.setLanguage': everyone,
  'session.setCookieOptin': signedIn,
  // Accounts
  'account.register': visitorsOnly,
  'account.resetPassword': everyone,
  'account.changePassword': selfOnly,
  'user.read': selfOrEditor,
  'user.update': selfOrEditor,
  'user.setRoles': admins,
  /**
   * The e-mail address is where a password reset goes, so changing someone else's is taking over their
   * account: only admins may, and nobody but an admin changes that admin's own address.
   */
  'user.changeEmail': (a, r) => isSelf(a, r.user) || (isAdmin(a) && !targetIsAdmin(r)),
  'user.list': admins,
  /** The paged user table: admins and editors (who may read any account already). */
  'user.page': editors,
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
  // Classes, enrolment, progress and certificates
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
  /** The paged participant table, with e-mail, activity and certificate flags: the class's instructor and admins. */
  'class.pageParticipants': hostOrAdmin,
  'enrollment.enroll': signedIn,
  'enrollment.listOf': selfOrEditor,
  /** Spec: editors edit or remove enrolments and add users to classes on others' profiles. */
  'enrollment.manage': editors,
  /** Views and quiz or exam results: only one's own, in a class one is enrolled in. */
  'enrollment.recordProgress': (a, r) => isSelf(a, r.user) && enrolledIn(a, r),
  'certificate.view': selfOnly,
  'certificate.verify': everyone,
  // Admin area
  // Admin area: translations, settings, navigation, reports, statistics, CRM and audit are admin-only.
  'admin.translations': admins,
  'admin.settings': admins,
  'admin.navigation': admins,
  'report.read': admins,
  'stats.read': admins,
  'crm.use': admins,
  'audit.read': admins,
  'api.describe': admins,
  // Discussions and surveys
  // Staff tables, content history and language copies.
  /** The classes table of the admin area (every class with its code). */
  'class.table': admins,
  /** The files table: editors manage files. */
  'file.table': editors,
  /** The enrolments table: editors edit and remove enrolments. */
  'enrollment.table': editors,
  'history.read': editors,
  'history.restore': editors,
  'course.copy': editors,
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
  // Accounts: e-mail confirmation, direct e-mail changes, private groups and their registration codes.
  /** The confirmation link itself proves the new address: whoever opens it, signed in or not. */
  'account.confirmEmail': everyone,
  /** An admin moves a non-admin's address at once (both addresses are told); anyone else's change waits for the new address to confirm. */
  'user.changeEmailDirectly': (a, r) => isAdmin(a) && !isSelf(a, r.user) && !targetIsAdmin(r),
  /** A private group's details: its learners, its instructor, editors and admins. */
  'class.viewPrivate': (a, r) => isEditor(a) || hostOrAdmin(a, r) || enrolledIn(a, r),
  /** A private group's registration code: its instructor, editors and admins; never its learners. */
  'class.viewRegcode': (a, r) => isEditor(a) || hostOrAdmin(a, r),
  // A learner's own data: only the account holder sees, downloads or deletes it (admins remove users through user.remove).
  'privacy.status': selfOnly,
  'privacy.export': selfOnly,
  'privacy.download': selfOnly,
  'privacy.deleteAccount': selfOnly,
  // Sessions and two-factor sign-in
  /** One's own sessions: list them, end one or all others. */
  'session.manage': selfOnly,
  /** Ending every session of an account (a stolen laptop, a leaving colleague). */
  'session.endAllOfUser': admins,
  /** Setting up, checking and turning off one's own two-factor sign-in. */
  'twofactor.manage': selfOnly,
  /** An admin turns off a user's two-factor sign-in (phone and recovery codes lost); audited. */
  'twofactor.resetOfUser': admins,
  /** The second sign-in step is open to anyone holding a pending sign-in. */
  'twofactor.signIn': everyone,
  // Exam attempts, extra attempts and the gradebook.
  /** Starting, saving and submitting one's own exam attempts, in a class one is enrolled in. */
  'exam.attempt': (a, r) => isSelf(a, r.user) && enrolledIn(a, r),
  /** One more attempt for a learner: the class's instructor and admins (audited). */
  'exam.grantAttempt': hostOrAdmin,
  /** A learner's attempts with the questions, their answers and the right ones. */
  'exam.reviewAttempts': hostOrAdmin,
  'class.gradebook': hostOrAdmin,
  /** Every class of a course at once. */
  'course.gradebook': admins,
  // Staff at scale: import, bulk actions, suspension, messages and notices.
  /** Creating accounts from a file (with roles): admins. */
  'user.import': admins,
  /** Enrolling many users in a class, removing them from it, or writing to them: editors (spec section 6). */
  'user.bulk': editors,
  /** Suspending or reactivating an account: admins, never their own. */
  'user.suspend': (a, r) => isAdmin(a) && !isSelf(a, r.user),
  /** Writing to a class's learners: its instructor, editors and admins. */
  'message.class': (a, r) => isEditor(a) || hostOrAdmin(a, r),
  /** One's own notice settings. */
  'notice.manage': selfOnly,
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
