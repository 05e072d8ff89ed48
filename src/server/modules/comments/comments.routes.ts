/**
 * Discussions (spec section 7, "Comments"): a lesson's discussion in a class, posts and replies,
 * private posts shared with a list of addresses, and an author's posts for the account's comments panel.
 * Each handler: validate, load, authorize, act, present. Who reads what is decided post by post in the
 * policy, so nothing of a private post reaches a reader it is not meant for.
 */
import { sendNotice } from '../staff/notices.ts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { badRequest, HttpError, notFound, parse, unauthorized } from '../../errors.ts';
import { authorize, can, type Actor, type Resource } from '../../policy/policy.ts';
import { caller } from '../../auth.ts';
import { fromBool, fromJson } from '../../db/dialect.ts';
import { sanitizeRichText } from '../../adapters/sanitize.ts';
import { MSG } from '../../../domain/messages.ts';
import {
  CommentGetSchema,
  CommentListSchema,
  CommentParentSchema,
  CommentRemoveSchema,
  CommentSaveSchema,
  ReplyRemoveSchema,
  ReplySaveSchema,
  type CommentSave,
} from '../../../domain/validation.ts';
import { findUserByEmail, findUserById, findUserByIdOrEmail, type UserRow } from '../users/users.repository.ts';
import { findClass, findClasses, type ClassRow } from '../classes/classes.repository.ts';
import { keptClass } from '../classes/kept-classes.ts';
import { courseTitles } from '../courses/courses.repository.ts';
import { enrolledClassIds, enrollmentId, findEnrollment } from '../enrollment/enrollment.repository.ts';
import {
  discussionPosts,
  findComment,
  findCommentByClientId,
  findReply,
  findReplyByClientId,
  insertComment,
  insertReply,
  postsByAuthor,
  removeComment,
  removeReply,
  repliesOf,
  replyCounts,
  resolveParent,
  updateComment,
  updateReply,
  type CommentRow,
  type ReplyRow,
} from './comments.repository.ts';
import { presentComment, presentReply, type AuthorCommentRecord, type CommentRecord } from './comments.presenter.ts';

/** Posts, edits and replies one user may send per minute (then 429). */
export const POSTS_PER_MINUTE = 20;
const MINUTE = 60_000;

const postOf = (r: CommentRow): NonNullable<Resource['post']> => ({
  author: r.author,
  private: r.access === 'private',
  shared: fromJson<string[]>(r.shared, []),
});
const replyPost = (r: ReplyRow): NonNullable<Resource['post']> => ({ author: r.author, private: false, shared: [] });
const nameOf = (u: UserRow) => `${u.firstname} ${u.lastname}`.trim();

/** A sanitised body with no text and no picture or video is empty (e.g. one that was only a script). */
function cleanBody(html: string): string {
  const clean = sanitizeRichText(html);
  const text = clean
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();
  if (!text && !/<(img|iframe)\b/i.test(clean)) throw badRequest(MSG.postEmpty, { body: MSG.postEmpty });
  return clean;
}

export function commentsRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;

  /** A discussion's class and what the policy needs to know of it for this actor. */
  async function classResource(actor: Actor | null, context: string | null): Promise<{ cls?: ClassRow; resource: Resource }> {
    if (context === null) return { resource: { courseWide: true } };
    // The kept classes answer at once; one not among them yet (just made in another process) is read.
    const cls = (await keptClass(ctx, context)) ?? (await findClass(db, context));
    const enrolled = !!actor && !!cls && !!(await findEnrollment(db, enrollmentId(actor.id, cls.id)));
    // A discussion whose class is gone is read by authors, editors and admins only.
    return { cls, resource: { class: cls ?? { instructor: null }, enrolled } };
  }

  /** The same for a discussion being opened or posted to: an unknown class is a 404. */
  async function discussionOf(actor: Actor | null, context: string | null) {
    const d = await classResource(actor, context);
    if (context !== null && !d.cls) throw notFound(MSG.classNotFound);
    return d;
  }

  /** The names a user's posts carry as author: the user id, and the email of older records. */
  async function authorNames(author: string): Promise<string[]> {
    const user = author.includes('@') ? await findUserByEmail(db, author) : await findUserById(db, author);
    return user ? [user.id, user.email] : [author.toLowerCase()];
  }
  const isBy = (r: { author: string }, names: string[]) => names.some((n) => n.toLowerCase() === r.author.toLowerCase());

  async function limitPosting(actor: Actor) {
    if (!(await ctx.limiter.hit(`post:user:${actor.id}`, POSTS_PER_MINUTE, MINUTE))) throw new HttpError(429, MSG.tooManyRequests);
  }

  async function present(
    actor: Actor | null,
    rows: CommentRow[],
    resource: Resource,
    known?: ReadonlyMap<string, readonly ReplyRow[]>,
  ): Promise<CommentRecord[]> {
    const replies =
      known ??
      (await repliesOf(
        db,
        rows.map((r) => r.id),
      ));
    return rows.map((r) => {
      const post = postOf(r);
      const thread = (replies.get(r.id) ?? []).map((rep) =>
        presentReply(rep, {
          update: can(actor, 'comment.update', { post: replyPost(rep) }),
          remove: can(actor, 'comment.remove', { post: replyPost(rep) }),
        }),
      );
      return presentComment(r, thread, {
        update: can(actor, 'comment.update', { post }),
        remove: can(actor, 'comment.remove', { post }),
        reply: can(actor, 'comment.create', resource),
      });
    });
  }

  /** A discussion's posts the actor may read, newest first, each with its replies. */
  async function listDiscussion(actor: Actor | null, parent: string, context: string | null, authors?: string[]) {
    const { resource } = await discussionOf(actor, context);
    authorize(actor, 'comment.read', resource);
    // The discussion as stored is the same for every reader (kept until a post or reply is written);
    // what each may read of it is decided here, every time.
    const stored = await ctx.figures.get('discussions', JSON.stringify([parent, context]), async () => {
      const posts = await discussionPosts(db, parent, context);
      return {
        posts,
        replies: await repliesOf(
          db,
          posts.map((p) => p.id),
        ),
      };
    });
    const rows = stored.posts
      .filter((r) => can(actor, 'comment.read', { ...resource, post: postOf(r) }))
      .filter((r) => !authors || isBy(r, authors));
    const records = await present(actor, rows, resource, stored.replies);
    // A removed post stays only as the head of replies that remain.
    return records.filter((r) => !r.removed || r.replies.length > 0);
  }

  /** An author's posts the actor may read, newest first, with course title, class name and reply count. */
  async function listByAuthor(actor: Actor, authors: string[]): Promise<AuthorCommentRecord[]> {
    const rows = await postsByAuthor(db, authors);
    const classIds = [...new Set(rows.map((r) => r.context).filter((c): c is string => !!c))];
    const courseIds = [...new Set(rows.map((r) => r.courseId).filter((c): c is string => !!c))];
    const [classes, courses, enrolled] = await Promise.all([
      findClasses(db, classIds),
      courseTitles(db, courseIds),
      enrolledClassIds(db, actor.id),
    ]);
    const classById = new Map(classes.map((c) => [c.id, c]));
    const mine = new Set(enrolled);
    // A post whose class is gone is read by its author, editors and admins only.
    const resourceOf = (r: CommentRow): Resource =>
      r.context ? { class: classById.get(r.context) ?? { instructor: null }, enrolled: mine.has(r.context) } : { courseWide: true };
    const visible = rows.filter((r) => can(actor, 'comment.read', { ...resourceOf(r), post: postOf(r) }));
    const counts = await replyCounts(
      db,
      visible.map((r) => r.id),
    );
    return visible.map((r) => {
      const post = postOf(r);
      const { replies: _replies, ...record } = presentComment(r, [], {
        update: can(actor, 'comment.update', { post }),
        remove: can(actor, 'comment.remove', { post }),
        reply: can(actor, 'comment.create', resourceOf(r)),
      });
      return {
        ...record,
        courseTitle: courses.find((c) => c.id === r.courseId)?.title ?? null,
        className: (r.context && classById.get(r.context)?.name) || null,
        replyCount: counts.get(r.id) ?? 0,
      };
    });
  }

  app.post('/app_comments/list', { config: { schema: { body: CommentListSchema }, action: 'comment.read' } }, async (req) => {
    const { parent, author, context } = parse(CommentListSchema, req.body);
    const { user, actor } = await caller(ctx, req);
    if (!user) throw unauthorized();
    if (parent) return listDiscussion(actor, parent, context ?? null, author ? await authorNames(author) : undefined);
    // Spec: with no parent, the current user's own posts; with an author, that author's (as far as the caller may read them).
    return listByAuthor(actor, author ? await authorNames(author) : [user.id, user.email]);
  });

  app.post(
    '/app_comments/get/:parent',
    {
      config: { schema: { body: CommentGetSchema, params: CommentParentSchema }, action: 'comment.read' },
    },
    async (req) => {
      const { parent } = parse(CommentParentSchema, req.params);
      const { context } = parse(CommentGetSchema, req.body);
      const { actor } = await caller(ctx, req);
      if (!actor) throw unauthorized();
      return listDiscussion(actor, parent, context ?? null);
    },
  );

  app.post('/app_comments/save', { config: { schema: { body: CommentSaveSchema }, action: 'comment.update' } }, async (req) => {
    const body = parse(CommentSaveSchema, req.body);
    const { user, actor } = await caller(ctx, req);
    if (!user) throw unauthorized();
    // A resend of a post made offline: the first send's post, not a second one (nor a second hit on the limit).
    const sent = !body._id && body.clientid ? await findCommentByClientId(db, user.id, body.clientid) : undefined;
    if (sent) return (await present(actor, [sent], (await classResource(actor, sent.context)).resource))[0];
    const existing = body._id ? await findComment(db, body._id) : undefined;
    if (body._id && !existing) throw notFound(MSG.postNotFound);
    // A reader who may not edit the post may still save it back unchanged with replies of their own
    // (the spec's form of replying): anything else of the post they change is refused.
    const threadOnly =
      !!existing &&
      !!body.replies?.length &&
      !can(actor, 'comment.update', { post: postOf(existing) }) &&
      cleanBody(body.body) === existing.body;
    if (existing && body.replies?.length) await checkReplies(actor, existing, body.replies);
    // A new post has no replies yet to edit or remove.
    if (!existing && body.replies?.some((r) => r._id)) throw notFound(MSG.replyNotFound);
    // Every reply body is checked before anything is written, so a bad one leaves the post as it was.
    for (const r of body.replies ?? []) if (!r.removed) cleanBody(r.body);
    await limitPosting(actor);
    if (!body.replies?.length) return existing ? editPost(actor, existing, body) : createPost(actor, user, body);
    const savedId = threadOnly
      ? existing!.id
      : existing
        ? (await editPost(actor, existing, body))._id
        : (await createPost(actor, user, body))._id;
    const post = (await findComment(db, savedId))!;
    await applyReplies(user, post, body.replies);
    const { resource } = await classResource(actor, post.context);
    return (await present(actor, [post], resource))[0];
  });

  type RepliesIn = NonNullable<CommentSave['replies']>;

  /** Every reply change of a save is allowed, or none is made: the same rules as saveReply and removeReply. */
  async function checkReplies(actor: Actor, post: CommentRow, replies: RepliesIn) {
    const { resource } = await classResource(actor, post.context);
    authorize(actor, 'comment.read', { ...resource, post: postOf(post) });
    for (const r of replies) {
      if (!r._id) {
        if (!r.removed) authorize(actor, 'comment.create', resource);
        continue;
      }
      const stored = await findReply(db, r._id);
      if (!stored || stored.commentId !== post.id) throw notFound(MSG.replyNotFound);
      if (r.removed) authorize(actor, 'comment.remove', { post: replyPost(stored) });
      else if (cleanBody(r.body) !== stored.body) authorize(actor, 'comment.update', { post: replyPost(stored) });
    }
  }

  /** Adds, edits and removes the replies a save carries, in one transaction; replies it leaves out stay. */
  async function applyReplies(user: UserRow, post: CommentRow, replies: RepliesIn) {
    await db.transaction().execute(async (trx) => {
      for (const r of replies) {
        if (!r._id) {
          if (r.removed) continue;
          await insertReply(trx, {
            commentId: post.id,
            author: user.id,
            authorname: nameOf(user),
            body: cleanBody(r.body),
            context: post.context,
            lang: r.lang ?? user.lang,
          });
          continue;
        }
        // Removed by someone else since the check: say so, and write none of this save's replies.
        const stored = await findReply(trx, r._id);
        if (!stored) throw notFound(MSG.replyNotFound);
        if (r.removed) await removeReply(trx, stored.id);
        else if (cleanBody(r.body) !== stored.body) await updateReply(trx, stored.id, cleanBody(r.body));
      }
    });
  }

  /** Spec: private or public access applies only in self-paced classes. */
  function refusePrivateOutsideSelfPaced(cls: ClassRow | null | undefined) {
    if (!cls || !fromBool(cls.selfpaced)) throw badRequest(MSG.privateSelfPacedOnly, { access: MSG.privateSelfPacedOnly });
  }

  async function createPost(actor: Actor, user: UserRow, body: CommentSave) {
    const parent = body.parent!;
    const { cls, resource } = await discussionOf(actor, body.context ?? null);
    authorize(actor, 'comment.create', resource);
    if (body.private) refusePrivateOutsideSelfPaced(cls);
    const lesson = await resolveParent(db, parent);
    if (cls && lesson && lesson.courseId !== cls.course) throw badRequest(MSG.classOtherCourse, { context: MSG.classOtherCourse });
    const row = await insertComment(db, {
      parent,
      context: cls?.id ?? null,
      author: user.id,
      authorname: nameOf(user),
      courseId: lesson?.courseId ?? null,
      lessonId: lesson?.lessonId ?? null,
      classId: cls?.id ?? null,
      body: cleanBody(body.body),
      subject: body.subject || null,
      access: body.private ? 'private' : null,
      shared: body.private ? (body.shareList ?? []) : [],
      clientid: body.clientid ?? null,
    });
    return (await present(actor, [row], resource))[0];
  }

  async function editPost(actor: Actor, row: CommentRow, body: CommentSave) {
    const before = postOf(row);
    authorize(actor, 'comment.update', { post: before });
    // A save that does not mention access or the share list keeps them: an edit never makes a private post public by omission.
    const isPrivate = body.private ?? before.private;
    if (isPrivate && !before.private) refusePrivateOutsideSelfPaced(row.context ? await findClass(db, row.context) : null);
    await updateComment(db, row.id, {
      body: cleanBody(body.body),
      subject: body.subject === undefined ? row.subject : body.subject || null,
      access: isPrivate ? 'private' : null,
      shared: isPrivate ? (body.shareList ?? before.shared) : [],
    });
    const { resource } = await classResource(actor, row.context);
    return (await present(actor, [(await findComment(db, row.id))!], resource))[0];
  }

  app.post('/app_comments/remove', { config: { schema: { body: CommentRemoveSchema }, action: 'comment.remove' } }, async (req) => {
    const { _id, author } = parse(CommentRemoveSchema, req.body);
    const { actor } = await caller(ctx, req);
    if (!actor) throw unauthorized();
    const row = await findComment(db, _id);
    // The author named must be the post's: a stale screen never removes a post other than the one it shows.
    if (!row || !isBy(row, await authorNames(author))) throw notFound(MSG.postNotFound);
    authorize(actor, 'comment.remove', { post: postOf(row) });
    await removeComment(db, row.id);
    return { ok: true };
  });

  app.post('/app_comments/saveReply', { config: { schema: { body: ReplySaveSchema }, action: 'comment.read' } }, async (req) => {
    const body = parse(ReplySaveSchema, req.body);
    const { user, actor } = await caller(ctx, req);
    if (!user) throw unauthorized();
    const post = await findComment(db, body.parent);
    if (!post) throw notFound(MSG.postNotFound);
    // Replying needs the post itself to be readable: no one replies to a private post they cannot see.
    const { resource } = await classResource(actor, post.context);
    authorize(actor, 'comment.read', { ...resource, post: postOf(post) });
    let reply: ReplyRow;
    if (body._id) {
      const existing = await findReply(db, body._id);
      if (!existing || existing.commentId !== post.id) throw notFound(MSG.replyNotFound);
      authorize(actor, 'comment.update', { post: replyPost(existing) });
      await limitPosting(actor);
      await updateReply(db, existing.id, cleanBody(body.body));
      reply = (await findReply(db, existing.id))!;
    } else {
      const sent = body.clientid ? await findReplyByClientId(db, user.id, body.clientid) : undefined;
      if (sent) {
        // A resend of a reply made offline: the first send's reply.
        reply = sent;
      } else {
        authorize(actor, 'comment.create', resource);
        await limitPosting(actor);
        reply = await insertReply(db, {
          commentId: post.id,
          author: user.id,
          authorname: nameOf(user),
          body: cleanBody(body.body),
          context: post.context,
          lang: body.lang ?? user.lang,
          clientid: body.clientid ?? null,
        });
        // The post's author hears of the reply (unless they turned that notice off, or replied themselves).
        if (post.author && post.author !== user.id && post.author.toLowerCase() !== user.email) {
          void (async () => {
            const author = await findUserByIdOrEmail(db, post.author);
            if (author) {
              await sendNotice(
                ctx,
                author.id,
                'reply',
                (base) => ({
                  author: nameOf(user),
                  post: String(post.subject ?? '').slice(0, 120),
                  posturl: `${base}/${(post.context ?? '').replace(/^\//, '')}`,
                }),
                req.log,
              );
            }
          })();
        }
      }
    }
    return presentReply(reply, {
      update: can(actor, 'comment.update', { post: replyPost(reply) }),
      remove: can(actor, 'comment.remove', { post: replyPost(reply) }),
    });
  });

  app.post('/app_comments/removeReply', { config: { schema: { body: ReplyRemoveSchema }, action: 'comment.remove' } }, async (req) => {
    const { _id } = parse(ReplyRemoveSchema, req.body);
    const { actor } = await caller(ctx, req);
    if (!actor) throw unauthorized();
    const reply = await findReply(db, _id);
    // A reply under a removed post stays in the thread under the "removed" marker, so its author may still take it back.
    if (!reply) throw notFound(MSG.replyNotFound);
    authorize(actor, 'comment.remove', { post: replyPost(reply) });
    await removeReply(db, reply.id);
    return { ok: true };
  });
}
